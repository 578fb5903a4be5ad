#pragma once
// File > Record: a small dialog asks where the recording goes (a default name in the
// current folder: framelab-<scene>-<date>-<time>.mp4) and what it shows: the stage
// (presentation mode's picture, the default, for slides) or the whole window; while
// recording, the menu item reads "Stop recording" and the window's title "REC mm:ss"
// (outside the picture). The ui only asks (ui_state::recording); the app records
// (app/screen_recorder.hpp).
#include <string>

#include "ui/ui_state.hpp"

namespace framelab::ui {

// The File menu's item: "Record..." or "Stop recording".
void record_menu_item(ui_state& state);

// The dialog, drawn every frame with the other dialogs (draw_ui).
void draw_record_dialog(ui_state& state);

// "REC 01:23" in red while recording (in the main menu bar; nothing otherwise) when
// recording_link::show_indicator asks for it. It would be part of the picture, so the app
// shows the time in the window's title instead.
void draw_recording_indicator(const ui_state& state);

// framelab-<scene>-YYYYMMDD-HHMMSS<extension>, from the local time now.
std::string default_recording_name(const std::string& scene, const std::string& extension);

// "mm:ss" of a recording's length.
std::string recording_clock(double seconds);

}  // namespace framelab::ui
