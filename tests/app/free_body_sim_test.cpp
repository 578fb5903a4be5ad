// The issue's free-body experiment through `framelab sim` (run_sim), at small
// scale: the CSV alone is analysed, with the body-frame omega recomputed from the
// quaternion and world omega columns, and compared to the Jacobi elliptic flip
// period. Bad input exits 2 with a message naming the parameter, writing nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "app/sim_command.hpp"
#include "core/rotation/free_rotation_reference.hpp"

namespace framelab {
namespace {

constexpr double invariant_drift_tol = 1e-9;  // the issue's target for midpoint
constexpr double flip_period_tol = 5e-4;      // 0.05 %

struct csv_table {
  std::map<std::string, std::size_t> column;
  std::vector<std::vector<double>> rows;
  double at(std::size_t row, const std::string& name) const { return rows[row][column.at(name)]; }
};

csv_table parse(const std::string& text) {
  csv_table t;
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);
  std::istringstream header(line);
  std::size_t i = 0;
  for (std::string name; std::getline(header, name, ',');) t.column[name] = i++;
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) row.push_back(std::stod(cell));
    t.rows.push_back(row);
  }
  return t;
}

sim_options experiment(std::vector<std::string> sets, long long steps) {
  sim_options o;
  o.scene = "free-body";
  o.sets = std::move(sets);
  o.dt = 0.0166667;
  o.steps = steps;
  return o;
}

csv_table run(const sim_options& o) {
  std::ostringstream out, err;
  EXPECT_EQ(run_sim(o, out, err), 0) << err.str();
  return parse(out.str());
}

TEST(free_body_sim, the_issue_experiment_keeps_the_invariants_and_the_flip_period) {
  const csv_table t = run(experiment({"inertia=1,2,3", "omega=0.01,5,0.01", "integrator=midpoint"}, 6000));  // 100 s
  ASSERT_EQ(t.rows.size(), 6001u);
  // E = 1/2 omega . L and |L| from the world-frame columns.
  const auto energy = [&](std::size_t r) {
    return 0.5 * (t.at(r, "wx") * t.at(r, "Lx") + t.at(r, "wy") * t.at(r, "Ly") + t.at(r, "wz") * t.at(r, "Lz"));
  };
  const auto l_norm = [&](std::size_t r) { return std::hypot(t.at(r, "Lx"), t.at(r, "Ly"), t.at(r, "Lz")); };
  double worst_e = 0.0, worst_l = 0.0;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    worst_e = std::max(worst_e, std::abs(energy(r) / energy(0) - 1.0));
    worst_l = std::max(worst_l, std::abs(l_norm(r) / l_norm(0) - 1.0));
  }
  EXPECT_NEAR(t.at(t.rows.size() - 1, "energy"), energy(t.rows.size() - 1), 1e-12 * energy(0));
  // omega in the body frame, w_b = q* w q, from the quaternion columns.
  std::vector<double> crossings;
  double prev = 0.0;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const glm::dquat q(t.at(r, "qw"), t.at(r, "qx"), t.at(r, "qy"), t.at(r, "qz"));
    const glm::dvec3 w(t.at(r, "wx"), t.at(r, "wy"), t.at(r, "wz"));
    const double wb = (glm::conjugate(q) * w).y;
    if (r > 0 && (wb < 0.0) != (prev < 0.0)) {
      const double t0 = t.at(r - 1, "t"), t1 = t.at(r, "t");
      crossings.push_back(t0 + (t1 - t0) * prev / (prev - wb));
    }
    prev = wb;
  }
  ASSERT_GE(crossings.size(), 10u);
  const double interval = (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
  const double exact = asymmetric_top_reference<double>({1.0, 2.0, 3.0}, {0.01, 5.0, 0.01}).flip_interval();
  std::printf("  CSV, 100 s: worst dE/E %.2e, worst d|L|/|L| %.2e, %zu flips every %.6f s vs elliptic %.6f s (%.2e)\n",
              worst_e, worst_l, crossings.size(), interval, exact, interval / exact - 1.0);
  EXPECT_LE(worst_e, invariant_drift_tol);
  EXPECT_LE(worst_l, invariant_drift_tol);
  EXPECT_NEAR(interval / exact, 1.0, flip_period_tol);
}

TEST(free_body_sim, gyro_off_omega_never_moves) {
  const csv_table t = run(experiment({"gyro=false", "omega=0.3,2,0.4", "integrator=explicit-euler"}, 600));
  for (const char* w : {"wx", "wy", "wz"}) {
    EXPECT_NEAR(t.at(t.rows.size() - 1, w), t.at(0, w), 1e-12) << w;
  }
}

TEST(free_body_sim, explicit_euler_with_gyro_gains_energy) {
  const csv_table t = run(experiment({"integrator=explicit-euler", "gyro=true"}, 1200));
  EXPECT_GT(t.at(t.rows.size() - 1, "energy") / t.at(0, "energy"), 1.01);
  for (std::size_t r = 1; r < t.rows.size(); ++r) {
    ASSERT_GE(t.at(r, "energy"), t.at(r - 1, "energy") * (1.0 - 1e-14)) << "row " << r;
  }
}

TEST(free_body_sim, every_integrator_and_exponential_runs) {
  for (const char* integrator : {"explicit-euler", "magnus", "midpoint", "rk4"}) {
    for (const char* exp : {"exact", "approx"}) {
      const csv_table t =
          run(experiment({std::string("integrator=") + integrator, std::string("exp=") + exp, "magnus_terms=3"}, 120));
      EXPECT_EQ(t.rows.size(), 121u) << integrator << " " << exp;
    }
  }
}

TEST(free_body_sim, bad_input_exits_two_naming_the_parameter) {
  struct bad_case {
    std::string set, expect;
  };
  for (const bad_case& c :
       {bad_case{"inertia=0,1,1", "inertia"}, bad_case{"inertia=1,1,3", "triangle inequality"},
        bad_case{"inertia=-1,2,2", "inertia"}, bad_case{"omega=1,2", "omega"}, bad_case{"inertia=nan,1,1", "inertia"},
        bad_case{"omega=1,nan,2", "omega"}, bad_case{"integrator=verlet", "integrator"},
        bad_case{"magnus_terms=4", "magnus_terms"}, bad_case{"exp=fast", "exp"}, bad_case{"gyro=maybe", "gyro"}}) {
    std::ostringstream out, err;
    EXPECT_EQ(run_sim(experiment({c.set}, 10), out, err), 2) << c.set;
    EXPECT_NE(err.str().find(c.expect), std::string::npos) << c.set << ": " << err.str();
    EXPECT_TRUE(out.str().empty()) << c.set;
  }
  sim_options zero_dt = experiment({}, 10);
  zero_dt.dt = 0.0;
  std::ostringstream out, err;
  EXPECT_EQ(run_sim(zero_dt, out, err), 2);
  EXPECT_NE(err.str().find("dt"), std::string::npos) << err.str();
}

TEST(free_body_sim, the_other_spinning_scenes_run_headless) {
  for (const char* scene : {"precession", "tennis-racket", "gyroscope"}) {
    sim_options o;
    o.scene = scene;
    o.steps = 120;
    std::ostringstream out, err;
    EXPECT_EQ(run_sim(o, out, err), 0) << scene << ": " << err.str();
  }
  sim_options steady;
  steady.scene = "gyroscope";
  steady.sets = {"start=steady", "spin=1"};
  std::ostringstream out, err;
  EXPECT_EQ(run_sim(steady, out, err), 2);
  EXPECT_NE(err.str().find("start"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace framelab
