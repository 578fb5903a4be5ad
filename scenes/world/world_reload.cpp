#include "scenes/world/world_reload.hpp"

#include <system_error>

#include "scenes/world/world_edit.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {

std::optional<file_stamp> stamp_of(const std::filesystem::path& path) {
  std::error_code ec;
  file_stamp s;
  s.modified = std::filesystem::last_write_time(path, ec);
  if (ec) return std::nullopt;
  s.size = std::filesystem::file_size(path, ec);
  if (ec) return std::nullopt;
  return s;
}

param_values carried_parameters(const std::vector<param_def>& old_defs, const param_values& old_values,
                                const std::vector<param_def>& new_defs) {
  param_values values = param_values::defaults(new_defs);
  for (const auto& def : new_defs) {
    const param_def* old = find_param(old_defs, def.name);
    if (old == nullptr || old->kind != def.kind || !old_values.contains(def.name)) continue;
    const param_value& value = old_values.get(def.name);
    const bool user_set = !(value == old->default_value);
    if (user_set && !validate_param(def, value)) values.set(def.name, value);
  }
  return values;
}

std::optional<std::string> reload_world(simulation& sim, const std::string& path) {
  world_spec spec;
  if (auto error = load_world(path, spec)) return error;
  if (auto error = run_world(sim, std::move(spec))) return path + ": " + *error;
  return std::nullopt;
}

std::optional<std::string> running_world_file(const simulation& sim) {
  if (!sim.loaded() || as_file_world(sim.current()) == nullptr) return std::nullopt;
  return sim.entry().info.name;  // a world entry is named by its file (make_world_entry)
}

world_reloader::result world_reloader::poll(simulation& sim, clock::time_point now, bool force) {
  if (!force && now < next_check_) return {};
  next_check_ = now + poll_interval;
  const auto file = running_world_file(sim);
  if (!file) {
    path_.clear();
    return {};
  }
  if (*file != path_ || sim.scene_serial() != serial_) {
    path_ = *file;  // a newly opened file (or opened again): watch it from now on
    serial_ = sim.scene_serial();
    stamp_ = stamp_of(path_);
    return {};
  }
  const auto stamp = stamp_of(path_);
  if (!stamp || stamp == stamp_) return {};  // unchanged, or gone for a moment while an editor saves
  stamp_ = stamp;
  if (auto error = reload_world(sim, path_)) return {outcome::failed, "Reload failed, the old scene keeps running: " + *error};
  serial_ = sim.scene_serial();
  return {outcome::reloaded, "Reloaded " + path_ + " (changed on disk): restarted at t = 0"};
}

}  // namespace framelab
