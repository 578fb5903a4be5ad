// Endurance: every scene runs headless for 100,000 steps of the default 1/120 s
// (about 14 simulated minutes, longer than any lecture demo); every channel must stay
// finite, the scene must not fault, and every quantity the scene declares conserved
// (scene::conserved) must stay within its declared tolerance at every step.
// Release only (label "endurance"): under ASan it would take minutes.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"

namespace framelab {
namespace {

constexpr long long endurance_steps = 100'000;

struct soak_case {
  std::string scene;
  std::vector<std::pair<std::string, param_value>> sets;  // over the defaults
  std::string label;
};

std::size_t channel_index(const simulation& sim, const std::string& name) {
  const auto& defs = sim.channel_defs();
  for (std::size_t i = 0; i < defs.size(); ++i)
    if (defs[i].name == name) return i;
  ADD_FAILURE() << sim.entry().info.name << ": declares conserved channel '" << name << "' it does not have";
  return 0;
}

struct conserved_check {
  conserved_quantity quantity;
  std::size_t channel = 0;
  std::size_t reference = 0;
  bool against_start = false;
  double start = 0.0;
  double worst = 0.0;  // largest |channel - reference| / max(|reference|, 1) seen
};

class endurance : public testing::TestWithParam<soak_case> {};

TEST_P(endurance, channels_stay_finite_and_conserved_quantities_within_tolerance) {
  const soak_case& c = GetParam();
  const scene_entry* entry = find_scene(c.scene);
  ASSERT_NE(entry, nullptr) << c.scene;
  param_values values = param_values::defaults(entry->create()->parameters());
  for (const auto& [key, value] : c.sets) values.set(key, value);
  simulation sim;
  ASSERT_FALSE(sim.load(*entry, values));

  std::vector<conserved_check> checks;
  for (const conserved_quantity& q : sim.current().conserved()) {
    conserved_check check{q, channel_index(sim, q.channel), 0, q.reference.empty()};
    if (!check.against_start) check.reference = channel_index(sim, q.reference);
    check.start = sim.channel_values()[check.channel];
    checks.push_back(check);
  }
  if (c.label == "conserving") {
    ASSERT_FALSE(checks.empty()) << c.scene << " declares nothing conserved";
  }

  for (long long step = 1; step <= endurance_steps; ++step) {
    sim.single_step();
    ASSERT_FALSE(sim.fault()) << c.scene << " at step " << step << ": " << *sim.fault();
    const std::vector<double>& v = sim.channel_values();
    for (std::size_t i = 0; i < v.size(); ++i) {
      ASSERT_TRUE(std::isfinite(v[i])) << c.scene << ": " << sim.channel_defs()[i].name << " = " << v[i]
                                       << " at step " << step;
    }
    for (conserved_check& check : checks) {
      const double reference = check.against_start ? check.start : v[check.reference];
      const double deviation = std::abs(v[check.channel] - reference) / std::max(std::abs(reference), 1.0);
      check.worst = std::max(check.worst, deviation);
    }
  }
  EXPECT_EQ(sim.step_count(), endurance_steps);
  for (const conserved_check& check : checks) {
    EXPECT_LE(check.worst, check.quantity.tolerance)
        << c.scene << ": " << check.quantity.channel << " against "
        << (check.against_start ? "its start value" : check.quantity.reference);
    std::printf("%-14s %-16s worst relative deviation %.3g (tolerance %.3g)\n", c.scene.c_str(),
                check.quantity.channel.c_str(), check.worst, check.quantity.tolerance);
  }
}

std::vector<soak_case> soak_cases() {
  std::vector<soak_case> cases;
  for (const auto& entry : registered_scenes()) cases.push_back({entry.info.name, {}, "defaults"});
  // Settings under which a scene conserves something it does not at its defaults.
  cases.push_back({"collisions", {{"restitution", 1.0}, {"balls", std::int64_t{100}}}, "conserving"});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(every_scene, endurance, testing::ValuesIn(soak_cases()),
                         [](const testing::TestParamInfo<soak_case>& info) {
                           std::string name = info.param.scene + "_" + info.param.label;
                           for (char& ch : name) {
                             if (ch == '-') ch = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace framelab
