#pragma once
// The command line, parsed with CLI11 into a request that main() carries out:
//   framelab [--scene NAME|FILE.json] [--set k=v]... [--present] [--lesson NAME|FILE]
//            [--script FILE [--continue-after S]] [--size WxH] [--ui-scale PERCENT]
//                                                     the GUI (a script drives it); in the browser
//                                                     the page's URL carries the same options
//                                                     (?scene=carousel&set=k=v&present=1)
//   framelab list-scenes                              name, category, summary (scene files too)
//   framelab sim --scene S [--set k=v]... [--dt S] [--steps N] [--every K] [--csv FILE|-]
//   framelab shot --scene S [--set k=v]... [--frames N] [--size WxH] [--ui-scale PERCENT] --out FILE.png
//   framelab record --scene S [--set k=v]... [--seconds 10] [--fps 30] [--size WxH] [--ui-scale PERCENT]
//                   [--view stage|window] --out FILE.mp4|FILE.gif|DIR/
//   framelab bench --list                             the benchmarks and their options
//   framelab bench NAME [its options] [--json FILE] [--csv FILE]   run one, print a table
// Errors: exit code 2 and one line naming the bad argument; nothing is written.
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/window_size.hpp"  // parse_size, for the --size options
#include "scenes/registry.hpp"

namespace framelab {

struct gui_options {
  std::string scene = default_scene_name;
  std::vector<std::string> sets;  // --set key=value: the scene's parameters at the start
  bool present = false;           // --present: start in presentation mode
  std::string lesson;             // --lesson NAME|FILE: play a lesson (a shipped one by name)
  std::string script;  // --script FILE: play a GUI script (app/gui_script.hpp)
  double continue_after_s = 0.0;  // --continue-after S: each pause of the script ends by itself after S s (0: never)
  int width = 1280;    // --size WxH: the window's first size
  int height = 720;
  int ui_scale_percent = 0;  // --ui-scale PERCENT (ui/ui_scale.hpp); 0: the saved setting or the display's
};

struct sim_options {
  std::string scene;
  std::vector<std::string> sets;  // "key=value"
  double dt = 1.0 / 120.0;        // s
  long long steps = 1000;
  long long every = 1;
  std::string csv = "-";  // "-" is standard output
  bool units = false;     // --units: a second header row with each column's unit
};

struct shot_options {
  std::string scene;
  std::vector<std::string> sets;
  int frames = 60;
  int width = 1280;
  int height = 720;
  int ui_scale_percent = 0;  // --ui-scale PERCENT; 0: 100 %
  std::string out;
  bool draw_hidden = false;  // --draw-hidden: no culling of a large ball batch (render/sphere_occlusion.hpp)
  bool real_time = false;    // --real-time: the frames follow the clock, as the interactive window's do
  bool present = false;      // --present: in presentation mode, as the class sees it
};

// `record`: runs the window offscreen for seconds * fps frames, each advancing the
// simulation 1/fps s, and writes them all (app/video_format.hpp: the formats).
struct record_options {
  std::string scene;
  std::vector<std::string> sets;
  double seconds = 10.0;
  int fps = 30;
  int width = 1280;
  int height = 720;
  int ui_scale_percent = 0;  // --ui-scale PERCENT; 0: 100 %
  std::string out;
  std::string view = "stage";  // stage: presentation mode's picture; window: the whole interface

  int frames() const;  // seconds * fps, rounded, at least 1
};

struct bench_options {
  bool list = false;                         // --list: show the benchmarks
  std::string name;                          // the benchmark to run
  std::map<std::string, std::string> given;  // its options as typed (a flag: "true")
  std::string json;                          // write the records here too (empty: no)
  std::string csv;
};

enum class command_kind { gui, sim, shot, record, list_scenes, bench, exit };

struct cli_request {
  command_kind kind = command_kind::gui;
  int exit_code = 0;  // for command_kind::exit (help, version, or an error)
  gui_options gui;
  sim_options sim;
  shot_options shot;
  record_options record;
  bench_options bench;
};

inline constexpr long long max_steps = 1'000'000'000;
inline constexpr int max_frames = 1'000'000;
inline constexpr double max_continue_after_s = 3600.0;
inline constexpr double max_record_seconds = 600.0;
inline constexpr int max_record_fps = 120;

// Parses and validates the arguments. Help and version go to `out`; an error is one
// line on `err`, with kind = exit and exit_code = 2.
cli_request parse_command_line(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

// The page's URL query (?scene=carousel&set=initial_rate=1.5&present=1&ui-scale=200) read
// with the GUI's own command-line options: scene, set, present, lesson, script,
// continue-after, ui-scale (not size: the page sizes its canvas). A flag takes 1 or 0, or
// no value. An unknown or bad parameter is left out and described in `problems` (one line
// each); the others apply. The result's kind is always gui.
cli_request parse_page_url(std::string_view query, std::vector<std::string>& problems);

// The query's key=value pairs in order, %XX and + decoded (as the browser's URLSearchParams).
std::vector<std::pair<std::string, std::string>> url_query_pairs(std::string_view query);

// "?key=value&...", each escaped where a URL needs it (parse_page_url reads it back).
std::string page_url_query(const std::vector<std::pair<std::string, std::string>>& parameters);


// The built-in scenes, then the scene files `world_files` (the shipped assets/worlds/*.json:
// app/world_files.hpp), each as name (a file's path), category and summary.
int run_list_scenes(std::ostream& out, const std::vector<std::string>& world_files = {});

}  // namespace framelab
