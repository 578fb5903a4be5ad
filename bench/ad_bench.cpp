// `framelab bench ad`: the full Jacobian of a smooth 3D and a smooth 12D field
// (trigonometric and exponential terms, bench/cases/ad_cases.hpp) by
//   hand-written derivative code,
//   n evaluations with dual<double> (jacobian_by_columns, the article's method),
//   one evaluation with dual_n<double, n> (jacobian),
//   Eigen's AutoDiffScalar with a fixed-size derivative vector,
// and one plain evaluation of the field as the baseline, all in the same run.
// The engine's ratio is time(plain) / time(method): its inverse is the cost of a
// Jacobian in plain evaluations. Target: dual_n within 1.5x of hand-written, faster than Eigen.
//
// Eigen is a benchmark-only dependency (libeigen3-dev): only this file includes it.
#include <eigen3/Eigen/Core>
#include <eigen3/unsupported/Eigen/AutoDiff>

#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/ad_cases.hpp"

namespace framelab::bench {

namespace {

constexpr const char* method_plain = "plain evaluation";
constexpr const char* method_hand = "hand-written";
constexpr const char* method_dual = "dual, n passes";
constexpr const char* method_dual_n = "dual_n, 1 pass";
constexpr const char* method_eigen = "Eigen AutoDiffScalar";

// Eigen's forward mode: x_j seeded with the unit derivative vector e_j, one evaluation;
// the Jacobian copied out like framelab::jacobian does, so both build the same matrix.
template <class Field>
double run_eigen(const std::vector<point<Field::n>>& points) {
  constexpr int n = static_cast<int>(Field::n);
  using scalar = Eigen::AutoDiffScalar<Eigen::Matrix<double, n, 1>>;
  double checksum = 0.0;
  for (const auto& p : points) {
    std::array<scalar, Field::n> x;
    for (int j = 0; j < n; ++j) x[static_cast<std::size_t>(j)] = scalar(p[static_cast<std::size_t>(j)], n, j);
    const std::array<scalar, Field::n> v = Field::value(x);
    matrix<Field::n> J;
    for (std::size_t i = 0; i < Field::n; ++i) {
      for (std::size_t j = 0; j < Field::n; ++j) J[i][j] = v[i].derivatives()[static_cast<int>(j)];
    }
    checksum += sum_of<Field::n>(J);
  }
  return checksum;
}

// Each method's loop is its own function (chosen once per case, called through a pointer), so
// the compiler optimises each alone, as a program computing one kind of Jacobian would be.
template <class Field>
using run_function = double (*)(const std::vector<point<Field::n>>&);

template <class Field>
run_function<Field> method_function(const std::string& method) {
  if (method == method_plain) return &run_plain<Field>;
  if (method == method_hand) return &run_hand_written<Field>;
  if (method == method_dual) return &run_dual_columns<Field>;
  if (method == method_dual_n) return &run_dual_n<Field>;
  return &run_eigen<Field>;
}

template <class Field>
bench_case make_case(const std::string& method, std::size_t count, bool quick) {
  bench_case c;
  c.name = std::string(Field::name) + " field, " + method;
  c.params = {{"method", method}, {"field", Field::name}, {"n", std::to_string(Field::n)}};
  c.unit = "Jacobian";
  if (quick) {
    c.timing.min_samples = 3;
    c.timing.max_samples = 7;
    c.timing.max_case_seconds = 0.05;
  }
  c.cost = double(Field::n) * (method == method_dual ? double(Field::n) : 1.0);
  c.run = [run = method_function<Field>(method), count, plain = method == method_plain](case_context& ctx) {
    const auto points = make_points<Field::n>(count);
    // the sum of every Jacobian entry over the points: equal for all methods (a check, untimed)
    if (!plain) ctx.metric("jacobian_sum", run(points));
    ctx.measure(static_cast<double>(count), [&] { keep(run(points)); });
  };
  return c;
}

std::vector<bench_case> ad_cases(const option_values& o) {
  const auto count = static_cast<std::size_t>(o.integer("points"));
  const bool quick = o.flag("quick");
  std::vector<bench_case> cases;
  for (const auto& field : o.choices("fields")) {
    for (const char* method : {method_plain, method_hand, method_dual, method_dual_n, method_eigen}) {
      if (field == "3D") cases.push_back(make_case<field3>(method, count, quick));
      if (field == "12D") cases.push_back(make_case<field12>(method, count, quick));
    }
  }
  return cases;
}

const int ad_bench_registered = register_benchmark(
    {.name = "ad",
     .description = "Full Jacobian of a 3D and a 12D field: hand-written, dual (n passes), dual_n (1 pass), Eigen",
     .options = {{.name = "fields",
                  .kind = option_kind::choice_list,
                  .description = "Which fields: 3D (three trig/exp components), 12D (12 coupled oscillators)",
                  .default_value = "all",
                  .choices = {"3D", "12D"}},
                 {.name = "points",
                  .kind = option_kind::integer,
                  .description = "Points per timed call (coordinates uniform in [-2, 2])",
                  .default_value = "1024",
                  .min = 1,
                  .max = 1000000},
                 {.name = "quick", .kind = option_kind::flag, .description = "Fewer samples per case"}},
     .cases = &ad_cases,
     .compare = {.key = "method", .baseline = method_plain},
     .plot_x = "n",
     .notes = "Time per Jacobian of each method against one plain evaluation of the same field, measured in the "
              "same run; the ratio is time(plain) / time(method), so 1 / ratio is the Jacobian's cost in plain "
              "evaluations. dual, n passes is the article's method (one evaluation per column); dual_n carries "
              "all n directions through one evaluation; Eigen's AutoDiffScalar does the same with expression "
              "templates. Every method returns the same Jacobian (tests/bench/cases/ad_cases_test.cpp). Target: "
              "dual_n within 1.5x of hand-written code and faster than Eigen."});

}  // namespace

}  // namespace framelab::bench
