// The scene registry: one-line registration, lookup, ordering, duplicates refused.
#include <algorithm>

#include <gtest/gtest.h>

#include "scenes/registry.hpp"

namespace framelab {
namespace {

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
