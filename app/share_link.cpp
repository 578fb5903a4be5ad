#include "app/share_link.hpp"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <utility>

#include "app/cli.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"

namespace framelab {

namespace {

// True when `file` is one of the shipped scene files and the running spec is still what it says.
bool unedited_shipped_file(const std::string& file, const world_spec& running,
                           const std::vector<std::string>& shipped_world_files) {
  if (std::find(shipped_world_files.begin(), shipped_world_files.end(), file) == shipped_world_files.end()) return false;
  world_spec shipped;
  if (load_world(file, shipped)) return false;
  return world_to_json(shipped) == world_to_json(running);
}

}  // namespace

share_link make_share_link(const simulation& sim, const std::vector<std::string>& shipped_world_files, bool present,
                           int ui_scale_percent) {
  share_link link;
  std::vector<std::pair<std::string, std::string>> parameters;
  const std::string& name = sim.entry().info.name;
  if (const world_scene* file_world = as_file_world(sim.current())) {
    const std::string file_name = std::filesystem::path(name).filename().string();
    if (unedited_shipped_file(name, *file_world->spec(), shipped_world_files)) {
      parameters.emplace_back("scene", std::string(page_assets_folder) + "/worlds/" + file_name);
    } else {
      link.file_name = file_name;
      link.file_text = world_to_json(*file_world->spec());
    }
  } else {
    parameters.emplace_back("scene", name);
  }
  for (const param_def& def : sim.parameter_defs()) {
    const param_value& value = sim.parameters().get(def.name);
    if (value != def.default_value) parameters.emplace_back("set", def.name + "=" + format_param(value));
  }
  if (present) parameters.emplace_back("present", "1");
  if (ui_scale_percent != 100) parameters.emplace_back("ui-scale", std::to_string(ui_scale_percent));
  link.query = page_url_query(parameters);
  return link;
}

}  // namespace framelab
