#include "ui/settings.hpp"

#include <algorithm>
#include <system_error>

#include <nlohmann/json.hpp>

#include "common/atomic_file.hpp"
#include "scenes/registry.hpp"
#include "ui/ui_scale.hpp"

namespace framelab::ui {

namespace {

using json = nlohmann::json;

constexpr std::size_t max_scene_text = 4096;

// Moves `file` to `file.corrupt` (replacing an older one); the message for the user.
std::string move_aside(const std::filesystem::path& file, const std::string& reason) {
  std::filesystem::path aside = file;
  aside += ".corrupt";
  std::error_code ec;
  std::filesystem::rename(file, aside, ec);
  if (ec) {
    return file.string() + ": " + reason + "; could not move it aside (" + ec.message() + "); using defaults";
  }
  return file.string() + ": " + reason + "; moved aside to " + aside.string() + ", using defaults";
}

// One boolean member of "panels", if present; a wrong type is an error.
std::optional<std::string> read_flag(const json& panels, const char* key, bool& flag) {
  if (!panels.contains(key)) return std::nullopt;
  if (!panels[key].is_boolean()) return std::string("panels.") + key + ": expected true or false";
  flag = panels[key].get<bool>();
  return std::nullopt;
}

std::optional<std::string> parse_settings(const std::string& text, app_settings& out) {
  const json root = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (root.is_discarded()) return std::string("not valid JSON");
  if (!root.is_object()) return std::string("expected a JSON object");
  app_settings settings;
  if (root.contains("recent_scenes")) {
    const json& recent = root["recent_scenes"];
    if (!recent.is_array()) return std::string("recent_scenes: expected a list of scene names or files");
    for (const json& item : recent) {
      if (!item.is_string() || item.get_ref<const std::string&>().empty() ||
          item.get_ref<const std::string&>().size() > max_scene_text) {
        return std::string("recent_scenes: every entry must be a non-empty scene name or file");
      }
      if (settings.recent_scenes.size() < max_recent_scenes) settings.recent_scenes.push_back(item.get<std::string>());
    }
  }
  if (root.contains("panels")) {
    const json& panels = root["panels"];
    if (!panels.is_object()) return std::string("panels: expected an object of true/false");
    auto& p = settings.panels;
    for (auto [key, flag] : {std::pair{"browser", &p.browser}, {"transport", &p.transport},
                             {"parameters", &p.parameters}, {"tree", &p.tree}, {"plots", &p.plots},
                             {"benchmarks", &p.benchmarks}}) {
      if (auto error = read_flag(panels, key, *flag)) return error;
    }
  }
  if (root.contains("ui_scale_percent")) {
    const json& scale = root["ui_scale_percent"];
    if (!scale.is_number_integer() || scale.get<long long>() < min_ui_scale_percent ||
        scale.get<long long>() > max_ui_scale_percent) {
      return "ui_scale_percent: expected a whole number from " + std::to_string(min_ui_scale_percent) + " to " +
             std::to_string(max_ui_scale_percent);
    }
    settings.ui_scale_percent = scale.get<int>();
  }
  out = std::move(settings);
  return std::nullopt;
}

}  // namespace

settings_load load_settings(const std::filesystem::path& file) {
  settings_load result;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return result;
  std::string text;
  std::optional<std::string> error = read_small_file(file, max_settings_bytes, text);
  if (!error) error = parse_settings(text, result.settings);
  if (error) {
    result.settings = {};
    result.message = move_aside(file, *error);
  }
  return result;
}

std::optional<std::string> save_settings(const std::filesystem::path& file, const app_settings& settings) {
  const auto& p = settings.panels;
  json root = {{"recent_scenes", settings.recent_scenes},
               {"panels",
                {{"browser", p.browser},
                 {"transport", p.transport},
                 {"parameters", p.parameters},
                 {"tree", p.tree},
                 {"plots", p.plots},
                 {"benchmarks", p.benchmarks}}}};
  if (settings.ui_scale_percent) root["ui_scale_percent"] = *settings.ui_scale_percent;
  return write_file_atomically(file, root.dump(2) + "\n");
}

std::optional<std::string> quarantine_if_not_text(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::nullopt;
  std::string text;
  if (auto error = read_small_file(file, max_settings_bytes, text)) return move_aside(file, *error);
  if (text.find('\0') != std::string::npos) return move_aside(file, "not a text file");
  return std::nullopt;
}

std::string recent_entry(const std::string& name_or_file) {
  if (find_scene(name_or_file) != nullptr) return name_or_file;
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(name_or_file, ec);
  return ec ? name_or_file : absolute.lexically_normal().string();
}

void remember_recent(std::vector<std::string>& recent, const std::string& scene) {
  if (scene.empty() || scene.size() > max_scene_text) return;
  recent.erase(std::remove(recent.begin(), recent.end(), scene), recent.end());
  recent.insert(recent.begin(), scene);
  if (recent.size() > max_recent_scenes) recent.resize(max_recent_scenes);
}

app_settings settings_from(const ui_state& state) {
  app_settings settings;
  settings.recent_scenes = state.recent_scenes;
  // In presentation mode the panels are hidden for the moment: the layout to keep is the one before.
  settings.panels = state.before_presentation ? state.before_presentation->panels : visible_panels(state);
  settings.ui_scale_percent = state.ui_scale_percent;
  return settings;
}

void apply_settings(const app_settings& settings, ui_state& state) {
  state.recent_scenes = settings.recent_scenes;
  show_panels(state, settings.panels);
  if (settings.ui_scale_percent) state.ui_scale_percent = clamp_ui_scale(*settings.ui_scale_percent);
}

}  // namespace framelab::ui
