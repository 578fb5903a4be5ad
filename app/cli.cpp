#include "app/cli.hpp"

#include <cmath>
#include <ostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "scenes/simulation.hpp"

#ifndef FRAMELAB_VERSION
#define FRAMELAB_VERSION "unknown"
#endif

namespace framelab {

namespace {

constexpr int usage_error = 2;

void add_scene_options(CLI::App& command, std::string& scene, std::vector<std::string>& sets) {
  command.add_option("--scene", scene, "Scene name (see list-scenes) or preset file (.json)")->required();
  command.add_option("--set", sets, "Set a parameter: key=value; vectors as key=x,y,z (repeatable)")
      ->type_name("KEY=VALUE");
}

// Checks the values CLI11 cannot: ranges, finiteness, formats.
std::string validate(const cli_request& request, const std::string& size_text) {
  if (request.kind == command_kind::sim) {
    const auto& sim = request.sim;
    clock_settings clock;
    clock.dt = sim.dt;
    if (auto error = validate_clock(clock)) return "--" + *error;
    if (sim.steps < 0 || sim.steps > max_steps) return "--steps: must be in [0, " + std::to_string(max_steps) + "]";
    if (sim.every < 1 || sim.every > max_steps) return "--every: must be a positive number of steps";
    if (sim.csv.empty()) return "--csv: needs a file name or - for standard output";
  }
  if (request.kind == command_kind::shot) {
    int width = 0;
    int height = 0;
    if (!size_text.empty() && !parse_size(size_text, width, height)) {
      return "--size: expected WxH with each side in [64, 16384], got '" + size_text + "'";
    }
    if (request.shot.frames < 1 || request.shot.frames > max_frames) {
      return "--frames: must be in [1, " + std::to_string(max_frames) + "]";
    }
    if (request.shot.out.empty()) return "--out: needs a file name";
  }
  return {};
}

}  // namespace

bool parse_size(const std::string& text, int& width, int& height) {
  const auto x = text.find('x');
  if (x == std::string::npos || x == 0 || x + 1 >= text.size()) return false;
  try {
    std::size_t used_w = 0;
    std::size_t used_h = 0;
    const int w = std::stoi(text.substr(0, x), &used_w);
    const int h = std::stoi(text.substr(x + 1), &used_h);
    if (used_w != x || used_h != text.size() - x - 1) return false;
    if (w < 64 || h < 64 || w > 16384 || h > 16384) return false;
    width = w;
    height = h;
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

cli_request parse_command_line(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  cli_request request;
  CLI::App app{"framelab: an interactive simulator for rigid-body and reference-frame physics", "framelab"};
  app.set_version_flag("--version", std::string("framelab ") + FRAMELAB_VERSION);
  app.add_option("--scene", request.gui.scene, "Open the GUI on this scene name or preset file (.json)");

  auto* list = app.add_subcommand("list-scenes", "List the scenes: name, category and a one-line summary");

  auto* sim = app.add_subcommand("sim", "Run a scene headless (no window, no GL) and write its channels as CSV");
  add_scene_options(*sim, request.sim.scene, request.sim.sets);
  sim->add_option("--dt", request.sim.dt, "Time step in seconds")->capture_default_str();
  sim->add_option("--steps", request.sim.steps, "Number of steps to run")->capture_default_str();
  sim->add_option("--every", request.sim.every, "Write a row every K steps (and at t = 0)")->capture_default_str();
  sim->add_option("--csv", request.sim.csv, "Output file, or - for standard output")->capture_default_str();

  std::string size_text;
  auto* shot = app.add_subcommand("shot", "Open the real window, run N frames with the UI, save the last as PNG");
  add_scene_options(*shot, request.shot.scene, request.shot.sets);
  shot->add_option("--frames", request.shot.frames, "Frames to run before the capture")->capture_default_str();
  shot->add_option("--size", size_text, "Window size in pixels, WxH (default 1280x720)");
  shot->add_option("--out", request.shot.out, "PNG file to write")->required();
  app.require_subcommand(0, 1);

  std::ostringstream help_out;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    request.kind = command_kind::exit;
    if (e.get_exit_code() == 0) {  // --help or --version
      request.exit_code = app.exit(e, out, err);
    } else {
      err << "framelab: error: " << e.what() << " (see framelab --help)\n";
      request.exit_code = usage_error;
    }
    return request;
  }
  if (list->parsed()) request.kind = command_kind::list_scenes;
  if (sim->parsed()) request.kind = command_kind::sim;
  if (shot->parsed()) request.kind = command_kind::shot;
  if (const std::string error = validate(request, size_text); !error.empty()) {
    err << "framelab: error: " << error << "\n";
    request.kind = command_kind::exit;
    request.exit_code = usage_error;
    return request;
  }
  if (!size_text.empty()) parse_size(size_text, request.shot.width, request.shot.height);
  return request;
}

int run_list_scenes(std::ostream& out) {
  for (const auto& entry : registered_scenes()) {
    out << entry.info.name << "\t" << entry.info.category << "\t" << entry.info.summary << "\n";
  }
  return 0;
}

}  // namespace framelab
