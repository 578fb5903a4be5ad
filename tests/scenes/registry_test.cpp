// The scene registry: one-line registration, lookup, ordering, duplicates refused.
#include "scenes/registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <typeindex>

#include "scenes/carousel.hpp"
#include "scenes/collisions.hpp"
#include "scenes/crash.hpp"
#include "scenes/free_body.hpp"
#include "scenes/gyroscope.hpp"
#include "scenes/precession.hpp"
#include "scenes/tank_turret.hpp"
#include "scenes/tennis_racket.hpp"
#include "scenes/vector_field.hpp"

namespace framelab {
namespace {

// A complete little scene registered the way every scene's .cpp does, with
// register_scene<T>; it counts its constructions. (Its category sorts it after the
// real scenes; the other tests that go through every scene accept it.)
class registry_probe final : public scene {
 public:
  registry_probe() { ++constructed; }
  static inline int constructed = 0;

  std::vector<param_def> parameters() const override {
    return {number_param("k", 1.0, 0.0, 2.0, "", "a value the channel reports")};
  }
  std::vector<channel_def> channels() const override {
    return {{"k", "", "the parameter k", [this] { return k_; }}};
  }
  void reset(const param_values& values) override { k_ = values.number("k"); }
  void step(double /*dt*/) override {}
  const scene_view& view() const override { return view_; }

 private:
  double k_ = 0.0;
  scene_view view_;
};

const scene_info probe_info{"zz-registry-probe", "zz Tests", "registered by register_scene<T>",
                            "A scene the registry tests register with the template."};
const int probe_registered = register_scene<registry_probe>(probe_info);

TEST(registry, knows_the_default_scene) {
  const scene_entry* entry = find_scene(default_scene_name);
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->info.name, "tank-turret");
  EXPECT_FALSE(entry->info.category.empty());
  EXPECT_FALSE(entry->info.summary.empty());
  EXPECT_FALSE(entry->info.teaching_text.empty());
  EXPECT_EQ(find_scene("no-such-scene"), nullptr);
}

TEST(registry, lists_scenes_by_category_then_name) {
  const auto scenes = registered_scenes();
  ASSERT_FALSE(scenes.empty());
  EXPECT_TRUE(std::is_sorted(scenes.begin(), scenes.end(), [](const scene_entry& a, const scene_entry& b) {
    return std::tie(a.info.category, a.info.name) < std::tie(b.info.category, b.info.name);
  }));
}

TEST(registry, refuses_a_second_scene_of_the_same_name) {
  EXPECT_THROW(register_scene({"tank-turret", "x", "x", "x"}, find_scene("tank-turret")->create), std::logic_error);
}

TEST(registry, register_scene_of_a_class_makes_a_factory_for_that_class) {
  EXPECT_GT(probe_registered, 0);
  const scene_entry* entry = find_scene("zz-registry-probe");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->info.category, probe_info.category);
  EXPECT_EQ(entry->info.teaching_text, probe_info.teaching_text);
  ASSERT_NE(entry->create, nullptr);
  const int before = registry_probe::constructed;
  const auto a = entry->create();
  const auto b = entry->create();
  EXPECT_EQ(registry_probe::constructed, before + 2) << "each call makes a new object";
  EXPECT_NE(a.get(), b.get());
  EXPECT_NE(dynamic_cast<registry_probe*>(a.get()), nullptr);
  const auto scenes = registered_scenes();
  EXPECT_EQ(scenes.back().info.name, "zz-registry-probe") << "ordered by category, then name";
}

TEST(registry, register_scene_of_a_class_refuses_a_taken_name) {
  scene_info taken = probe_info;
  EXPECT_THROW(register_scene<registry_probe>(taken), std::logic_error);
  taken.name = "tank-turret";
  EXPECT_THROW(register_scene<registry_probe>(taken), std::logic_error);
  EXPECT_NE(dynamic_cast<tank_turret*>(find_scene("tank-turret")->create().get()), nullptr)
      << "a refused registration leaves the first one in place";
}

// Each name makes the scene class of that name (the registrations are one line each).
TEST(registry, every_scene_name_makes_its_own_class) {
  const std::pair<const char*, std::type_index> expected[] = {
      {"carousel", typeid(carousel)},
      {"collisions", typeid(collisions)},
      {"crash", typeid(crash)},
      {"free-body", typeid(free_body)},
      {"gyroscope", typeid(gyroscope)},
      {"precession", typeid(precession)},
      {"tank-turret", typeid(tank_turret)},
      {"tennis-racket", typeid(tennis_racket)},
      {"vector-field", typeid(vector_field)},
  };
  for (const auto& [name, type] : expected) {
    const scene_entry* entry = find_scene(name);
    ASSERT_NE(entry, nullptr) << name;
    const auto made = entry->create();
    const scene& s = *made;
    EXPECT_EQ(std::type_index(typeid(s)), type) << name;
  }
}

TEST(registry, every_scene_declares_valid_defaults_and_channels) {
  for (const auto& entry : registered_scenes()) {
    SCOPED_TRACE(entry.info.name);
    const auto scene = entry.create();
    const auto defs = scene->parameters();
    const auto values = param_values::defaults(defs);
    EXPECT_FALSE(validate_params(defs, values));
    EXPECT_FALSE(scene->check(values));
    EXPECT_FALSE(scene->channels().empty());
    for (const auto& def : defs) EXPECT_FALSE(def.description.empty()) << def.name;
  }
}

}  // namespace
}  // namespace framelab

namespace framelab {
namespace {

// Presentation mode reads out info.readouts: every teaching scene names some, each one
// of its own channels, none twice.
TEST(registry, every_scene_names_readouts_among_its_channels) {
  for (const auto& entry : registered_scenes()) {
    if (entry.info.name == probe_info.name) continue;  // the probe above declares none
    const auto channels = entry.create()->channels();
    EXPECT_FALSE(entry.info.readouts.empty()) << entry.info.name;
    for (const auto& readout : entry.info.readouts) {
      const std::string& name = readout.channel;
      EXPECT_EQ(std::count_if(channels.begin(), channels.end(), [&](const channel_def& c) { return c.name == name; }), 1)
          << entry.info.name << ": readout " << name;
      EXPECT_EQ(std::count_if(entry.info.readouts.begin(), entry.info.readouts.end(),
                              [&](const readout_def& r) { return r.channel == name; }),
                1)
          << name;
    }
  }
}

}  // namespace
}  // namespace framelab
