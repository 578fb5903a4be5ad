// The labels in the 3D view at the lecture hall's twelve sizes and scales (issue 30): every
// scene drawn headless with the real panels and fonts, its labels laid out as the app lays
// them out (ui::layout_scene_labels through the scene's camera on the stage's canvas,
// ui/stage_area.hpp). Every label's box lies inside the stage's free area (so no panel
// and no window edge cuts it) and overlaps no other label; in presentation mode, inside
// the window and off the readouts and the transport bar.
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "render/orbit_camera.hpp"
#include "tests/ui/headless_ui.hpp"
#include "ui/label_layout.hpp"
#include "ui/panel_layout.hpp"
#include "ui/presentation.hpp"
#include "ui/scene_labels.hpp"
#include "ui/ui_fonts.hpp"
#include "ui/widgets.hpp"

namespace framelab {
namespace {

struct display_case {
  ImVec2 size;
  int scale_percent;
};

const display_case lecture_hall_sizes[] = {
    {{1280, 720}, 100},  {{1280, 720}, 150},  {{1280, 720}, 200},  {{1280, 720}, 300},
    {{1920, 1080}, 100}, {{1920, 1080}, 150}, {{1920, 1080}, 200}, {{1920, 1080}, 300},
    {{3840, 2160}, 100}, {{3840, 2160}, 150}, {{3840, 2160}, 200}, {{3840, 2160}, 300},
};

bool inside(const ui::placed_label& l, ImVec2 corner, ImVec2 size) {
  return l.corner.x >= corner.x - 0.5f && l.corner.y >= corner.y - 0.5f &&
         l.corner.x + l.size.x <= corner.x + size.x + 0.5f && l.corner.y + l.size.y <= corner.y + size.y + 0.5f;
}

class stage_labels : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    fonts_ = find_ui_fonts();
    ASSERT_FALSE(fonts_.text.empty()) << "DejaVu Sans: cmake/install_dependencies.sh installs fonts-dejavu-core";
  }

  void use(const display_case& c) {
    ImGui::GetIO().DisplaySize = c.size;
    ASSERT_FALSE(build_ui_fonts(fonts_, ImGuiStyle(), c.scale_percent, ui::stage_text_pixels(c.size.y)));
    state_.relayout_panels = true;
  }

  // The labels as the app lays them out this frame: the scene's camera (windowed) or the
  // one presentation mode framed, on the stage the frame planned.
  std::vector<ui::placed_label> labels(const camera_setup& setup, ImFont* font, const ui::label_area& area) {
    const ui::stage_viewport stage = ui::current_stage(state_);
    render::orbit_camera camera;
    camera.set(setup);
    const double aspect = stage.canvas.width / std::max(1.0f, stage.canvas.height);
    return ui::layout_scene_labels(sim_.view(), ui::stage_projection(camera.projection(aspect) * camera.view(), stage),
                                   font, area);
  }

  // What is wrong with `placed`: a label outside `area` or on another label or a keep-out.
  static std::vector<std::string> problems(const std::vector<ui::placed_label>& placed, const ui::label_area& area) {
    std::vector<std::string> found;
    for (std::size_t i = 0; i < placed.size(); ++i) {
      const auto& l = placed[i];
      std::ostringstream where;
      where << "label '" << l.text.substr(0, 40) << "' at (" << l.corner.x << ", " << l.corner.y << ") size "
            << l.size.x << " x " << l.size.y;
      if (!inside(l, area.corner, area.size))
        found.push_back(where.str() + " leaves the free area (" + std::to_string(area.corner.x) + ", " +
                        std::to_string(area.corner.y) + ") size " + std::to_string(area.size.x) + " x " +
                        std::to_string(area.size.y));
      for (std::size_t j = 0; j < i; ++j) {
        if (ui::rectangles_overlap(l.corner, l.size, placed[j].corner, placed[j].size))
          found.push_back(where.str() + " overlaps label '" + placed[j].text.substr(0, 40) + "'");
      }
      for (const auto& r : area.keep_out) {
        if (ui::rectangles_overlap(l.corner, l.size, r.corner, r.size))
          found.push_back(where.str() + " lies on a readout, plot or the transport bar");
      }
    }
    return found;
  }

  ui_font_files fonts_;
};

TEST_F(stage_labels, inside_the_free_area_and_apart_at_every_size_and_scale) {
  int failures = 0;
  int checked = 0;
  for (const auto& c : lecture_hall_sizes) {
    use(c);
    for (const auto& entry : registered_scenes()) {
      load(entry.info.name.c_str());
      for (int k = 0; k < 3; ++k) frame(ImVec2(-1.0f, -1.0f));
      const ui::stage_viewport stage = ui::current_stage(state_);
      ui::label_area area;
      area.corner = ImVec2(stage.free.x, stage.free.y);
      area.size = ImVec2(stage.free.width, stage.free.height);
      const auto placed = labels(sim_.view().camera, ui::scene_label_font(false), area);
      checked += static_cast<int>(placed.size());
      const auto found = problems(placed, area);
      if (!found.empty() && ++failures <= 10) {
        std::string text;
        for (const auto& f : found) text += "\n    " + f;
        ADD_FAILURE() << entry.info.name << " at " << c.size.x << "x" << c.size.y << ", " << c.scale_percent << " %"
                      << text;
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(checked, 0);
  std::printf("[ labels  ] %d labels of every scene checked at 12 sizes and scales\n", checked);
}

TEST_F(stage_labels, in_presentation_mode_off_the_readouts_and_the_transport_bar) {
  int failures = 0;
  for (const display_case c : {display_case{{1920, 1080}, 100}, display_case{{3840, 2160}, 300}}) {
    use(c);
    for (const auto& entry : registered_scenes()) {
      load(entry.info.name.c_str());
      ui::enter_presentation(state_);
      for (int k = 0; k < 3; ++k) frame(ImVec2(-1.0f, -1.0f));
      ui::label_area area;
      area.size = ImGui::GetIO().DisplaySize;
      for (const auto& r : state_.stage_overlays)
        area.keep_out.push_back({ImVec2(r.x, r.y), ImVec2(r.width, r.height)});
      const auto found = problems(labels(sim_.view().camera, ui::scene_label_font(true), area), area);
      if (!found.empty() && ++failures <= 10) {
        std::string text;
        for (const auto& f : found) text += "\n    " + f;
        ADD_FAILURE() << entry.info.name << " presenting at " << c.size.x << "x" << c.size.y << text;
      }
      ui::leave_presentation(state_);
    }
  }
  EXPECT_EQ(failures, 0);
}

// A label keeps off a few hundred small balls where it wants to be (up and to the right of
// its point) and is moved, with a leader line; among a crowd (more than max_kept_off_bodies
// opaque bodies, here the same balls and more far away) it stays where it wants to be. The
// balls as nodes and as a sphere batch (core/scene_view.hpp) alike.
TEST_F(stage_labels, a_label_keeps_off_a_few_balls_but_not_a_crowd) {
  use({{1280, 720}, 100});
  ImFont* font = ImGui::GetIO().Fonts->Fonts[0];  // the interface font (no frame has begun)
  // 100 px per metre about the window's centre (any projection will do for the layout)
  const ui::screen_projection to_screen = [](const glm::dvec3& p) -> std::optional<ImVec2> {
    return ImVec2(640.0f + 100.0f * static_cast<float>(p.x), 360.0f - 100.0f * static_cast<float>(p.y));
  };
  constexpr double diameter = 0.1;  // 10 px squares
  std::vector<glm::dvec3> near;
  for (double x = 0.0; x <= 3.0; x += 0.12)
    for (double y = 0.0; y <= 1.0; y += 0.12) near.push_back({x, y, 0.0});
  ASSERT_LT(near.size(), ui::max_kept_off_bodies);
  for (const bool batch : {false, true}) {
    SCOPED_TRACE(batch ? "a sphere batch" : "nodes");
    scene_view view;
    view.labels.push_back({"a note", glm::dvec3(0.0), {1.0f, 1.0f, 1.0f, 1.0f}});
    std::size_t balls = 0;
    const auto add_ball = [&](const glm::dvec3& at) {
      ++balls;
      if (batch) {
        view.spheres.spheres.push_back({glm::vec3(at), static_cast<float>(diameter), 0xff8080ffu});
        return;
      }
      view.nodes.push_back({"ball", -1, shape_kind::sphere, glm::dvec3(diameter)});
      view.nodes.back().world.translation = at;
    };
    for (const auto& p : near) add_ball(p);
    ui::label_area area;
    area.size = ImVec2(1280.0f, 720.0f);
    const auto few = ui::layout_scene_labels(view, to_screen, font, area);
    ASSERT_EQ(few.size(), 1u);
    EXPECT_TRUE(few[0].leader);
    for (const auto& p : near) {
      const ImVec2 c = *to_screen(p);
      const float half = 50.0f * static_cast<float>(diameter);
      EXPECT_FALSE(ui::rectangles_overlap(few[0].corner, few[0].size, ImVec2(c.x - half, c.y - half),
                                          ImVec2(2.0f * half, 2.0f * half)))
          << "ball at " << p.x << ", " << p.y;
    }

    while (balls <= ui::max_kept_off_bodies) add_ball({100.0, 0.0, 0.0});
    const auto crowd = ui::layout_scene_labels(view, to_screen, font, area);
    ASSERT_EQ(crowd.size(), 1u);
    EXPECT_FALSE(crowd[0].leader);
    const float gap = 0.35f * font->FontSize;  // as layout_scene_labels spaces them
    const ImVec2 wanted = ui::preferred_corner({*to_screen(glm::dvec3(0.0)), crowd[0].size}, gap);
    EXPECT_NEAR(crowd[0].corner.x, wanted.x, 0.5f);
    EXPECT_NEAR(crowd[0].corner.y, wanted.y, 0.5f);
  }
}

// Some point of the segment, sampled every 1/200 of it, inside the label's box.
bool covers(const ui::placed_label& l, ImVec2 from, ImVec2 to) {
  for (int k = 0; k <= 200; ++k) {
    const float t = static_cast<float>(k) / 200.0f;
    const ImVec2 p(from.x + t * (to.x - from.x), from.y + t * (to.y - from.y));
    if (p.x >= l.corner.x && p.x <= l.corner.x + l.size.x && p.y >= l.corner.y && p.y <= l.corner.y + l.size.y)
      return true;
  }
  return false;
}

// A velocity arrow's label keeps off a spring's coil (a trail drawn evenly: part of the
// physics), whether the spring runs across the label's place or up through it, and is moved
// with a leader line; a motion trail (fading) on the same points does not move it.
TEST_F(stage_labels, a_label_keeps_off_a_spring_but_not_a_motion_trail) {
  use({{1280, 720}, 100});
  ImFont* font = ImGui::GetIO().Fonts->Fonts[0];  // the interface font (no frame has begun)
  const ui::screen_projection to_screen = [](const glm::dvec3& p) -> std::optional<ImVec2> {
    return ImVec2(640.0f + 100.0f * static_cast<float>(p.x), 360.0f - 100.0f * static_cast<float>(p.y));
  };
  // A coil of 12 turns, 0.06 m across its axis, from a to b (the world files' springs).
  const auto coil = [](const glm::dvec3& a, const glm::dvec3& b) {
    const glm::dvec3 axis = b - a;
    const glm::dvec3 across = glm::normalize(glm::dvec3(-axis.y, axis.x, 0.0));
    std::vector<glm::dvec3> points;
    for (int k = 0; k <= 12 * 16; ++k) {
      const double t = k / (12.0 * 16.0);
      points.push_back(a + t * axis + 0.06 * std::sin(2.0 * 3.14159265358979 * 12.0 * t) * across);
    }
    return points;
  };
  // An arrow pointing right from the origin (its label wants the place just right of its head)
  // and `curves`; where its label goes.
  const auto label_beside = [&](const std::vector<trail>& curves) {
    scene_view view;
    view.vectors.push_back(
        {"cart velocity", "m/s", {0.0, 0.0, 0.0}, {0.5, 0.0, 0.0}, 1.0, {0.4f, 0.7f, 1.0f, 1.0f}, true, "velocity"});
    view.trails = curves;
    ui::label_area area;
    area.size = ImVec2(1280.0f, 720.0f);
    const auto placed = ui::layout_scene_labels(view, to_screen, font, area);
    EXPECT_EQ(placed.size(), 1u);
    return placed.at(0);
  };
  for (const bool across : {true, false}) {
    SCOPED_TRACE(across ? "a spring across the label's place" : "a spring up through it");
    const std::vector<glm::dvec3> spring =
        across ? coil({-1.0, 0.05, 0.0}, {4.0, 0.05, 0.0}) : coil({0.9, -2.0, 0.0}, {0.9, 2.0, 0.0});
    for (const bool fades : {false, true}) {
      const ui::placed_label placed = label_beside({{"spring", spring, {0.95f, 0.85f, 0.35f, 1.0f}, true, fades}});
      bool on_spring = false;
      for (std::size_t k = 1; k < spring.size(); ++k)
        on_spring = on_spring || covers(placed, *to_screen(spring[k - 1]), *to_screen(spring[k]));
      if (fades) {
        EXPECT_TRUE(on_spring) << "the case must put the label on the curve";
        EXPECT_FALSE(placed.leader);
      } else {
        EXPECT_FALSE(on_spring) << "label at " << placed.corner.x << ", " << placed.corner.y;
        EXPECT_TRUE(placed.leader);
      }
    }
  }
  // A rod: one straight vertical segment through the label's place (on screen a line of no
  // width), kept off too.
  const trail rod{"rod", {{0.9, -2.0, 0.0}, {0.9, 2.0, 0.0}}, {0.85f, 0.85f, 0.8f, 1.0f}, true, false};
  EXPECT_FALSE(covers(label_beside({rod}), *to_screen(rod.points[0]), *to_screen(rod.points[1])));
  // Among more curve points than max_kept_off_curve_points (springs far away first), the rod
  // is not kept off: the label stays where it wants to be.
  const std::vector<glm::dvec3> far_coil = coil({-50.0, 30.0, 0.0}, {-45.0, 30.0, 0.0});
  std::vector<trail> crowd;
  for (std::size_t points = 0; points <= ui::max_kept_off_curve_points; points += far_coil.size())
    crowd.push_back({"spring", far_coil, {0.95f, 0.85f, 0.35f, 1.0f}, true, false});
  crowd.push_back(rod);
  EXPECT_FALSE(label_beside(crowd).leader);
}

}  // namespace
}  // namespace framelab
