#pragma once
// One function per panel; draw_ui (ui/app_ui.cpp) calls them. Each panel lives in
// its own file named after it.
#include "ui/panel_layout.hpp"
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
void draw_lesson_caption(ui_state& state);

// Play/pause, step, reset and the scene's actions on one line (the Transport panel and
// the presentation bar).
void draw_transport_buttons(ui_state& state);

// The widths the Transport and Parameters panels need to show every control and value
// whole at the current font (ui/panel_layout.hpp plans with them).
float transport_width(ui_state& state);
float parameters_width(ui_state& state);
// The height the Plots panel's content needs at `width` pixels (the channel list beside
// the plot or above it, the plot at least 8 lines tall).
float plots_height(ui_state& state, float width);

// `channels` (indices into `defs`) grouped by unit, in the order each unit first appears:
// one plot per group, so that a y axis has one unit (the Plots panel, the stage plot).
std::vector<std::vector<std::size_t>> channels_by_unit(const std::vector<channel_def>& defs,
                                                       const std::vector<std::size_t>& channels);

}  // namespace framelab::ui
