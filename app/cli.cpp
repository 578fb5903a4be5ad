#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <deque>
#include <optional>
#include <ostream>
#include <sstream>
#include <string_view>

#include "app/script_commands.hpp"
#include "app/video_format.hpp"
#include "bench/benchmark.hpp"
#include "bench/export.hpp"
#include "scenes/simulation.hpp"
#include "scenes/world/world_loader.hpp"
#include "ui/ui_scale.hpp"

#ifndef FRAMELAB_VERSION
#define FRAMELAB_VERSION "unknown"
#endif

namespace framelab {

namespace {

constexpr int usage_error = 2;

// An error is one line: control characters an argument brought into the message (a
// newline inside a quoted word) are shown escaped, as \n or \x01.
std::string one_line(const std::string& text) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string line;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '\n') {
      line += "\\n";
    } else if (c == '\r') {
      line += "\\r";
    } else if (u < 0x20 || u == 0x7f) {
      line += std::string("\\x") + hex[u >> 4] + hex[u & 0xf];
    } else {
      line += c;
    }
  }
  return line;
}

void add_scene_options(CLI::App& command, std::string& scene, std::vector<std::string>& sets) {
  command.add_option("--scene", scene, "Scene name (see list-scenes), preset file or world scene file (.json)")->required();
  command.add_option("--set", sets, "Set a parameter: key=value; vectors as key=x,y,z (repeatable)")
      ->type_name("KEY=VALUE");
}

// --ui-scale PERCENT: the interface size, as View > Interface size and Ctrl+= set it
// (ui/ui_scale.hpp); a size it does not have is refused here, so 0 stays "not given".
void add_ui_scale_option(CLI::App& command, int& percent) {
  const std::string range =
      std::to_string(ui::min_ui_scale_percent) + " to " + std::to_string(ui::max_ui_scale_percent);
  const auto in_range = [range](const std::string& text) -> std::string {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    const bool whole = ec == std::errc{} && end == text.data() + text.size();
    if (whole && value >= ui::min_ui_scale_percent && value <= ui::max_ui_scale_percent) return {};
    return "expected a whole number of percent from " + range + ", got '" + text + "'";
  };
  command
      .add_option("--ui-scale", percent,
                  "Interface size in percent, " + range + " (default: the saved size; 100 for shot and record)")
      ->type_name("PERCENT")
      ->check(CLI::Validator(in_range, ""));
}

// The GUI's options: the command line's and, in the browser, the page URL's (parse_page_url):
// one definition of what exists.
void add_gui_options(CLI::App& app, gui_options& gui, std::string& size_text) {
  app.add_option("--scene", gui.scene, "Open the GUI on this scene name, preset file or world scene file (.json)");
  app.add_option("--set", gui.sets, "Start with a parameter set: key=value; vectors as key=x,y,z (repeatable)")
      ->type_name("KEY=VALUE");
  app.add_flag("--present", gui.present, "Start in presentation mode (the stage only)");
  app.add_option("--lesson", gui.lesson,
                 "Play a lesson: a shipped one by name (carousel-coriolis) or a .lesson file");
  app.add_option(
      "--script", gui.script,
      "Drive the GUI with a script, one command per line: " + script_command_usage() + " (README: GUI scripts)");
  app.add_option("--continue-after", gui.continue_after_s,
                 "With --script: each pause goes on by itself after SECONDS of script time (60 frames a second), "
                 "and a last caption stays as long, to rehearse or record a lesson unattended")
      ->type_name("SECONDS");
  app.add_option("--size", size_text, "Window size in pixels, WxH (default 1280x720)");
  add_ui_scale_option(app, gui.ui_scale_percent);
}

std::optional<std::string> validate_record(const record_options& record, const std::string& size_text) {
  // Written as !(in range) so that NaN fails too.
  if (!(record.seconds > 0.0 && record.seconds <= max_record_seconds)) {
    return "--seconds: must be in (0, " + std::to_string(static_cast<int>(max_record_seconds)) + "]";
  }
  if (record.fps < 1 || record.fps > max_record_fps) return "--fps: must be in [1, " + std::to_string(max_record_fps) + "]";
  if (record.view != "stage" && record.view != "window")
    return "--view: expected stage or window, got '" + record.view + "'";
  video_format format = video_format::mp4;
  if (auto error = video_format_for(record.out, format)) return "--out: " + *error;
  if (format == video_format::gif && record.fps > max_gif_fps) {
    return "--fps: a GIF plays at most " + std::to_string(max_gif_fps) +
           " fps at true speed (browsers slow shorter frames down); use --fps " + std::to_string(max_gif_fps) +
           " or less, or an .mp4";
  }
  int width = record.width;
  int height = record.height;
  if (!size_text.empty() && !parse_size(size_text, width, height)) return std::nullopt;  // reported as --size
  if (auto error = check_video_size(format, width, height)) return "--size: " + *error;
  if (auto error = check_video_output(record.out, format)) return "--out: " + *error;
  return std::nullopt;
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
  if (request.kind == command_kind::gui && request.gui.continue_after_s != 0.0) {
    if (request.gui.script.empty())
      return "--continue-after: needs --script (a lesson or script whose pauses end by themselves)";
    // Written as !(in range) so that NaN fails too.
    if (!(request.gui.continue_after_s > 0.0 && request.gui.continue_after_s <= max_continue_after_s)) {
      return "--continue-after: must be a number of seconds in (0, " +
             std::to_string(static_cast<int>(max_continue_after_s)) + "]";
    }
  }
  if (request.kind == command_kind::gui || request.kind == command_kind::shot || request.kind == command_kind::record) {
    int width = 0;
    int height = 0;
    if (!size_text.empty() && !parse_size(size_text, width, height)) {
      return "--size: expected WxH with each side in [64, 16384], got '" + size_text + "'";
    }
  }
  if (request.kind == command_kind::shot) {
    if (request.shot.frames < 1 || request.shot.frames > max_frames) {
      return "--frames: must be in [1, " + std::to_string(max_frames) + "]";
    }
    if (request.shot.out.empty()) return "--out: needs a file name";
  }
  if (request.kind == command_kind::record) {
    if (auto error = validate_record(request.record, size_text)) return *error;
  }
  if (request.kind == command_kind::bench && !request.bench.list) {
    const auto& b = request.bench;
    const bench::benchmark_info* info = bench::find_benchmark(b.name);
    if (b.name.empty()) return "bench: name a benchmark (framelab bench --list shows them)";
    if (info == nullptr) return "bench: no benchmark named '" + b.name + "' (framelab bench --list shows them)";
    bench::option_values values;
    if (auto error = bench::resolve_options(*info, b.given, values)) return "bench " + b.name + ": " + *error;
    std::vector<bench::bench_case> cases;
    if (auto error = bench::make_cases(*info, values, cases)) return "bench " + b.name + ": " + *error;
    if (cases.empty()) return "bench " + b.name + ": these options select no case";
    if (!b.json.empty())
      if (auto error = bench::check_output_path(b.json)) return "--json: " + *error;
    if (!b.csv.empty())
      if (auto error = bench::check_output_path(b.csv)) return "--csv: " + *error;
  }
  return {};
}

// The `bench` subcommand: one sub-subcommand per registered benchmark, with the options
// it declares (bench/options.hpp); their values are collected as text and checked by
// the engine.
struct bench_command_line {
  struct one {
    const bench::benchmark_info* info = nullptr;
    CLI::App* command = nullptr;
    std::map<std::string, std::string> text;  // option name -> value (stable addresses)
    std::map<std::string, bool> flag;
  };
  CLI::App* command = nullptr;
  std::deque<one> benchmarks;

  void add(CLI::App& app, bench_options& target) {
    command = app.add_subcommand("bench", "Run a benchmark and print a table (framelab bench --list shows them)");
    command->add_flag("--list", target.list, "List the benchmarks and their options");
    // A name that is no benchmark lands here, for a clearer message than CLI11's.
    command->add_option("name", target.name, "The benchmark (see --list)")->group("");
    for (const bench::benchmark_info* info : bench::registered_benchmarks()) {
      one& b = benchmarks.emplace_back();
      b.info = info;
      b.command = command->add_subcommand(info->name, info->description);
      for (const auto& spec : info->options) {
        const std::string flag_name = "--" + spec.name;
        if (spec.kind == bench::option_kind::flag) {
          b.command->add_flag(flag_name, b.flag[spec.name], spec.description);
        } else {
          const std::string description =
              spec.description + (spec.default_value.empty() ? "" : " (default: " + spec.default_value + ")");
          auto* option = b.command->add_option(flag_name, b.text[spec.name], description);
          if (spec.kind == bench::option_kind::choice_list) {
            std::string choices;
            for (const auto& c : spec.choices) choices += (choices.empty() ? "" : ",") + c;
            option->type_name("{" + choices + "}|all");
          } else if (spec.kind == bench::option_kind::integer_list) {
            option->type_name("N,N,...");
          } else {
            option->type_name("N");
          }
        }
      }
      b.command->add_option("--json", target.json, "Also write the records to this JSON file");
      b.command->add_option("--csv", target.csv, "Also write the records to this CSV file");
    }
    command->require_subcommand(0, 1);
  }

  // After parsing: which benchmark, and the options given on the command line.
  void collect(bench_options& target) const {
    for (const auto& b : benchmarks) {
      if (!b.command->parsed()) continue;
      target.name = b.info->name;
      for (const auto& spec : b.info->options) {
        const auto* option = b.command->get_option("--" + spec.name);
        if (option->count() == 0) continue;
        target.given[spec.name] = spec.kind == bench::option_kind::flag ? "true" : b.text.at(spec.name);
      }
    }
  }
};

}  // namespace

cli_request parse_command_line(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
  cli_request request;
  CLI::App app{"framelab: an interactive simulator for rigid-body and reference-frame physics", "framelab"};
  app.set_version_flag("--version", std::string("framelab ") + FRAMELAB_VERSION);
  std::string gui_size_text;
  add_gui_options(app, request.gui, gui_size_text);

  auto* list = app.add_subcommand("list-scenes", "List the scenes: name, category and a one-line summary");

  auto* sim = app.add_subcommand("sim", "Run a scene headless (no window, no GL) and write its channels as CSV");
  add_scene_options(*sim, request.sim.scene, request.sim.sets);
  sim->add_option("--dt", request.sim.dt, "Time step in seconds")->capture_default_str();
  sim->add_option("--steps", request.sim.steps, "Number of steps to run")->capture_default_str();
  sim->add_option("--every", request.sim.every, "Write a row every K steps (and at t = 0)")->capture_default_str();
  sim->add_option("--csv", request.sim.csv, "Output file, or - for standard output")->capture_default_str();
  sim->add_flag("--units", request.sim.units,
                "Write a second header row with each column's unit (s for t; empty for a number without one)");

  std::string size_text;
  auto* shot = app.add_subcommand("shot", "Open the real window, run N frames with the UI, save the last as PNG");
  add_scene_options(*shot, request.shot.scene, request.shot.sets);
  shot->add_option("--frames", request.shot.frames, "Frames to run before the capture")->capture_default_str();
  shot->add_option("--size", size_text, "Window size in pixels, WxH (default 1280x720)");
  add_ui_scale_option(*shot, request.shot.ui_scale_percent);
  shot->add_option("--out", request.shot.out, "PNG file to write")->required();
  shot->add_flag("--draw-hidden", request.shot.draw_hidden,
                 "Stream every ball of a large ball batch to the GPU, the hidden ones too (no occlusion culling: the "
                 "same picture, for comparing)");
  shot->add_flag("--real-time", request.shot.real_time,
                 "Advance the simulation by the real time each frame takes, within the interactive window's "
                 "frame budget, instead of 1/60 s a frame: how fast the window runs for a lecturer (the picture "
                 "then depends on the machine's speed)");
  shot->add_flag("--present", request.shot.present,
                 "Take the picture in presentation mode, as the class sees it (the stage, its readouts and the "
                 "transport bar; no panels)");
  std::string record_size_text;
  auto* record = app.add_subcommand(
      "record", "Run the real window offscreen for --seconds and encode every frame: .mp4 (H.264), .gif, .webm (VP8) or DIR/ (PNGs)");
  add_scene_options(*record, request.record.scene, request.record.sets);
  record->add_option("--seconds", request.record.seconds, "Length of the recording in seconds, at most 600")
      ->capture_default_str();
  record->add_option("--fps", request.record.fps, "Frames per second, 1 to 120; each advances the simulation 1/fps s")
      ->capture_default_str();
  record->add_option("--size", record_size_text, "Window size in pixels, WxH (default 1280x720; even for .mp4 and .webm)");
  add_ui_scale_option(*record, request.record.ui_scale_percent);
  record->add_option("--out", request.record.out, "Output: FILE.mp4, FILE.gif, FILE.webm, or DIR/ for numbered PNGs")->required();
  record->add_option("--view", request.record.view,
                     "stage (default): the scene as presentation mode shows it, with its readouts, for slides; "
                     "window: the whole interface");
  bench_command_line bench_line;
  bench_line.add(app, request.bench);
  app.require_subcommand(0, 1);

  std::ostringstream help_out;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    request.kind = command_kind::exit;
    if (e.get_exit_code() == 0) {  // --help or --version
      request.exit_code = app.exit(e, out, err);
    } else {
      err << "framelab: error: " << one_line(std::string(e.what())) << " (see framelab --help)\n";
      request.exit_code = usage_error;
    }
    return request;
  }
  if (list->parsed()) request.kind = command_kind::list_scenes;
  if (sim->parsed()) request.kind = command_kind::sim;
  if (shot->parsed()) request.kind = command_kind::shot;
  if (record->parsed()) request.kind = command_kind::record;
  if (bench_line.command->parsed()) {
    request.kind = command_kind::bench;
    bench_line.collect(request.bench);
  }
  const bool gui = request.kind == command_kind::gui;
  // The window's own options before a subcommand's name would be ignored: said, not ignored.
  for (const CLI::Option* option : app.get_options()) {
    if (gui || option->count() == 0 || option->get_name() == "--help" || option->get_name() == "--version") continue;
    err << "framelab: error: " << option->get_name() << ": an option of the window itself; a subcommand takes its "
        << "own after its name (framelab " << app.get_subcommands().front()->get_name() << " --help)\n";
    request.kind = command_kind::exit;
    request.exit_code = usage_error;
    return request;
  }
  const std::string& given_size = gui ? gui_size_text : request.kind == command_kind::record ? record_size_text : size_text;
  if (const std::string error = validate(request, given_size); !error.empty()) {
    err << "framelab: error: " << one_line(error) << "\n";
    request.kind = command_kind::exit;
    request.exit_code = usage_error;
    return request;
  }
  if (!size_text.empty()) parse_size(size_text, request.shot.width, request.shot.height);
  if (!gui_size_text.empty()) parse_size(gui_size_text, request.gui.width, request.gui.height);
  if (!record_size_text.empty()) parse_size(record_size_text, request.record.width, request.record.height);
  return request;
}

// [SECTION] The page's URL: ?scene=carousel&set=initial_rate=1.5&present=1&ui-scale=200 is the
// command line --scene carousel --set initial_rate=1.5 --present --ui-scale 200, parsed by the
// same options (add_gui_options). A bad or unknown parameter is left out and named; the others apply.

namespace {

// application/x-www-form-urlencoded, as the browser's URLSearchParams reads it: %XX, and + for a space.
std::string percent_decoded(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    int byte = 0;
    if (text[i] == '%' && i + 2 < text.size() &&
        std::from_chars(text.data() + i + 1, text.data() + i + 3, byte, 16).ptr == text.data() + i + 3) {
      out += static_cast<char>(byte);
      i += 2;
    } else {
      out += text[i] == '+' ? ' ' : text[i];
    }
  }
  return out;
}

// The options a URL may not give: the page sizes its canvas itself; help and version print and stop.
bool page_sets_itself(const std::string& name) { return name == "size" || name == "help" || name == "version"; }

// Parses `arguments` (framelab's own name first) with the GUI's options into `gui`; the error, if any.
std::optional<std::string> parse_gui_arguments(const std::vector<std::string>& arguments, gui_options& gui) {
  CLI::App app{"framelab", "framelab"};
  std::string size_text;
  add_gui_options(app, gui, size_text);
  std::vector<const char*> argv;
  for (const auto& a : arguments) argv.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    return one_line(e.what());
  }
  cli_request request;
  request.gui = gui;
  if (std::string error = validate(request, ""); !error.empty()) return error;
  return std::nullopt;
}

// "scene, set, present, ...": what a URL may carry, from the options themselves.
std::string page_parameter_names() {
  CLI::App app{"framelab", "framelab"};
  gui_options gui;
  std::string size_text;
  add_gui_options(app, gui, size_text);
  std::string names;
  for (const CLI::Option* option : app.get_options()) {
    for (const std::string& name : option->get_lnames()) {
      if (!page_sets_itself(name)) append_separated(names, ", ", name);
    }
  }
  return names;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> url_query_pairs(std::string_view query) {
  if (query.starts_with('?')) query.remove_prefix(1);
  std::vector<std::pair<std::string, std::string>> pairs;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view item = query.substr(0, amp);
    query.remove_prefix(amp == std::string_view::npos ? query.size() : amp + 1);
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    pairs.emplace_back(percent_decoded(item.substr(0, eq)),
                       eq == std::string_view::npos ? std::string() : percent_decoded(item.substr(eq + 1)));
  }
  return pairs;
}

cli_request parse_page_url(std::string_view query, std::vector<std::string>& problems) {
  std::vector<std::string> arguments{"framelab"};
  for (const auto& [key, value] : url_query_pairs(query)) {
    CLI::App app{"framelab", "framelab"};
    gui_options probe;
    std::string size_text;
    add_gui_options(app, probe, size_text);
    if (page_sets_itself(key) || app.get_option_no_throw("--" + key) == nullptr) {
      problems.push_back("unknown URL parameter '" + one_line(key) + "' (known: " + page_parameter_names() + ")");
      continue;
    }
    // --key=value: CLI11 reads a flag's value too (present=1, present=0).
    const std::string argument = "--" + key + (value.empty() ? "" : "=" + value);
    if (auto error = parse_gui_arguments({"framelab", argument}, probe)) {
      problems.push_back("URL parameter " + one_line(key + "=" + value) + ": " + *error);
      continue;
    }
    arguments.push_back(argument);
  }
  cli_request request;
  if (auto error = parse_gui_arguments(arguments, request.gui)) {  // together (--continue-after needs --script)
    problems.push_back("URL: " + *error);
    request.gui = gui_options{};
  }
  return request;
}

std::string page_url_query(const std::vector<std::pair<std::string, std::string>>& parameters) {
  // Kept as typed: letters, digits and - . _ ~ , = / : (readable in a link; = and / are fine in a value).
  const auto encoded = [](const std::string& text) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
      const auto u = static_cast<unsigned char>(c);
      if (std::isalnum(u) || std::string_view("-._~,=/:").find(c) != std::string_view::npos) {
        out += c;
      } else {
        out += '%';
        out += hex[u >> 4];
        out += hex[u & 0xf];
      }
    }
    return out;
  };
  std::string query;
  for (const auto& [key, value] : parameters) query += (query.empty() ? "?" : "&") + encoded(key) + "=" + encoded(value);
  return query;
}

int record_options::frames() const {
  return std::max(1, static_cast<int>(std::lround(seconds * fps)));
}

int run_list_scenes(std::ostream& out, const std::vector<std::string>& world_files) {
  for (const auto& entry : registered_scenes()) {
    out << entry.info.name << "\t" << entry.info.category << "\t" << entry.info.summary << "\n";
  }
  for (const auto& file : world_files) {  // --scene FILE opens them
    world_spec spec;
    if (auto error = load_world(file, spec)) {
      out << file << "\t" << spec.category << "\t(does not load: " << *error << ")\n";  // one line already
      continue;
    }
    out << file << "\t" << spec.category << "\t" << (spec.summary.empty() ? spec.title : spec.summary) << "\n";
  }
  return 0;
}

}  // namespace framelab
