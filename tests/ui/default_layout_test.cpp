// The stage stays visible: at 1280x720, on first start, no panel of any scene covers
// the middle 50 % of the window (read back from ImGui's own window list after real
// frames of the real UI); in presentation mode only the slim bar and the readouts
// show, and leaving it brings back the panels and the camera as they were.
#include "ui/default_layout.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <string>

#include "tests/ui/headless_ui.hpp"
#include "ui/label_layout.hpp"
#include "ui/presentation.hpp"
#include "ui/settings.hpp"
#include "ui/ui_fonts.hpp"

namespace framelab {
namespace {

struct shown_window {
  std::string name;
  ImVec2 position;
  ImVec2 size;
};

// The top-level windows drawn in the last frame (not the menu bar, popups or tooltips).
std::vector<shown_window> shown_windows() {
  std::vector<shown_window> shown;
  for (ImGuiWindow* window : GImGui->Windows) {
    const ImGuiWindowFlags skipped = ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup;
    if (!window->WasActive || window->Hidden || (window->Flags & skipped) != 0) continue;
    if (std::string(window->Name) == "##MainMenuBar") continue;
    shown.push_back({window->Name, window->Pos, window->Size});
  }
  return shown;
}

class default_layout_test : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    ImGui::GetIO().DisplaySize = ImVec2(1280.0f, 720.0f);
  }
  void frames(int count) {
    for (int k = 0; k < count; ++k) frame(ImVec2(-1.0f, -1.0f));
  }
};

TEST_F(default_layout_test, no_panel_covers_the_stage_in_any_scene) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ui::panel_rect stage = ui::stage_rect(display);
  for (const auto& entry : registered_scenes()) {
    load(entry.info.name.c_str());
    frames(3);
    const auto shown = shown_windows();
    EXPECT_GE(shown.size(), 2u) << entry.info.name;  // the panels, or the transport and the column of sections
    for (const auto& w : shown) {
      EXPECT_FALSE(ui::rectangles_overlap(w.position, w.size, stage.position, stage.size))
          << entry.info.name << ": panel '" << w.name << "' at (" << w.position.x << ", " << w.position.y << ") size "
          << w.size.x << " x " << w.size.y << " covers the stage";
      EXPECT_GE(w.position.x, 0.0f) << w.name;
      EXPECT_LE(w.position.x + w.size.x, display.x) << w.name;
      EXPECT_LE(w.position.y + w.size.y, display.y) << w.name;
    }
  }
}

// With the app's own fonts (DejaVu Sans at 100 %, ui/ui_fonts.hpp) the transport's
// controls fit its strip above the stage at 1280x720 in every scene: nothing is hidden
// below a scroll bar (dt, substeps and time scale once took a row each and the last was
// cut off).
TEST_F(default_layout_test, the_transport_fits_its_slot_with_the_apps_fonts) {
  const ui_font_files files = find_ui_fonts();
  ASSERT_FALSE(files.text.empty()) << "DejaVu Sans: cmake/install_dependencies.sh installs fonts-dejavu-core";
  ASSERT_FALSE(build_ui_fonts(files, ImGuiStyle(), 100));
  for (const auto& entry : registered_scenes()) {
    load(entry.info.name.c_str());
    frames(3);
    const ImGuiWindow* transport = ImGui::FindWindowByName("Transport");
    ASSERT_NE(transport, nullptr);
    ASSERT_TRUE(transport->WasActive) << entry.info.name << ": the transport is not in its own window";
    EXPECT_EQ(transport->ScrollMax.y, 0.0f) << entry.info.name << ": the transport scrolls (height "
                                            << transport->Size.y << ", content " << transport->ContentSize.y << ")";
  }
}

TEST_F(default_layout_test, presentation_mode_hides_the_panels_and_restores_them) {
  load("free-body");
  camera_setup camera{{1.0, 2.0, 3.0}, 7.0, 40.0, 20.0};
  state_.camera.get = [&] { return camera; };
  state_.camera.set = [&](const camera_setup& c) { camera = c; };
  state_.camera.frame_scene = [&] { camera.distance = 99.0; };
  state_.show_plots = false;
  state_.show_benchmarks = true;
  frames(2);
  const ui::panel_visibility before = ui::visible_panels(state_);

  ui::apply_shortcut(state_, ui::shortcut::toggle_presentation);
  frames(3);
  EXPECT_TRUE(ui::presenting(state_));
  EXPECT_DOUBLE_EQ(camera.distance, 99.0);  // framed
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ui::panel_rect stage = ui::stage_rect(display);
  for (const auto& w : shown_windows()) {
    EXPECT_EQ(w.name.rfind("##presentation", 0), 0u) << "still shown: " << w.name;
    EXPECT_FALSE(ui::rectangles_overlap(w.position, w.size, stage.position, stage.size)) << w.name;
  }

  ui::apply_shortcut(state_, ui::shortcut::escape);  // Esc leaves presentation mode first
  frames(2);
  EXPECT_FALSE(ui::presenting(state_));
  EXPECT_FALSE(state_.quit_requested);
  const ui::panel_visibility after = ui::visible_panels(state_);
  EXPECT_EQ(after.plots, before.plots);
  EXPECT_EQ(after.benchmarks, before.benchmarks);
  EXPECT_EQ(after.browser, before.browser);
  EXPECT_DOUBLE_EQ(camera.distance, 7.0);
  EXPECT_EQ(camera.target, glm::dvec3(1.0, 2.0, 3.0));
}

// Presentation's transport bar sizes itself to its content, so its width on one frame is its
// content's on the frame before. Its rows wrap at the display's width, not at that width: a
// bar first laid out in a narrow window (a page's first frames) is one row again once the
// window is wide, with every control inside it (it once kept two rows, the second cut off).
TEST_F(default_layout_test, the_presentation_bar_wraps_at_the_display_not_at_its_last_width) {
  const ui_font_files files = find_ui_fonts();
  ASSERT_FALSE(files.text.empty()) << "DejaVu Sans: cmake/install_dependencies.sh installs fonts-dejavu-core";
  ASSERT_FALSE(build_ui_fonts(files, ImGuiStyle(), 100));
  load("carousel");
  ui::enter_presentation(state_);
  const auto bar_at = [this](float display_width) {
    ImGui::GetIO().DisplaySize = ImVec2(display_width, 720.0f);
    frames(3);
    return ImGui::FindWindowByName("##presentation_transport");
  };
  const ImGuiWindow* bar = bar_at(1280.0f);
  ASSERT_NE(bar, nullptr);
  const float one_row = bar->ContentSize.y;
  EXPECT_GT(bar_at(240.0f)->ContentSize.y, 1.5f * one_row) << "at 240 px the bar needs more than one row";
  bar = bar_at(1280.0f);
  EXPECT_EQ(bar->ContentSize.y, one_row) << "wide again, the bar keeps rows it no longer needs";
  EXPECT_LE(bar->ContentSize.x + 2.0f * bar->WindowPadding.x, bar->Size.x + 0.5f) << "a control lies outside the bar";
}

TEST_F(default_layout_test, the_settings_keep_the_layout_from_before_presentation) {
  load("carousel");
  ui::enter_presentation(state_);
  const ui::app_settings saved = ui::settings_from(state_);
  EXPECT_TRUE(saved.panels.tree);
  EXPECT_TRUE(saved.panels.plots);
}

}  // namespace
}  // namespace framelab
