#pragma once
// A fixture for panel tests with no window at all: an ImGui context with a display
// size and a font atlas, fed mouse positions and button states, drawing the real
// framelab UI around a real simulation.
#include <gtest/gtest.h>
#include <imgui.h>

#include <optional>

#include "scenes/registry.hpp"
#include "ui/ui_state.hpp"

namespace framelab {

class headless_ui_test : public testing::Test {
 protected:
  void SetUp() override {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // Room for every panel in a window of its own (ui/panel_layout.hpp) with ImGui's small
    // built-in font; tests of a crowded window set their own size.
    io.DisplaySize = ImVec2(1920.0f, 1080.0f);
    io.DeltaTime = 1.0f / 60.0f;
    io.IniFilename = nullptr;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  void TearDown() override { ImGui::DestroyContext(); }

  // Loads a scene (its defaults unless `values` are given) and points the UI at it.
  void load(const char* name, std::optional<param_values> values = std::nullopt) {
    const scene_entry* entry = find_scene(name);
    ASSERT_NE(entry, nullptr) << name;
    ASSERT_FALSE(sim_.load(*entry, values.value_or(param_values::defaults(entry->create()->parameters()))));
    state_.sim = &sim_;
    ui::sync_with_simulation(state_);
  }
  // One frame with the mouse at `mouse`, the left button `down` or not.
  void frame(ImVec2 mouse = ImVec2(0, 0), bool down = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = mouse;
    io.MouseDown[0] = down;
    ImGui::NewFrame();
    ui::draw_ui(state_);
    ImGui::Render();
  }
  // Press and release at `where`, in two frames.
  void click(ImVec2 where) {
    frame(where, true);
    frame(where, false);
  }

  simulation sim_;
  ui::ui_state state_;
};

}  // namespace framelab
