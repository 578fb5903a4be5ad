#include <imgui.h>

#include "scenes/preset.hpp"
#include "ui/benchmarks_panel.hpp"
#include "ui/panels.hpp"
#include "ui/presentation.hpp"
#include "ui/record_dialog.hpp"
#include "ui/scene_panels.hpp"
#include "ui/settings.hpp"
#include "ui/ui_scale.hpp"

namespace framelab::ui {

void set_message(ui_state& state, std::string text, bool is_error) {
  state.message = std::move(text);
  state.message_is_error = is_error;
}

panel_visibility visible_panels(const ui_state& state) {
  return {state.show_browser, state.show_transport, state.show_parameters,
          state.show_tree,    state.show_plots,     state.show_benchmarks};
}

void show_panels(ui_state& state, const panel_visibility& panels) {
  state.show_browser = panels.browser;
  state.show_transport = panels.transport;
  state.show_parameters = panels.parameters;
  state.show_tree = panels.tree;
  state.show_plots = panels.plots;
  state.show_benchmarks = panels.benchmarks;
}

void record_live_setting(ui_state& state, const std::string& name, const param_value& value) {
  if (auto error = state.sim->record_live_parameter(name, value)) {
    set_message(state, "Not recorded: " + *error, true);
    return;
  }
  state.edited.set(name, value);
  set_message(state, name + " = " + format_param(value) + " (live, no reset)", false);
}

std::optional<std::string> set_scene_parameter(ui_state& state, const std::string& assignment) {
  if (state.sim == nullptr || !state.sim->loaded()) return std::string("no scene is loaded");
  param_values values = state.sim->parameters();
  auto error = apply_assignments(state.sim->parameter_defs(), {assignment}, values);
  if (!error) error = state.sim->set_parameters(values);
  if (error) return *error + " (scene " + state.sim->entry().info.name + ")";
  state.edited = values;
  state.field_errors.clear();
  set_message(state, "Applied " + assignment, false);
  return std::nullopt;
}

void sync_with_simulation(ui_state& state) {
  if (state.sim == nullptr || !state.sim->loaded()) return;
  state.edited = state.sim->parameters();
  state.field_errors.clear();
  const std::size_t channels = state.sim->channel_defs().size();
  state.plotted.assign(channels, false);
  for (std::size_t i = 0; i < channels && i < 3; ++i) state.plotted[i] = true;
  if (state.selected_node >= static_cast<int>(state.sim->view().nodes.size())) state.selected_node = -1;
}

void start_camera(ui_state& state, const camera_setup& setup) {
  if (!state.camera.set || !state.camera.get) return;
  state.camera.set(setup);
  state.camera.starting = camera_link::starting_camera{setup, state.camera.get(), {}};
}

bool open_scene(ui_state& state, const std::string& name_or_file) {
  preset loaded;
  auto error = resolve_scene_argument(name_or_file, loaded);
  if (!error) error = state.sim->load(*find_scene(loaded.scene), loaded.values);
  if (error) {
    set_message(state, "Not loaded: " + *error, true);
    return false;
  }
  state.selected_node = -1;
  sync_with_simulation(state);
  start_camera(state, loaded.camera.value_or(state.sim->view().camera));
  // A preset's or the scene file's camera is the lecturer's choice, kept in presentation mode too.
  state.camera.mode = starting_camera_mode(*state.sim, loaded.camera.has_value());
  state.camera.focus.clear();
  if (presenting(state) && state.camera.mode == camera_mode::automatic && state.camera.frame_scene)
    state.camera.frame_scene();  // the new bodies on stage
  remember_recent(state.recent_scenes, recent_entry(name_or_file));
  set_message(state, "Loaded " + loaded.scene, false);
  return true;
}

void apply_shortcut(ui_state& state, shortcut command) {
  switch (command) {
    case shortcut::toggle_pause:
      state.sim->toggle_paused();
      break;
    case shortcut::single_step:
      state.sim->set_paused(true);
      state.sim->single_step();
      break;
    case shortcut::reset:
      state.sim->reset();
      break;
    case shortcut::toggle_help:
      state.show_help = !state.show_help;
      break;
    case shortcut::escape:
      // Esc closes the help window or a dialog first, then leaves presentation mode and
      // fullscreen; with nothing open it quits.
      if (state.show_help) {
        state.show_help = false;
      } else if (state.dialog_open) {
        state.close_dialog = true;
      } else if (state.fullscreen) {
        state.fullscreen = false;
      } else if (presenting(state)) {
        leave_presentation(state);
      } else {
        state.quit_requested = true;
      }
      break;
    case shortcut::toggle_presentation:
      toggle_presentation(state);
      break;
    case shortcut::toggle_fullscreen:
      state.fullscreen = !state.fullscreen;
      break;
    case shortcut::larger_ui:
      state.ui_scale_percent = step_ui_scale(state.ui_scale_percent, +1);
      break;
    case shortcut::smaller_ui:
      state.ui_scale_percent = step_ui_scale(state.ui_scale_percent, -1);
      break;
    case shortcut::default_ui_size:
      state.ui_scale_percent = min_ui_scale_percent;
      break;
  }
}

void draw_ui(ui_state& state) {
  if (state.sim == nullptr || !state.sim->loaded()) return;
  if (state.plotted.size() != state.sim->channel_defs().size()) sync_with_simulation(state);
  if (presenting(state)) {
    draw_presentation_overlay(state);
  } else {
    draw_main_menu(state);
  }
  if (!state.lesson.title.empty() || !state.lesson.caption.empty()) draw_lesson_caption(state);
  update_layout(state);
  const bool transport_in_column = in_column(state, panel_id::transport);
  if (state.show_transport && !transport_in_column) draw_transport_panel(state);
  begin_side_column(state);
  if (state.show_transport && transport_in_column) draw_transport_panel(state);
  if (state.show_browser) draw_scene_browser(state);
  if (state.show_parameters) draw_parameters_panel(state);
  if (state.show_tree) draw_scene_tree_panel(state);
  if (state.show_plots) draw_plots_panel(state);
  draw_scene_panels(state, /*visible=*/!presenting(state));
  end_side_column(state);
  if (state.show_benchmarks) draw_benchmarks_panel(state);
  if (state.show_help) draw_help_panel(state);
  // Esc (apply_shortcut) closes whichever dialog says it is open.
  state.dialog_open = false;
  draw_preset_dialogs(state);
  state.relayout_panels = false;
  draw_record_dialog(state);
  state.close_dialog = false;
}

}  // namespace framelab::ui
