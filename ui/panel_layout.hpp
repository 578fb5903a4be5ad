#pragma once
// The panels' frames. Each frame draw_ui asks what every open panel needs at the current
// font (widths from the text the panel shows, heights in rows) and plans the layout
// (ui/default_layout.hpp). A panel then begins with begin_panel: its own window, placed
// where the plan says the first time it opens (after that the user's moves and resizes
// stay, kept by ImGui in imgui.ini; a new interface scale places them again), or, when
// the window cannot hold every open panel at its needed size, a collapsible section
// (with a close button) of one side column, "Panels", the user opens and closes.
#include "ui/default_layout.hpp"
#include "ui/ui_state.hpp"

namespace framelab::ui {

enum class panel_id { transport, browser, parameters, tree, plots, scene, benchmarks };

// Plans this frame's layout from the open panels (draw_ui calls it before any panel), and
// the stage the panels leave (ui_state::stage; presentation mode: the window, or its
// part left of a stage plot).
void update_layout(ui_state& state);

// The presentation's stage, at once: entering presentation mode frames the bodies on it
// before the next frame's layout.
void place_presentation_stage(ui_state& state);

// This frame's stage (ui_state::stage), or the whole window before the first frame.
stage_viewport current_stage(const ui_state& state);

// This frame's plan (for tests and the app).
const layout_plan& current_layout(ui_state& state);

// Begins panel `id` (scene panels: the index-th of the scene): its window or its section.
// Returns whether its content shows; call end_panel with the same id either way.
bool begin_panel(ui_state& state, panel_id id, const char* title, bool* open, int index = 0);
void end_panel(ui_state& state, panel_id id, int index = 0);

// Whether panel `id` is a section of the column this frame.
bool in_column(ui_state& state, panel_id id, int index = 0);

// The column of sections around the side panels (nothing without sections).
void begin_side_column(ui_state& state);
void end_side_column(ui_state& state);

// The height for an item that fills the rest of its panel (a plot), at least `minimum`;
// in a section of the column, where the rest is the whole column, `minimum`.
float fill_height(ui_state& state, float minimum);

// Opens every section at once (the layout tests look into each).
void open_every_section(ui_state& state);

}  // namespace framelab::ui
