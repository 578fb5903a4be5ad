#pragma once
// One function per panel; draw_ui (ui/app_ui.cpp) calls them. Each panel lives in
// its own file named after it.
#include "ui/ui_state.hpp"

namespace framelab::ui {

void draw_main_menu(ui_state& state);
void draw_scene_browser(ui_state& state);
void draw_transport_panel(ui_state& state);
void draw_parameters_panel(ui_state& state);
void draw_scene_tree_panel(ui_state& state);
void draw_plots_panel(ui_state& state);
void draw_help_panel(ui_state& state);
void draw_preset_dialogs(ui_state& state);

// Default placement of a panel on first use, as fractions of the display.
void place_window(float x, float y, float w, float h);

}  // namespace framelab::ui
