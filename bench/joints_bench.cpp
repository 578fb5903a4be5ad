// `framelab bench joints`: forward dynamics of kinematic trees (core/dynamics), the O(n)
// articulated-body algorithm against the mass-matrix route (composite rigid body for H,
// Newton-Euler for the bias, Cholesky for H qdd = tau - b: O(n^2) to O(n^3)) on the same
// trees in the same run, in ns per joint per evaluation:
//   chain   n hinges, each hanging from the one before (depth n: the mass matrix is dense)
//   tree    n joints, each under a random earlier one (hinges, sliders, balls)
// ratio = time(mass matrix) / time(articulated body): above 1 the O(n) algorithm is faster,
// and the sizes where it passes 1 are where the two cross. Issue 29's target: at most 150 ns
// per joint on one core for the chain of 10,000 links.
#include <random>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/joint_trees.hpp"
#include "core/dynamics/composite_rigid_body.hpp"

namespace framelab::bench {

namespace {

using namespace framelab::dynamics;

struct tree_case_data {
  tree_model model;
  joint_state state;
  std::vector<double> tau;
};

tree_case_data make_tree(const std::string& shape, std::size_t n) {
  std::mt19937 rng(29);
  tree_model model = dynamics::sample::random_tree(rng, static_cast<int>(n), shape == "chain", shape != "chain");
  joint_state state = dynamics::sample::random_state(rng, model);
  std::vector<double> tau = dynamics::sample::random_vector(rng, model.v_size());
  return {std::move(model), std::move(state), std::move(tau)};
}

std::vector<bench_case> joints_cases(const option_values& o) {
  std::vector<bench_case> cases;
  const auto matrix_max = std::size_t(o.integer("matrix-max"));
  const auto add = [&](const std::string& shape, std::size_t n, const std::string& method) {
    bench_case c;
    c.name = method + ", " + shape + ", " + std::to_string(n) + " joints";
    c.params = {{"method", method}, {"shape", shape}, {"joints", std::to_string(n)}};
    c.unit = "joint";
    c.cost = method == "mass matrix" ? double(n) * double(n) * double(n) / 3e4 + double(n) : double(n);
    c.run = [shape, n, method](case_context& ctx) {
      const tree_case_data t = make_tree(shape, n);
      tree_data d(t.model);
      if (method == "articulated body") {
        ctx.measure(double(n), [&] {
          forward_dynamics(t.model, d, t.state.q, t.state.qd, t.tau);
          keep(d.qdd.back());
        });
      } else {
        ctx.measure(double(n), [&] {
          const std::vector<double> qdd = forward_dynamics_by_mass_matrix(t.model, d, t.state.q, t.state.qd, t.tau);
          keep(qdd.back());
        });
      }
    };
    cases.push_back(std::move(c));
  };
  for (const char* shape : {"chain", "tree"}) {
    for (const long long n_ll : o.integers(shape)) {
      const auto n = std::size_t(n_ll);
      if (n <= matrix_max) add(shape, n, "mass matrix");
      add(shape, n, "articulated body");
    }
  }
  return cases;
}

void adjust_joints_defaults(option_values& o) {
  if (!o.flag("quick")) return;
  if (!o.given("chain")) o.set_default("chain", "10,100,1000");
  if (!o.given("tree")) o.set_default("tree", "100,10000");
  if (!o.given("matrix-max")) o.set_default("matrix-max", "300");
}

const int joints_bench_registered = register_benchmark(
    {.name = "joints",
     .description = "Forward dynamics of joint trees: the articulated-body algorithm against the mass-matrix route",
     .options = {{.name = "chain",
                  .kind = option_kind::integer_list,
                  .description = "Links in the hinge chains",
                  .default_value = "3,10,30,100,300,1000,10000",
                  .min = 1,
                  .max = 1000000},
                 {.name = "tree",
                  .kind = option_kind::integer_list,
                  .description = "Joints in the random trees (hinges, sliders, balls)",
                  .default_value = "10,100,1000,100000",
                  .min = 1,
                  .max = 1000000,
                  .slice_max = 10000},
                 {.name = "matrix-max",
                  .kind = option_kind::integer,
                  .description = "The largest tree the mass-matrix route (O(n^3)) is timed on",
                  .default_value = "1000",
                  .min = 0,
                  .max = 5000},
                 {.name = "quick", .kind = option_kind::flag, .description = "Smaller trees, fewer samples"}},
     .cases = &joints_cases,
     .adjust_defaults = &adjust_joints_defaults,
     .compare = {.key = "method", .baseline = "mass matrix"},
     .plot_x = "joints",
     .plot_series = "shape",
     .notes = "ns per joint per forward-dynamics evaluation. ratio = time(mass matrix) / time(articulated body): "
              "above 1 the O(n) articulated-body algorithm is faster; the size where the ratio passes 1 is where "
              "the two cross. Issue 29's target: <= 150 ns per joint on one core for the 10,000-link chain."});

}  // namespace

}  // namespace framelab::bench
