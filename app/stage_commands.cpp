#include "app/stage_commands.hpp"

#include <algorithm>
#include <array>

#include "scenes/parameter.hpp"
#include "ui/presentation.hpp"
#include "ui/split_stage.hpp"

namespace framelab {

namespace {

// The camera's settings, declared as parameters so that they parse and range-check like
// `set` and presets do (scenes/preset.cpp reads a preset's camera with the same ranges).
const std::array<param_def, 4>& camera_settings() {
  static const std::array<param_def, 4> settings = {
      vector_param("target", {0.0, 0.0, 0.0}, -1.0e6, 1.0e6, "m", "the point the camera looks at, x,y,z"),
      number_param("distance", 10.0, 0.01, 1.0e6, "m", "from the target to the eye"),
      number_param("yaw", 30.0, -3600.0, 3600.0, "deg", "around +y"),
      number_param("pitch", 25.0, -89.0, 89.0, "deg", "above the ground plane"),
  };
  return settings;
}

const param_def* camera_setting(const std::string& name) {
  const auto& settings = camera_settings();
  const auto found = std::find_if(settings.begin(), settings.end(), [&](const param_def& d) { return d.name == name; });
  return found == settings.end() ? nullptr : &*found;
}

// Parses the pairs of `camera KEY VALUE ...` into `camera` (only the keys given change).
std::optional<std::string> read_camera_pairs(const script_step& step, camera_setup& camera) {
  if (step.args.size() % 2 != 0)
    return std::string("expected KEY VALUE pairs (target X,Y,Z distance D yaw DEG pitch DEG)");
  for (std::size_t i = 0; i < step.args.size(); i += 2) {
    const param_def* def = camera_setting(step.args[i]);
    if (def == nullptr) {
      return "unknown '" + step.args[i] + "' (target, distance, yaw, pitch, follow NODE, ride NODE or frame)";
    }
    param_value value = def->default_value;
    auto error = parse_param(*def, step.args[i + 1], value);
    if (!error) error = validate_param(*def, value);
    if (error) return def->name + ": " + *error + (def->unit.empty() ? "" : " (" + def->unit + ")");
    if (def->name == "target") {
      const auto& v = std::get<std::vector<double>>(value);
      camera.target = {v[0], v[1], v[2]};
    } else {
      const double x = std::get<double>(value);
      (def->name == "distance" ? camera.distance : def->name == "yaw" ? camera.yaw_deg : camera.pitch_deg) = x;
    }
  }
  return std::nullopt;
}

std::string names_of_nodes(const scene_view& view) {
  std::string names;
  for (const auto& node : view.nodes) names += (names.empty() ? "" : ", ") + node.name;
  return names;
}

std::string names_of_channels(const simulation& sim) {
  std::string names;
  for (const auto& def : sim.channel_defs()) names += (names.empty() ? "" : ", ") + def.name;
  return names;
}

std::optional<std::string> check_camera(const script_step& step) {
  const std::string& first = step.args.empty() ? std::string() : step.args[0];
  if (first == "frame") {
    if (step.args.size() != 1) return std::string("'camera frame' takes nothing more");
    return std::nullopt;
  }
  if (first == "follow" || first == "ride") {
    if (step.args.size() != 2) return "'camera " + first + "' needs one node name";
    return std::nullopt;
  }
  if (first == "focus") {
    if (step.args.size() < 2) return std::string("'camera focus' needs one or more node names");
    return std::nullopt;
  }
  camera_setup probe;
  return read_camera_pairs(step, probe);
}

std::optional<std::string> run_camera(const script_step& step, ui::ui_state& state) {
  ui::camera_link& camera = state.camera;
  const std::string& first = step.args[0];
  if (first == "frame" || first == "focus") {
    std::vector<std::string> focus(step.args.begin() + 1, step.args.end());
    for (const auto& name : focus) {
      if (!find_node(state.sim->view(), name))
        return "no node '" + name + "' in scene " + state.sim->entry().info.name +
               " (nodes: " + names_of_nodes(state.sim->view()) + ")";
    }
    camera.mode = ui::camera_mode::automatic;
    camera.node.clear();
    camera.focus = std::move(focus);  // `camera frame`: the scene's own focus again
    if (ui::presenting(state) && camera.frame_scene) camera.frame_scene();
    return std::nullopt;
  }
  if (first == "follow" || first == "ride") {
    if (!find_node(state.sim->view(), step.args[1])) {
      return "no node '" + step.args[1] + "' in scene " + state.sim->entry().info.name +
             " (nodes: " + names_of_nodes(state.sim->view()) + ")";
    }
    camera.mode = first == "follow" ? ui::camera_mode::follow : ui::camera_mode::ride;
    camera.node = step.args[1];
    return std::nullopt;
  }
  if (!camera.get || !camera.set) return std::string("no camera");
  camera_setup setup = camera.get();
  if (auto error = read_camera_pairs(step, setup)) return error;
  camera.set(setup);
  // A new target ends following; distance, yaw and pitch keep a followed or ridden node.
  const bool on_node = camera.mode == ui::camera_mode::follow || camera.mode == ui::camera_mode::ride;
  const bool new_target =
      std::any_of(step.args.begin(), step.args.end(), [](const std::string& a) { return a == "target"; });
  if (!on_node || new_target) {
    camera.mode = ui::camera_mode::fixed;
    camera.node.clear();
  }
  return std::nullopt;
}

std::optional<std::string> run_plot(const script_step& step, ui::ui_state& state) {
  const bool was_shown = ui::stage_plot_shown(state);
  if (step.args.size() == 1 && step.args[0] == "off") {
    state.stage_plot.clear();
  } else {
    const auto& defs = state.sim->channel_defs();
    for (const std::string& channel : step.args) {
      if (std::none_of(defs.begin(), defs.end(), [&](const channel_def& d) { return d.name == channel; })) {
        return "no channel '" + channel + "' in scene " + state.sim->entry().info.name +
               " (channels: " + names_of_channels(*state.sim) + ")";
      }
    }
    state.stage_plot = step.args;
  }
  // The stage changed shape: the bodies go to their new place at once.
  if (was_shown != ui::stage_plot_shown(state) && state.camera.mode == ui::camera_mode::automatic &&
      state.camera.frame_scene)
    state.camera.frame_scene();
  return std::nullopt;
}

// `split FRAME`: the world's view and FRAME's side by side (ui/split_stage.hpp); `split off`.
std::optional<std::string> run_split(const script_step& step, ui::ui_state& state) {
  const std::string& frame = step.args[0];
  if (frame == "off") {
    state.split_frame.clear();
    return std::nullopt;
  }
  const std::vector<std::string> choices = ui::split_choices(state.sim->view());
  if (std::find(choices.begin(), choices.end(), frame) == choices.end()) {
    std::string names;
    for (const auto& c : choices) names += (names.empty() ? "" : ", ") + c;
    return "no frame '" + frame + "' in scene " + state.sim->entry().info.name + " (frames: " + names + ")";
  }
  state.split_frame = frame;
  return std::nullopt;
}

}  // namespace

bool is_stage_command(const std::string& command) {
  return command == "camera" || command == "plot" || command == "split";
}

std::optional<std::string> check_stage_command(const script_step& step) {
  if (step.command == "camera") {
    if (step.args.empty())
      return std::string("camera: expected target, distance, yaw, pitch, follow, ride, focus or frame");
    if (auto error = check_camera(step)) return "camera: " + *error;
  }
  if (step.command == "split" && step.args.size() != 1) {
    return std::string("split: expected one frame name (as in the Scene tree) or off");
  }
  if (step.command == "plot" && (step.args.empty() || step.args.size() > ui::max_stage_plot_channels)) {
    return "plot: expected one to " + std::to_string(ui::max_stage_plot_channels) +
           " channel names (as in the Plots panel) or off";
  }
  return std::nullopt;
}

std::optional<std::string> run_stage_command(const script_step& step, ui::ui_state& state) {
  if (state.sim == nullptr || !state.sim->loaded()) return std::string("no scene is loaded");
  if (step.command == "camera") {
    if (auto error = run_camera(step, state)) return "camera: " + *error;
  }
  if (step.command == "plot") {
    if (auto error = run_plot(step, state)) return "plot: " + *error;
  }
  if (step.command == "split") {
    if (auto error = run_split(step, state)) return "split: " + *error;
  }
  return std::nullopt;
}

}  // namespace framelab
