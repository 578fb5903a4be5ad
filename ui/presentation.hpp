#pragma once
// Presentation mode (Tab, View > Presentation): the stage goes to the physics. Every
// panel is hidden except a slim transport bar at the bottom and the scene's key
// readouts (scene_info::readouts, else the channels ticked in the Plots panel, at most
// max_readouts); the camera
// frames the scene's bodies. Leaving it restores the panels and the camera as they were.
#include "ui/ui_state.hpp"

namespace framelab::ui {

inline constexpr std::size_t max_readouts = 4;

// The height of presentation mode's text on the stage (readouts, arrow labels, captions),
// for the back row: 1/30 of the window's height (36 px at 1080 p; issue 23 asks for at
// least 1/40), rounded up to a multiple of 4 px so that resizing rebuilds fonts rarely.
inline float stage_text_pixels(float window_height) {
  const int quarter = static_cast<int>(window_height / 30.0f / 4.0f + 0.999f);
  return 4.0f * static_cast<float>(quarter > 2 ? quarter : 2);  // at least 8 px
}

inline bool presenting(const ui_state& state) {
  return state.before_presentation.has_value();
}

// A recording of the stage is under way: it shows the physics, the readouts and the
// captions, no framelab control (no transport bar, no Next or End lesson button).
inline bool recording_the_stage(const ui_state& state) {
  return state.recording.active && state.recording.stage_view;
}

// A plot on the stage (ui_state::stage_plot) takes this share of the window's width, at
// the right; the stage (ui/stage_area.hpp) is the rest: the 3D view shrinks to it.
inline constexpr float stage_plot_share = 0.42f;

inline constexpr std::size_t max_stage_plot_channels = 4;

// The channels ui_state::stage_plot names in the running scene (those it has), in order.
std::vector<std::size_t> stage_plot_channels(const ui_state& state);

// Whether presentation mode shows a plot beside the 3D view now.
bool stage_plot_shown(const ui_state& state);

// How a newly loaded scene's camera starts: kept where it is (fixed) when a preset or the
// scene file opened as a file placed it ("camera" with a target, distance, yaw or pitch
// and no "focus"; a built-in scene made from a file, the carousel, is framed as the
// other built-in scenes are), else framed by presentation mode.
camera_mode starting_camera_mode(const simulation& sim, bool preset_camera);

// What presentation mode frames (render/camera_framing.hpp's focus): a script's
// `camera focus NAME...`, else the scene file's camera focus, else everything drawn.
const std::vector<std::string>& camera_focus(const ui_state& state);

void enter_presentation(ui_state& state);
void leave_presentation(ui_state& state);
void toggle_presentation(ui_state& state);

// The user orbited, panned, zoomed or double-clicked to focus in the 3D view: while
// presenting, an automatic camera becomes theirs (camera_mode::user), so the framing
// does not undo the gesture; entering presentation mode again or another scene gives it
// back. A preset's, a script's or a followed node's camera is left as it is.
void user_moved_camera(ui_state& state);

// The transport bar, the readouts and the stage plot; draw_ui calls it in presentation mode.
void draw_presentation_overlay(ui_state& state);

}  // namespace framelab::ui
