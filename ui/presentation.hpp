#pragma once
// Presentation mode (Tab, View > Presentation): the stage goes to the physics. Every
// panel is hidden except a slim transport bar at the bottom and the scene's key
// readouts (scene_info::readouts, else the channels ticked in the Plots panel, at most
// max_readouts); the camera
// frames the scene's bodies. Leaving it restores the panels and the camera as they were.
#include "ui/ui_state.hpp"

namespace framelab::ui {

inline constexpr std::size_t max_readouts = 4;

inline bool presenting(const ui_state& state) {
  return state.before_presentation.has_value();
}

void enter_presentation(ui_state& state);
void leave_presentation(ui_state& state);
void toggle_presentation(ui_state& state);

// The transport bar and the readouts; draw_ui calls it in presentation mode.
void draw_presentation_overlay(ui_state& state);

}  // namespace framelab::ui
