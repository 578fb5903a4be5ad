#pragma once
// A GUI script drives the real app frame by frame, as a lecturer would with the mouse,
// for tests and rehearsed demos:  framelab --script FILE [--scene S]
// One command per line; '#' starts a comment:
//   scene NAME|FILE.json      open a scene or preset (as the Scenes menu does); a relative
//                             FILE is looked up next to the script first
//   set NAME=VALUE            set a parameter of the running scene and restart it, as the
//                             Parameters panel does (the text form of `framelab sim --set`;
//                             the rest of the line is the value, e.g. set spin=0.01,5,0.01)
//   wait N                    let N frames pass (each advances the simulation 1/60 s)
//   show PANEL | hide PANEL   browser, transport, parameters, tree, plots, help, benchmarks
//   key KEY                   a keyboard shortcut: space . r f1 esc tab f11 ctrl+= ctrl+- ctrl+0
//   present on|off            presentation mode (panels hidden, the camera framing the bodies)
//   say TEXT                  show TEXT (the rest of the line; quotes are dropped) as the caption
//                             in a box at the bottom; "say" alone clears it
//   pause                     wait for the lecturer: Space or the caption's Next button
//   bench select NAME         choose a benchmark in the Benchmarks panel
//   bench set OPTION VALUE    set one of its options
//   bench run | bench cancel  what the panel's Run and Cancel buttons do
//   bench wait N              wait up to N frames for the run to end (fails if it does not)
//   bench tab NAME            bring a results tab forward ("Ratio", "Table", "Order"); takes
//                             bench_tab_frames frames (ImGui selects a tab a frame after it is
//                             asked, and a table fits its columns over its first frames)
//   shot FILE.png             write this frame (window size, after the UI is drawn)
//   record start FILE         record every frame from here into FILE.mp4, FILE.gif or DIR/
//                             (60 fps: each frame advances 1/60 s; a .gif keeps every
//                             second frame, 30 fps; app/video_format.hpp)
//   record stop               finish the recording (the end of the script also does);
//                             start, wait N, stop records N + 1 frames: the one drawn when
//                             it starts and the N that pass
//   camera ... | plot ...     the stage's camera and a plot beside it: app/stage_commands.hpp
//   quit                      end here (the end of the file also ends the script)
// A script that cannot be read or has an unknown command is refused before any window
// opens; a step that fails stops the app with "FILE:LINE: reason" (exit code 1).
// A script run uses the default layout and settings and writes nothing to them.
// A lesson (assets/lessons/*.lesson, the Lessons menu) is a script played in the
// running app at real time: it mostly says, pauses and changes scenes.
#include <optional>
#include <string>
#include <vector>

#include "ui/ui_state.hpp"

namespace framelab {

struct script_step {
  int line = 0;
  std::string command;            // first word
  std::vector<std::string> args;  // the other words
};

struct gui_script {
  std::string file;
  std::vector<script_step> steps;
};

inline constexpr long long max_script_wait_frames = 1'000'000;
inline constexpr long long bench_tab_frames = 3;

// Reads and checks a script (every command known, every count a number in range).
std::optional<std::string> load_gui_script(const std::string& file, gui_script& out);

class script_player {
 public:
  explicit script_player(gui_script script) : script_(std::move(script)) {}

  // Carries out the steps due before this frame is drawn. Returns "FILE:LINE: reason"
  // when a step fails (the app then stops).
  std::optional<std::string> before_frame(ui::ui_state& state);

  // A PNG to write from this frame, once it is drawn ("" for none); clears the request.
  std::string take_shot_request();

  // Every step run and the last wait over (a script may end on `record start F` + `wait N`).
  bool finished() const { return next_ >= script_.steps.size() && frames_to_wait_ == 0; }

  // "FILE:LINE: " of the step run last, for failures the app finds (a recording that
  // cannot start).
  std::string last_step_location() const;

 private:
  std::optional<std::string> run(const script_step& step, ui::ui_state& state);
  std::string where(const script_step& step) const;
  std::string scene_argument(const std::string& argument) const;

  gui_script script_;
  std::size_t next_ = 0;
  long long frames_to_wait_ = 0;
  bool waiting_for_bench_ = false;
  std::string shot_;
};

}  // namespace framelab
