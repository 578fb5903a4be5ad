#include "app/gui_script.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>

#include "app/script_commands.hpp"
#include "app/stage_commands.hpp"
#include "app/video_format.hpp"
#include "app/window_size.hpp"
#include "bench/benchmark.hpp"
#include "common/atomic_file.hpp"
#include "scenes/preset.hpp"
#include "ui/benchmarks_panel.hpp"
#include "ui/presentation.hpp"

namespace framelab {

namespace {

constexpr std::size_t max_script_bytes = 1 << 20;

const script_command* find_command(const std::string& name) {
  for (const auto& command : script_commands) {
    if (name == command.name) return &command;
  }
  return nullptr;
}

bool* panel_flag(ui::ui_state& state, const std::string& name) {
  if (name == "browser") return &state.show_browser;
  if (name == "transport") return &state.show_transport;
  if (name == "parameters") return &state.show_parameters;
  if (name == "tree") return &state.show_tree;
  if (name == "plots") return &state.show_plots;
  if (name == "help") return &state.show_help;
  if (name == "benchmarks") return &state.show_benchmarks;
  return nullptr;
}

std::optional<ui::shortcut> shortcut_named(const std::string& name) {
  if (name == "space") return ui::shortcut::toggle_pause;
  if (name == ".") return ui::shortcut::single_step;
  if (name == "r") return ui::shortcut::reset;
  if (name == "f1") return ui::shortcut::toggle_help;
  if (name == "esc") return ui::shortcut::escape;
  if (name == "tab") return ui::shortcut::toggle_presentation;
  if (name == "f11") return ui::shortcut::toggle_fullscreen;
  if (name == "ctrl+=") return ui::shortcut::larger_ui;
  if (name == "ctrl+-") return ui::shortcut::smaller_ui;
  if (name == "ctrl+0") return ui::shortcut::default_ui_size;
  return std::nullopt;
}

std::optional<long long> frame_count(const std::string& text) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || value < 0 || value > max_script_wait_frames) {
    return std::nullopt;
  }
  return value;
}

// `record start FILE` (a format the recorder knows) or `record stop`.
std::optional<std::string> check_record_step(const script_step& step) {
  if (step.args[0] == "stop") {
    if (step.args.size() != 1) return std::string("'record stop' takes nothing more");
    return std::nullopt;
  }
  if (step.args[0] != "start") return "expected start FILE or stop, got '" + step.args[0] + "'";
  if (step.args.size() < 2) return std::string("'record start' needs a file (.mp4, .gif, .webm) or a folder/");
  if (step.args.size() == 3 && step.args[2] != "window" && step.args[2] != "stage")
    return "'record start FILE' records the window or the stage, got '" + step.args[2] + "'";
  video_format format = video_format::mp4;
  return video_format_for(step.args[1], format);
}

// `show|hide PANEL`, or what the stage shows: `trails`, `bodies`, `arrows [KIND...]`.
std::optional<std::string> check_show_step(const script_step& step) {
  const std::string& first = step.args[0];
  ui::ui_state probe;
  const bool one_word = panel_flag(probe, first) != nullptr || first == "trails" || first == "bodies";
  if (one_word && step.args.size() != 1) return "'" + first + "' takes nothing more";
  if (one_word) return std::nullopt;
  if (first != "arrows") {
    return "no panel '" + first + "' (browser, transport, parameters, tree, plots, help, benchmarks) and not " +
           ui::stage_hiding_targets;
  }
  for (std::size_t i = 1; i < step.args.size(); ++i) {
    if (!ui::is_arrow_kind(step.args[i])) {
      return "arrows: unknown kind '" + step.args[i] + "' (" + ui::arrow_kind_list() + ")";
    }
  }
  return std::nullopt;
}

// The checks that need no running app: arity, counts, panel and key names.
std::optional<std::string> check_step(const script_step& step) {
  if (is_stage_command(step.command)) return check_stage_command(step);  // camera, plot: app/stage_commands.hpp
  const script_command* known = find_command(step.command);
  if (known == nullptr) return "unknown command '" + step.command + "' (" + script_command_usage() + ")";
  if (step.args.size() < known->min_args || step.args.size() > known->max_args) {
    return "'" + step.command + "' takes " + std::to_string(known->min_args) +
           (known->min_args == known->max_args ? "" : " to " + std::to_string(known->max_args)) + " argument(s)";
  }
  const std::string first = step.args.empty() ? "" : step.args[0];
  if (step.command == "wait" && !frame_count(first)) {
    return "wait: expected a frame count in [0, " + std::to_string(max_script_wait_frames) + "], got '" + first + "'";
  }
  if (step.command == "show" || step.command == "hide") {
    if (auto error = check_show_step(step)) return step.command + ": " + *error;
  }
  if (step.command == "key" && !shortcut_named(first)) {
    return "key: unknown key '" + first + "' (space . r f1 esc tab f11 ctrl+= ctrl+- ctrl+0)";
  }
  if (int w = 0, h = 0; step.command == "window" && !parse_size(first, w, h, 1)) {
    return "window: expected WxH with each side in [1, " + std::to_string(max_window_side) + "], got '" + first + "'";
  }
  if (step.command == "present" && first != "on" && first != "off") {
    return "present: expected on or off, got '" + first + "'";
  }
  if (step.command == "set" && (first.find('=') == std::string::npos || first.front() == '=')) {
    return "set: expected NAME=VALUE (as framelab sim --set), got '" + first + "'";
  }
  if (step.command == "record") {
    if (auto error = check_record_step(step)) return "record: " + *error;
  }
  if (step.command == "bench") {
    static const std::map<std::string, std::size_t> bench_args = {{"select", 2}, {"set", 3},  {"run", 1},
                                                                  {"cancel", 1}, {"wait", 2}, {"tab", 2}};
    const auto sub = bench_args.find(first);
    if (sub == bench_args.end()) return "bench: expected select, set, run, cancel, wait or tab, got '" + first + "'";
    if (step.args.size() != sub->second) return "bench " + first + ": wrong number of arguments";
    if (first == "wait" && !frame_count(step.args[1])) return "bench wait: expected a frame count";
  }
  return std::nullopt;
}

// Where a comment starts: the first '#' outside double quotes (a caption may show '#').
std::size_t comment_start(const std::string& line) {
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '"') quoted = !quoted;
    if (line[i] == '#' && !quoted) return i;
  }
  return line.size();
}

// The rest of a line (a caption after "say", an assignment after "set"): trimmed, one pair of surrounding quotes
// dropped.
std::string rest_of_line(const std::string& rest) {
  const auto first = rest.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  std::string text = rest.substr(first, rest.find_last_not_of(" \t\r") - first + 1);
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
  return text;
}

}  // namespace

std::optional<std::string> load_gui_script(const std::string& file, gui_script& out) {
  std::string text;
  if (auto error = read_small_file(file, max_script_bytes, text)) return "--script: " + file + ": " + *error;
  gui_script script;
  script.file = file;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    line.erase(comment_start(line));
    std::istringstream words(line);
    script_step step;
    step.line = number;
    if (!(words >> step.command)) continue;
    const bool rest_is_one_argument = step.command == "say" || step.command == "set";
    if (rest_is_one_argument) {
      std::string text;
      std::getline(words, text);
      if (!rest_of_line(text).empty()) step.args.push_back(rest_of_line(text));
    }
    for (std::string word; !rest_is_one_argument && words >> word;) step.args.push_back(word);
    if (auto error = check_step(step)) return file + ":" + std::to_string(number) + ": " + *error;
    script.steps.push_back(std::move(step));
  }
  out = std::move(script);
  return std::nullopt;
}

std::string script_player::where(const script_step& step) const {
  return script_.file + ":" + std::to_string(step.line) + ": ";
}

std::optional<std::string> script_player::before_frame(ui::ui_state& state) {
  if (still_paused(state)) return std::nullopt;  // a pause: the lecturer continues (Space, Next)
  if (frames_to_wait_ > 0) {
    const bool bench_done = waiting_for_bench_ && !ui::benchmark_running(state);
    if (!bench_done) {
      --frames_to_wait_;
      if (frames_to_wait_ == 0 && waiting_for_bench_) {
        return where(script_.steps[next_ - 1]) + "bench wait: the run did not end in time";
      }
      return std::nullopt;
    }
    frames_to_wait_ = 0;
  }
  waiting_for_bench_ = false;
  // Steps run until one asks for frames to pass or a picture to be taken.
  while (next_ < script_.steps.size() && frames_to_wait_ == 0 && shot_.empty() && !state.lesson.waiting) {
    const script_step& step = script_.steps[next_++];
    if (auto error = run(step, state)) return where(step) + *error;
  }
  hold_last_caption(state);
  return std::nullopt;
}

std::string script_scene_argument(const std::string& script_file, const std::string& argument) {
  const std::filesystem::path given(argument);
  if (!given.is_relative() || !argument.ends_with(".json")) return argument;
  const std::filesystem::path beside = std::filesystem::path(script_file).parent_path() / given;
  std::error_code ec;
  return std::filesystem::is_regular_file(beside, ec) ? beside.string() : argument;
}

// [SECTION] Pauses: a notice where the lecturer can see it, and an optional end by itself.
void script_player::begin_pause(const script_step& step, ui::ui_state& state) {
  state.lesson.waiting = true;
  at_pause_ = true;
  pause_frames_left_ = pauses_.continue_after_frames;
  if (pauses_.notices != nullptr) {
    *pauses_.notices << "paused at " << script_.file << ":" << step.line << " (Space or Next continues)" << std::endl;
  }
}

// Played unattended, a script that ends on a caption (not on a pause, which held it already)
// keeps it on screen as long as a pause would, so that a rehearsal or a recording shows the
// last words too.
void script_player::hold_last_caption(const ui::ui_state& state) {
  if (next_ < script_.steps.size() || frames_to_wait_ > 0 || last_caption_held_) return;
  last_caption_held_ = true;
  const bool ends_on_pause = !script_.steps.empty() && script_.steps.back().command == "pause";
  if (pauses_.continue_after_frames > 0 && !state.lesson.caption.empty() && !ends_on_pause && !state.quit_requested) {
    frames_to_wait_ = pauses_.continue_after_frames;
  }
}

bool script_player::still_paused(ui::ui_state& state) {
  if (state.lesson.waiting && pauses_.continue_after_frames > 0 && --pause_frames_left_ <= 0) {
    ui::continue_lesson(state);
  }
  at_pause_ = state.lesson.waiting;
  return at_pause_;
}

// [SECTION] Validation against the scenes, before any window opens.
namespace {

// The scene a script runs in at some line, and its parameter values as the steps so far
// left them.
struct scene_at_line {
  const scene_entry* entry = nullptr;
  std::unique_ptr<scene> instance;  // for the scene's own checks (relations between parameters)
  std::vector<param_def> defs;
  param_values values;

  void become(const scene_entry& next, const param_values& next_values) {
    entry = &next;
    instance = next.create();
    defs = instance->parameters();
    values = next_values;
  }
};

std::optional<std::string> check_scene_step(const gui_script& script, const script_step& step, scene_at_line& at) {
  preset loaded;
  if (auto error = resolve_scene_argument(script_scene_argument(script.file, step.args[0]), loaded)) {
    return "scene: " + *error;
  }
  at.become(*find_scene(loaded.scene), loaded.values);
  return std::nullopt;
}

// As ui::set_scene_parameter will do it: the assignment, then the scene's own checks.
std::optional<std::string> check_set_step(const script_step& step, scene_at_line& at) {
  param_values values = at.values;
  auto error = apply_assignments(at.defs, {step.args[0]}, values);
  if (!error) error = at.instance->check(values);
  if (error) return "set: " + *error + " (scene " + at.entry->info.name + ")";
  at.values = std::move(values);
  return std::nullopt;
}

// `plot CHANNEL`: a channel of the scene at that line (the list is the same whatever its
// parameters, scene::channels).
std::optional<std::string> check_plot_step(const script_step& step, const scene_at_line& at) {
  if (step.args[0] == "off") return std::nullopt;
  std::string names;
  for (const auto& channel : at.instance->channels()) names += (names.empty() ? "" : ", ") + channel.name;
  for (const auto& wanted : step.args) {  // `plot a b`: every channel named
    const auto& channels = at.instance->channels();
    if (std::none_of(channels.begin(), channels.end(), [&](const auto& c) { return c.name == wanted; }))
      return "plot: no channel '" + wanted + "' in scene " + at.entry->info.name + " (channels: " + names + ")";
  }
  return std::nullopt;
}

// `camera follow|ride NODE`: a node of the scene at that line, as its parameters then
// build it (a reset: a scene's nodes may depend on them, e.g. how many balls).
// `camera focus NODE...` likewise, every node named.
std::optional<std::string> check_camera_node_step(const script_step& step, scene_at_line& at) {
  if (step.args[0] != "follow" && step.args[0] != "ride" && step.args[0] != "focus") return std::nullopt;
  at.instance->reset(at.values);
  const scene_view& view = at.instance->view();
  for (std::size_t k = 1; k < step.args.size(); ++k) {
    if (find_node(view, step.args[k])) continue;
    std::string names;
    for (const auto& node : view.nodes) names += (names.empty() ? "" : ", ") + node.name;
    return "camera " + step.args[0] + ": no node '" + step.args[k] + "' in scene " + at.entry->info.name +
           " (nodes: " + names + ")";
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validate_script_scenes(const gui_script& script, const scene_entry& first,
                                                  const param_values& first_values) {
  scene_at_line at;
  at.become(first, first_values);
  for (const auto& step : script.steps) {
    std::optional<std::string> error;
    if (step.command == "scene") error = check_scene_step(script, step, at);
    if (step.command == "set") error = check_set_step(step, at);
    if (step.command == "plot") error = check_plot_step(step, at);
    if (step.command == "camera") error = check_camera_node_step(step, at);
    if (step.command == "bench" && step.args[0] == "select" && bench::find_benchmark(step.args[1]) == nullptr) {
      error = "bench select: no benchmark named '" + step.args[1] + "' (framelab bench --list shows them)";
    }
    if (error) return script.file + ":" + std::to_string(step.line) + ": " + *error;
  }
  return std::nullopt;
}

std::optional<std::string> script_player::run(const script_step& step, ui::ui_state& state) {
  if (is_stage_command(step.command)) return run_stage_command(step, state);  // camera, plot
  const std::string& first = step.args.empty() ? step.command : step.args[0];
  if (step.command == "scene") {
    if (!ui::open_scene(state, script_scene_argument(script_.file, first))) return state.message;
  } else if (step.command == "wait") {
    frames_to_wait_ = *frame_count(first);
  } else if (step.command == "show" || step.command == "hide") {
    if (bool* panel = panel_flag(state, first)) {
      *panel = step.command == "show";
    } else {  // the stage: trails, arrows, bodies (ui/stage_hiding.hpp)
      const std::vector<std::string> kinds(step.args.begin() + 1, step.args.end());
      ui::set_stage_hidden(state.hidden, step.command == "hide", first, kinds);
    }
  } else if (step.command == "key") {
    ui::apply_shortcut(state, *shortcut_named(first));
  } else if (step.command == "present") {
    if (first == "on") ui::enter_presentation(state);
    if (first == "off") ui::leave_presentation(state);
  } else if (step.command == "set") {
    if (auto error = ui::set_scene_parameter(state, first)) return "set: " + *error;
  } else if (step.command == "say") {
    state.lesson.caption = step.args.empty() ? std::string() : step.args[0];
  } else if (step.command == "pause") {
    begin_pause(step, state);
  } else if (step.command == "shot") {
    shot_ = first;
  } else if (step.command == "window") {
    std::pair<int, int> size;
    parse_size(first, size.first, size.second, 1);
    state.window_size_request = size;
  } else if (step.command == "record") {
    // The app starts and stops it (app/screen_recorder.hpp), as for File > Record.
    if (first == "start") {
      state.recording.start_path = step.args[1];
      state.recording.stage_view = step.args.size() == 3 && step.args[2] == "stage";
    } else {
      state.recording.stop = true;
    }
  } else if (step.command == "quit") {
    next_ = script_.steps.size();
    state.quit_requested = true;
  } else if (first == "select") {
    if (!ui::select_benchmark(state, step.args[1])) return "bench select: no benchmark named '" + step.args[1] + "'";
  } else if (first == "set") {
    if (auto error = ui::set_benchmark_option(state, step.args[1], step.args[2])) return "bench set: " + *error;
  } else if (first == "run") {
    if (auto error = ui::run_selected_benchmark(state)) return "bench run: " + *error;
  } else if (first == "cancel") {
    ui::cancel_benchmark(state);
  } else if (first == "tab") {
    ui::show_benchmark_tab(state, step.args[1]);
    frames_to_wait_ = bench_tab_frames;  // so that a `shot` next shows the tab
  } else if (first == "wait") {
    frames_to_wait_ = std::max(1LL, *frame_count(step.args[1]));
    waiting_for_bench_ = true;
  }
  return std::nullopt;
}

std::string script_player::last_step_location() const {
  return next_ > 0 ? where(script_.steps[std::min(next_, script_.steps.size()) - 1]) : script_.file + ": ";
}

std::string script_player::take_shot_request() {
  return std::exchange(shot_, std::string());
}

}  // namespace framelab
