#pragma once
// File > Record: a small dialog asks where the recording goes (a default name in the
// current folder: framelab-<scene>-<date>-<time>.mp4); while recording, the menu item
// reads "Stop recording" and a red "REC mm:ss" shows in the menu bar. The ui only asks
// (ui_state::recording); the app records (app/screen_recorder.hpp).
#include <string>

#include "ui/ui_state.hpp"

namespace framelab::ui {

// The File menu's item: "Record..." or "Stop recording".
void record_menu_item(ui_state& state);

// The dialog, drawn every frame with the other dialogs (draw_ui).
void draw_record_dialog(ui_state& state);

// "REC 01:23" in red while recording (in the main menu bar; nothing otherwise). It is
// part of the picture, so the video shows it too; rehearsed runs turn it off.
void draw_recording_indicator(const ui_state& state);

// framelab-<scene>-YYYYMMDD-HHMMSS.mp4, from the local time now.
std::string default_recording_name(const std::string& scene);

// "mm:ss" of a recording's length.
std::string recording_clock(double seconds);

}  // namespace framelab::ui
