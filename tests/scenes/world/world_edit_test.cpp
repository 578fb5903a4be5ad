// Editing a loaded world: each edit is checked by the loader (through the writer) and
// the running scene changes only when it passes; deleting a frame keeps every other
// reference pointing at the same frame.
#include <gtest/gtest.h>

#include <memory>

#include "scenes/world/world_edit.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {
namespace {

constexpr const char* arm_world = R"json({
  "parameters": { "w": 2 },
  "frames": [
    { "name": "hub", "rotations": [ { "axis": [0, 1, 0], "angle": "w*t" } ],
      "frames": [ { "name": "arm", "translation": [3, 0, 0], "frames": [ { "name": "tip", "translation": [1, 0, 0] } ] },
                  { "name": "other", "translation": [0, 1, 0] } ] },
    { "name": "post", "translation": [5, 0, 0] }
  ],
  "particles": [ { "name": "bead", "frame": "other", "position": [0, 0, 1] } ]
})json";

world_spec loaded_spec(const char* text) {
  world_spec w;
  const auto error = parse_world(text, "arm.json", w);
  EXPECT_FALSE(error.has_value()) << *error;
  return w;
}

TEST(WorldEdit, FrameKeysAreTheLoadersPaths) {
  const world_spec w = loaded_spec(arm_world);
  EXPECT_EQ(frame_key(w, find_frame(w, "hub")), "frames[0]");
  EXPECT_EQ(frame_key(w, find_frame(w, "tip")), "frames[0].frames[0].frames[0]");
  EXPECT_EQ(frame_key(w, find_frame(w, "other")), "frames[0].frames[1]");
  EXPECT_EQ(frame_key(w, find_frame(w, "post")), "frames[1]");
}

TEST(WorldEdit, BadExpressionIsRefusedNamingTheField) {
  world_spec draft = loaded_spec(arm_world);
  const int tip = find_frame(draft, "tip");
  set_expression_text(draft.frames[std::size_t(tip)].motion.translation[1], "sn(t)");
  world_spec out;
  const auto error = rebuild_world(draft, out);
  ASSERT_TRUE(error.has_value());
  EXPECT_TRUE(error->starts_with("frames[0].frames[0].frames[0].translation[1]: ")) << *error;  // no stale position
  EXPECT_NE(error->find("sn"), std::string::npos) << *error;
  EXPECT_TRUE(out.frames.empty());  // untouched
}

TEST(WorldEdit, RenameToAUsedNameIsRefused) {
  world_spec draft = loaded_spec(arm_world);
  draft.frames[std::size_t(find_frame(draft, "post"))].name = "arm";
  world_spec out;
  const auto error = rebuild_world(draft, out);
  ASSERT_TRUE(error.has_value());
  EXPECT_TRUE(error->starts_with("frames[1].name: ")) << *error;
}

// The tip's world x is a closed form of the hub's turn: (3 + 1 + edit) cos(w t).
TEST(WorldEdit, AddedChildMovesWithItsParentWhenApplied) {
  world_spec draft = loaded_spec(arm_world);
  simulation sim;
  {
    const scene_entry entry = make_world_entry(std::make_shared<world_spec>(draft));
    ASSERT_FALSE(sim.load(entry, param_values::defaults(entry.create()->parameters())).has_value());
  }
  const int child = add_child_frame(draft, find_frame(draft, "tip"), "pen");
  set_expression_text(draft.frames[std::size_t(child)].motion.translation[0], "0.5");
  world_spec checked;
  const auto error = rebuild_world(draft, checked);
  ASSERT_FALSE(error.has_value()) << *error;
  ASSERT_FALSE(run_world(sim, checked).has_value());
  EXPECT_EQ(sim.time(), 0.0);
  for (int i = 0; i < 100; ++i) sim.single_step();
  double pen_x = std::nan("");
  for (const auto& c : sim.channel_defs())
    if (c.name == "pen_x") pen_x = c.read();
  EXPECT_NEAR(pen_x, 4.5 * std::cos(2.0 * sim.time()), 1e-9);
}

TEST(WorldEdit, DeleteKeepsOtherReferencesAndRefusesAReferencedFrame) {
  world_spec draft = loaded_spec(arm_world);
  EXPECT_TRUE(delete_frame(draft, find_frame(draft, "hub")).has_value());  // the bead moves in "other", under hub
  EXPECT_EQ(draft.frames.size(), 5u);                                      // nothing removed
  ASSERT_FALSE(delete_frame(draft, find_frame(draft, "arm")).has_value());  // arm and tip go
  ASSERT_EQ(draft.frames.size(), 3u);
  EXPECT_EQ(find_frame(draft, "tip"), -1);
  EXPECT_EQ(draft.particles[0].frame, find_frame(draft, "other"));
  EXPECT_EQ(draft.frames[std::size_t(find_frame(draft, "other"))].parent, find_frame(draft, "hub"));
  world_spec checked;
  const auto error = rebuild_world(draft, checked);
  ASSERT_FALSE(error.has_value()) << *error;
  EXPECT_EQ(checked.particles[0].frame, find_frame(checked, "other"));
}

// A body refers to its frame by index too: deleting an earlier frame renumbers it, deleting
// its own frame is refused.
TEST(WorldEdit, DeleteKeepsABodysFrameAndRefusesItsOwn) {
  world_spec draft = loaded_spec(R"json({
    "frames": [ { "name": "a" }, { "name": "b", "frames": [ { "name": "c" } ] } ],
    "bodies": [ { "name": "wheel", "frame": "c", "inertia": [1, 1, 1] } ] })json");
  const auto refused = delete_frame(draft, find_frame(draft, "b"));
  ASSERT_TRUE(refused.has_value());
  EXPECT_NE(refused->find("body 'wheel' lives in 'b'"), std::string::npos) << *refused;
  ASSERT_FALSE(delete_frame(draft, find_frame(draft, "a")).has_value());
  EXPECT_EQ(draft.bodies[0].frame, find_frame(draft, "c"));
  world_spec checked;
  const auto error = rebuild_world(draft, checked);
  ASSERT_FALSE(error.has_value()) << *error;
  EXPECT_EQ(checked.bodies[0].frame, find_frame(checked, "c"));
}

}  // namespace
}  // namespace framelab
