// Predict, then reveal (ui/stage_hiding.hpp): the stage draws a copy of the scene's view
// without the hidden trails, arrows (by kind) or bodies; the scene's own view is untouched.
#include "ui/stage_hiding.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "scenes/registry.hpp"

namespace framelab::ui {
namespace stage_hiding_test {

scene_view running_carousel(std::unique_ptr<scene>& holder) {
  holder = find_scene("carousel")->create();
  holder->reset(param_values::defaults(holder->parameters()));
  for (int k = 0; k < 60; ++k) holder->step(1.0 / 60.0);
  return holder->view();
}

const vector_overlay* labelled(const scene_view& view, const std::string& label) {
  for (const auto& v : view.vectors)
    if (v.label == label) return &v;
  return nullptr;
}

TEST(stage_hiding, nothing_hidden_draws_the_view_itself) {
  std::unique_ptr<scene> s;
  const scene_view view = running_carousel(s);
  scene_view scratch;
  EXPECT_EQ(&stage_view(view, stage_hiding{}, scratch), &view);  // no copy
}

TEST(stage_hiding, arrows_hide_by_kind_and_come_back) {
  std::unique_ptr<scene> s;
  const scene_view view = running_carousel(s);
  ASSERT_NE(labelled(view, "Coriolis"), nullptr);  // the carousel's labels (scenes/world/world_scene.cpp)
  ASSERT_NE(labelled(view, "centrifugal"), nullptr);
  ASSERT_TRUE(labelled(view, "Coriolis")->visible);
  stage_hiding hidden;
  const std::vector<std::string> coriolis{"coriolis"};
  ASSERT_TRUE(set_stage_hidden(hidden, true, "arrows", coriolis));
  scene_view scratch;
  const scene_view& shown = stage_view(view, hidden, scratch);
  EXPECT_FALSE(labelled(shown, "Coriolis")->visible);
  EXPECT_TRUE(labelled(shown, "centrifugal")->visible);
  EXPECT_TRUE(labelled(view, "Coriolis")->visible);  // the scene's view is not changed
  // hide every arrow, then show only Coriolis again
  ASSERT_TRUE(set_stage_hidden(hidden, true, "arrows", {}));
  ASSERT_TRUE(set_stage_hidden(hidden, false, "arrows", coriolis));
  const scene_view& only = stage_view(view, hidden, scratch);
  for (std::size_t i = 0; i < view.vectors.size(); ++i)
    EXPECT_EQ(only.vectors[i].visible, view.vectors[i].label == "Coriolis" && view.vectors[i].visible)
        << view.vectors[i].label;
  ASSERT_TRUE(set_stage_hidden(hidden, false, "arrows", {}));
  EXPECT_FALSE(hidden.any());
}

TEST(stage_hiding, trails_and_bodies_hide_and_show) {
  std::unique_ptr<scene> s;
  const scene_view view = running_carousel(s);
  ASSERT_FALSE(view.trails.empty());
  stage_hiding hidden;
  ASSERT_TRUE(set_stage_hidden(hidden, true, "trails", {}));
  ASSERT_TRUE(set_stage_hidden(hidden, true, "bodies", {}));
  scene_view scratch;
  const scene_view& shown = stage_view(view, hidden, scratch);
  EXPECT_TRUE(std::none_of(shown.trails.begin(), shown.trails.end(), [](const trail& t) { return t.visible; }));
  EXPECT_TRUE(std::all_of(shown.nodes.begin(), shown.nodes.end(),
                          [](const view_node& n) { return n.shape == shape_kind::none; }));
  ASSERT_EQ(shown.nodes.size(), view.nodes.size());  // still there to frame and follow
  for (std::size_t i = 0; i < view.nodes.size(); ++i)
    EXPECT_EQ(shown.nodes[i].world.translation, view.nodes[i].world.translation);
  ASSERT_TRUE(set_stage_hidden(hidden, false, "trails", {}));
  const scene_view& back = stage_view(view, hidden, scratch);
  for (std::size_t i = 0; i < view.trails.size(); ++i) EXPECT_EQ(back.trails[i].visible, view.trails[i].visible);
  EXPECT_FALSE(set_stage_hidden(hidden, true, "panels", {}));
}

}  // namespace stage_hiding_test
}  // namespace framelab::ui
