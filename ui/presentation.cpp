#include "ui/presentation.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <span>

#include "scenes/registry.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_spec.hpp"
#include "ui/line_plot.hpp"
#include "ui/panel_layout.hpp"
#include "ui/panels.hpp"
#include "ui/reading_text.hpp"
#include "ui/widgets.hpp"
#include "ui/world_files.hpp"

namespace framelab::ui {

namespace {

// Keeps the current window's rectangle for the 3D view's labels to keep off.
void note_overlay(ui_state& state) {
  const ImVec2 p = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  state.stage_overlays.push_back({p.x, p.y, size.x, size.y});
}

constexpr ImGuiWindowFlags overlay_flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                                           ImGuiWindowFlags_NoMove;

// Bottom centre: play/pause, step, reset, the scene's actions, the time, and the way out,
// in the stage font (readable from the back row like the readouts).
void draw_transport_bar(ui_state& state) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::PushFont(font_for(font_role::stage));
  const float margin = ImGui::GetFontSize() * 0.5f;
  ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - margin), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
  ImGui::SetNextWindowBgAlpha(0.75f);
  if (ImGui::Begin("##presentation_transport", nullptr, overlay_flags)) {
    draw_transport_buttons(state);
    ImGui::SameLine();
    ImGui::Text("t = %.2f s", state.sim->time());
    ImGui::SameLine();
    if (button("Panels (Tab)", "Leave presentation mode: bring the panels back (Tab)")) leave_presentation(state);
    note_overlay(state);
    state.transport_bar_top = ImGui::GetWindowPos().y;
  }
  ImGui::End();
  ImGui::PopFont();
}

// A channel to read out, with how to show it.
struct readout_row {
  std::size_t channel = 0;
  readout_def shown;
};

// The channels to read out: the scene's own choice (scene_info::readouts, with their labels
// and digits), else the channels ticked in the Plots panel; at most max_readouts.
std::vector<readout_row> readout_channels(const ui_state& state) {
  const auto& defs = state.sim->channel_defs();
  std::vector<readout_row> chosen;
  for (const auto& readout : state.sim->entry().info.readouts) {
    for (std::size_t i = 0; i < defs.size(); ++i) {
      if (defs[i].name == readout.channel && chosen.size() < max_readouts) chosen.push_back({i, readout});
    }
  }
  for (std::size_t i = 0; chosen.empty() && i < defs.size() && i < state.plotted.size(); ++i) {
    if (state.plotted[i] && chosen.size() < max_readouts) chosen.push_back({i, readout_def(defs[i].name)});
  }
  return chosen;
}

// Top left: the scene's name and its readouts, name  value  unit, in the stage font
// (ui/presentation.hpp: large enough for the back row), values right-aligned.
void draw_readouts(ui_state& state) {
  const auto& defs = state.sim->channel_defs();
  const auto& values = state.sim->channel_values();
  ImGui::PushFont(font_for(font_role::stage));
  const float margin = ImGui::GetFontSize() * 0.3f;
  ImGui::SetNextWindowPos(ImVec2(margin, margin), ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.6f);
  if (ImGui::Begin("##presentation_readouts", nullptr, overlay_flags)) {
    ImGui::TextDisabled("%s", display_name(state.sim->entry().info).c_str());
    constexpr ImGuiTableFlags table_flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoSavedSettings;
    // columns apart in proportion to the stage font, whatever the interface size
    ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(0.25f * ImGui::GetFontSize(), 0.0f));
    const bool table = ImGui::BeginTable("##readout_values", 3, table_flags);
    ImGui::PopStyleVar();
    if (table) {
      for (const auto& [i, shown] : readout_channels(state)) {
        if (i >= values.size()) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(shown.shown_label().c_str());
        tooltip((defs[i].description + (shown.label.empty() ? "" : " (channel " + defs[i].name + ")")).c_str());
        ImGui::TableNextColumn();
        const std::string value = reading_text(values[i], shown.digits);
        // right-aligned in a column as wide as "-0.0000e-00"
        const float column = std::max(ImGui::CalcTextSize("-0.0000e-00").x, ImGui::CalcTextSize(value.c_str()).x);
        ImGui::SetCursorPosX(ImGui::GetCursorPosX() + column - ImGui::CalcTextSize(value.c_str()).x);
        ImGui::TextUnformatted(value.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(defs[i].unit.c_str());
      }
      ImGui::EndTable();
    }
    note_overlay(state);
  }
  ImGui::End();
  ImGui::PopFont();
}

// Top centre, while the running file's last reload failed (until the next good load): the
// lecturer who saved a typo sees why the stage did not change, in the stage font; the
// old scene keeps running under it.
void draw_reload_banner(ui_state& state) {
  const std::string& error = world_reload_error(state);
  if (error.empty()) return;
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::PushFont(font_for(font_role::stage));
  const float margin = 0.3f * ImGui::GetFontSize();
  float top = margin;  // below the readouts (and anything else drawn in the top half)
  for (const auto& r : state.stage_overlays)
    if (r.y < 0.5f * display.y) top = std::max(top, r.y + r.height + margin);
  ImGui::SetNextWindowPos(ImVec2(0.5f * display.x, top), ImGuiCond_Always, ImVec2(0.5f, 0.0f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(0.6f * display.x, 0.5f * display.y));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, IM_COL32(110, 20, 20, 235));
  if (ImGui::Begin("##reload_banner", nullptr, overlay_flags)) {
    ImGui::PushTextWrapPos(0.6f * display.x - 2.0f * ImGui::GetStyle().WindowPadding.x);
    ImGui::TextUnformatted(error.c_str());
    ImGui::PopTextWrapPos();
    note_overlay(state);
  }
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

// The channels' samples within the history window the Plots panel uses (ui_state::plot_window_s).
plot_series channel_series(const ui_state& state, std::size_t channel) {
  const auto& def = state.sim->channel_defs()[channel];
  const auto& history = state.sim->history();
  const auto& times = history.times();
  const auto& values = history.values(channel);
  const std::size_t n = std::min(values.size(), times.size());
  std::size_t first = 0;
  if (state.plot_window_s > 0.0 && n > 0) {
    const double start = times[n - 1] - state.plot_window_s;
    first = static_cast<std::size_t>(std::lower_bound(times.begin(), times.begin() + static_cast<long>(n), start) -
                                     times.begin());
  }
  return {def.name, std::span<const double>(times).subspan(first, n - first),
          std::span<const double>(values).subspan(first, n - first), series_color(channel)};
}

// Right of the 3D view: the stage plot's channels against time, in the stage font, one
// plot per unit (a y axis has one unit), stacked, sharing the height.
void draw_stage_plot(ui_state& state, const std::vector<std::size_t>& channels) {
  const auto& defs = state.sim->channel_defs();
  const auto groups = channels_by_unit(defs, channels);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::PushFont(font_for(font_role::stage));
  const float margin = 0.3f * ImGui::GetFontSize();
  const float bottom = 2.0f * ImGui::GetFrameHeightWithSpacing();  // above the transport bar
  ImGui::SetNextWindowPos(ImVec2((1.0f - stage_plot_share) * display.x, margin), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(stage_plot_share * display.x - margin, display.y - margin - bottom),
                           ImGuiCond_Always);
  ImGui::SetNextWindowBgAlpha(0.75f);
  constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoMove;
  if (ImGui::Begin("##stage_plot", nullptr, flags)) {
    ImGui::SetWindowFontScale(1.0f);  // kept by the window from the last frame otherwise
    const float spacing = ImGui::GetStyle().ItemSpacing.y;
    // Plots of several units that would not fit at their least height (8 text lines of
    // data each) share the height in a smaller font rather than run off the window.
    float needed = spacing * static_cast<float>(groups.size() - 1);
    for (const auto& group : groups) needed += min_plot_height(group.size());
    const float room = ImGui::GetContentRegionAvail().y;
    if (needed > room) ImGui::SetWindowFontScale(std::max(0.5f, 0.9f * room / needed));  // 0.9: padding does not shrink
    const float each = (ImGui::GetContentRegionAvail().y - spacing * static_cast<float>(groups.size() - 1)) /
                       static_cast<float>(groups.size());
    for (std::size_t u = 0; u < groups.size(); ++u) {
      std::vector<plot_series> series;
      for (const std::size_t c : groups[u]) series.push_back(channel_series(state, c));
      const std::string& unit = defs[groups[u].front()].unit;
      plot_options options;
      options.x_label = "t (s)";
      options.y_label = unit.empty() ? std::string("(no unit)") : unit;
      options.size = ImVec2(0.0f, each);
      ImGui::PushID(static_cast<int>(u));
      line_plot("##stage_plot_lines", series, options);
      ImGui::PopID();
    }
    note_overlay(state);
  }
  ImGui::End();
  ImGui::PopFont();
}

}  // namespace

std::vector<std::size_t> stage_plot_channels(const ui_state& state) {
  std::vector<std::size_t> chosen;
  if (state.sim == nullptr || !state.sim->loaded()) return chosen;
  const auto& defs = state.sim->channel_defs();
  for (const auto& name : state.stage_plot) {
    for (std::size_t i = 0; i < defs.size(); ++i) {
      if (defs[i].name == name && chosen.size() < max_stage_plot_channels) chosen.push_back(i);
    }
  }
  return chosen;
}

bool stage_plot_shown(const ui_state& state) {
  return presenting(state) && !stage_plot_channels(state).empty();
}

namespace {

// The running scene's file, for a world scene (scenes/world/world_scene.hpp).
const world_spec* scene_file(const scene& current) {
  const auto* world = dynamic_cast<const world_scene*>(&current);
  return world != nullptr && world->spec() ? world->spec().get() : nullptr;
}

}  // namespace

camera_mode starting_camera_mode(const simulation& sim, bool preset_camera) {
  const auto& built_in = registered_scenes();
  const bool opened_as_file = std::none_of(built_in.begin(), built_in.end(), [&](const scene_entry& e) {
    return e.info.name == sim.entry().info.name;
  });
  const world_spec* file = opened_as_file ? scene_file(sim.current()) : nullptr;
  const bool placed_by_file = file != nullptr && file->camera.has_value() && file->focus.empty();
  return preset_camera || placed_by_file ? camera_mode::fixed : camera_mode::automatic;
}

const std::vector<std::string>& camera_focus(const ui_state& state) {
  static const std::vector<std::string> everything;
  if (!state.camera.focus.empty() || state.sim == nullptr || !state.sim->loaded()) return state.camera.focus;
  const world_spec* file = scene_file(state.sim->current());
  return file != nullptr ? file->focus : everything;
}

void enter_presentation(ui_state& state) {
  if (presenting(state)) return;
  ui_state::layout_memory memory;
  memory.panels = visible_panels(state);
  memory.help = state.show_help;
  if (state.camera.get) memory.camera = state.camera.get();
  state.before_presentation = memory;
  show_panels(state, panel_visibility{false, false, false, false, false, false});
  state.show_help = false;
  if (state.camera.mode == camera_mode::user) state.camera.mode = camera_mode::automatic;
  place_presentation_stage(state);
  if (state.camera.mode == camera_mode::automatic && state.camera.frame_scene) state.camera.frame_scene();
}

void leave_presentation(ui_state& state) {
  if (!presenting(state)) return;
  const ui_state::layout_memory memory = *state.before_presentation;
  state.before_presentation.reset();
  show_panels(state, memory.panels);
  state.show_help = memory.help;
  if (state.camera.set) state.camera.set(memory.camera);
}

void toggle_presentation(ui_state& state) {
  if (presenting(state)) {
    leave_presentation(state);
  } else {
    enter_presentation(state);
  }
}

void user_moved_camera(ui_state& state) {
  if (presenting(state) && state.camera.mode == camera_mode::automatic) state.camera.mode = camera_mode::user;
}

void draw_presentation_overlay(ui_state& state) {
  state.stage_overlays.clear();
  state.transport_bar_top = ImGui::GetIO().DisplaySize.y;
  // A recording of the stage shows the physics, not the controls (the keys still work).
  if (!recording_the_stage(state)) draw_transport_bar(state);
  draw_readouts(state);
  draw_reload_banner(state);
  if (const auto channels = stage_plot_channels(state); !channels.empty()) draw_stage_plot(state, channels);
}

}  // namespace framelab::ui
