// Each channel is declared once, with its getter (scenes/scene.hpp): the names the CSV
// header and the Plots panel show and the values under them cannot drift apart. For
// every registered scene at its defaults: one value per declaration, each name once,
// every getter present and finite, and what the simulation recorded is what the
// declared getter reads.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"

namespace framelab {
namespace {

constexpr int steps = 300;  // 2.5 s at the default dt: the crash scene's car reaches its wall

simulation run_defaults(const scene_entry& entry) {
  simulation sim;
  const auto defs = entry.create()->parameters();
  EXPECT_FALSE(sim.load(entry, param_values::defaults(defs)));
  for (int i = 0; i < steps; ++i) sim.single_step();
  return sim;
}

TEST(channels, every_scene_declares_each_channel_once_with_its_getter) {
  for (const auto& entry : registered_scenes()) {
    SCOPED_TRACE(entry.info.name);
    const simulation sim = run_defaults(entry);
    ASSERT_FALSE(sim.fault()) << *sim.fault();
    const auto& defs = sim.channel_defs();
    ASSERT_FALSE(defs.empty());
    EXPECT_EQ(sim.channel_values().size(), defs.size());
    std::set<std::string> names;
    for (std::size_t i = 0; i < defs.size(); ++i) {
      const channel_def& c = defs[i];
      EXPECT_FALSE(c.name.empty()) << "channel " << i;
      EXPECT_TRUE(names.insert(c.name).second) << c.name << " declared twice";
      EXPECT_FALSE(c.description.empty()) << c.name;
      ASSERT_TRUE(c.read) << c.name << " has no getter";
      EXPECT_EQ(sim.history().values(i).size(), sim.history().size()) << c.name;
      EXPECT_TRUE(std::isfinite(sim.channel_values()[i])) << c.name;
    }
  }
}

// The recorded value of each channel is its own getter's, bit for bit (a getter reading
// another channel's quantity, or a stale copy, shows up here).
TEST(channels, the_simulation_records_what_each_getter_reads) {
  for (const auto& entry : registered_scenes()) {
    SCOPED_TRACE(entry.info.name);
    const simulation sim = run_defaults(entry);
    const auto& defs = sim.channel_defs();
    for (std::size_t i = 0; i < defs.size(); ++i) {
      if (defs[i].measured) continue;  // a wall-clock time
      const double value = defs[i].read();
      EXPECT_TRUE(value == sim.channel_values()[i] || (std::isnan(value) && std::isnan(sim.channel_values()[i])))
          << defs[i].name << ": getter " << value << ", recorded " << sim.channel_values()[i];
    }
  }
}

// The getters read the scene's live state: a scene's channels are not all frozen at
// their t = 0 values after it ran.
TEST(channels, getters_follow_the_running_scene) {
  for (const auto& entry : registered_scenes()) {
    SCOPED_TRACE(entry.info.name);
    if (entry.info.category == "zz Tests") continue;  // the registry test's still scene
    const simulation sim = run_defaults(entry);
    bool changed = false;
    for (std::size_t i = 0; i < sim.channel_defs().size(); ++i) {
      const auto& series = sim.history().values(i);
      changed = changed || series.front() != series.back();
    }
    EXPECT_TRUE(changed) << "no channel changed over " << steps << " steps";
  }
}

// A second declaration from a fresh object of the scene matches the one the simulation
// holds: the list is data of the class, not of the parameters or the state.
TEST(channels, the_declaration_does_not_depend_on_the_state) {
  for (const auto& entry : registered_scenes()) {
    SCOPED_TRACE(entry.info.name);
    const simulation sim = run_defaults(entry);
    const auto fresh = entry.create()->channels();
    ASSERT_EQ(fresh.size(), sim.channel_defs().size());
    for (std::size_t i = 0; i < fresh.size(); ++i) {
      EXPECT_EQ(fresh[i].name, sim.channel_defs()[i].name);
      EXPECT_EQ(fresh[i].unit, sim.channel_defs()[i].unit);
      EXPECT_EQ(fresh[i].description, sim.channel_defs()[i].description);
      EXPECT_EQ(fresh[i].measured, sim.channel_defs()[i].measured);
    }
  }
}

}  // namespace
}  // namespace framelab
