#include "ui/world_files.hpp"

#include <imgui.h>

#include <filesystem>
#include <map>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_reload.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// What the Scenes panel shows of a shipped file, read once per file (a few small files).
struct shipped_world {
  std::string title, summary, error;
};

struct world_files_state {
  world_reloader reloader;
  std::string reload_error;  // the running file's last failed reload, until it loads again
  std::map<std::string, shipped_world> shipped;
};

const shipped_world& shipped_info(world_files_state& s, const std::string& file) {
  auto it = s.shipped.find(file);
  if (it != s.shipped.end()) return it->second;
  shipped_world info;
  world_spec spec;
  if (auto error = load_world(file, spec)) {
    info.title = std::filesystem::path(file).stem().string();
    info.error = *error;
  } else {
    info.title = spec.title;
    info.summary = spec.summary;
  }
  return s.shipped.emplace(file, std::move(info)).first->second;
}

}  // namespace

bool open_dropped_file(ui_state& state, const std::string& path) {
  if (std::filesystem::path(path).extension() != ".json") {
    set_message(state,
                "Not opened: " + path +
                    " is not a scene file. Drop a world scene file or a preset (.json); see docs/scene-files.md",
                true);
    return false;
  }
  return open_scene(state, path);
}

void poll_world_file(ui_state& state) {
  if (state.sim == nullptr || !state.sim->loaded()) return;
  auto& s = state.panel_state<world_files_state>();
  const std::string before = s.reloader.watched();
  const auto result = s.reloader.poll(*state.sim, world_reloader::clock::now());
  if (s.reloader.watched() != before) s.reload_error.clear();  // another scene: its old error is gone
  if (result.what == world_reloader::outcome::unchanged) return;
  if (result.what == world_reloader::outcome::failed) {
    s.reload_error = result.message;
    set_message(state, result.message, true);
    return;
  }
  s.reload_error.clear();
  sync_with_simulation(state);
  set_message(state, result.message, false);
}

void acknowledge_world_save(ui_state& state) {
  auto& s = state.panel_state<world_files_state>();
  s.reloader.acknowledge_save();
  s.reload_error.clear();
}

const std::string& world_reload_error(ui_state& state) { return state.panel_state<world_files_state>().reload_error; }

void draw_reload_error(ui_state& state) {
  const auto& s = state.panel_state<world_files_state>();
  if (s.reload_error.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  error_text(s.reload_error.c_str());
  ImGui::PopTextWrapPos();
}

void draw_shipped_worlds(ui_state& state) {
  if (state.world_files.empty()) return;
  if (!ImGui::TreeNodeEx(shipped_worlds_heading, ImGuiTreeNodeFlags_DefaultOpen)) return;
  auto& s = state.panel_state<world_files_state>();
  const std::string& running = state.sim->entry().info.name;
  for (const auto& file : state.world_files) {
    const shipped_world& info = shipped_info(s, file);
    const bool current = std::filesystem::path(running) == std::filesystem::path(file);
    ImGui::PushID(file.c_str());
    if (ImGui::Selectable(info.title.c_str(), current) && !current) open_scene(state, file);
    ImGui::PopID();
    tooltip((info.error.empty() ? info.summary + "\n" + file : info.error).c_str());
  }
  ImGui::TreePop();
}

std::vector<std::string> shipped_world_lines(ui_state& state) {
  if (state.world_files.empty()) return {};
  auto& s = state.panel_state<world_files_state>();
  std::vector<std::string> lines{shipped_worlds_heading};
  for (const auto& file : state.world_files) lines.push_back(shipped_info(s, file).title);
  return lines;
}

}  // namespace framelab::ui
