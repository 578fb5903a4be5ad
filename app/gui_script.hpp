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
//   hide trails|bodies        predict, then reveal: the stage stops drawing the trails or
//   hide arrows [KIND...]     the bodies' shapes, or the arrows (all, or of these kinds:
//   show trails|bodies|arrows velocity, coriolis, ... core/scene_view.hpp's arrow_kind_names)
//                             until `show` brings them back (ui/stage_hiding.hpp); the run
//                             and the camera go on; a lesson's end shows everything again
//   key KEY                   a keyboard shortcut: space . r f1 esc tab f11 ctrl+= ctrl+- ctrl+0
//   present on|off            presentation mode (panels hidden, the camera framing the bodies)
//   say TEXT                  show TEXT (the rest of the line; quotes are dropped) as the caption
//                             in a box at the bottom; "say" alone clears it
//   pause                     wait for the lecturer: Space or the caption's Next button (under
//                             --script: "paused at FILE:LINE (Space or Next continues)" on
//                             stderr; --continue-after SECONDS goes on by itself, and a
//                             script ending on a caption then keeps it SECONDS too)
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
// A script that cannot be read, has an unknown command, names a scene or preset that does
// not load or sets a parameter the scene active at that line refuses (validate_script_scenes)
// is refused before any window opens (exit code 2); a step that still fails stops the app
// with "FILE:LINE: reason" (exit code 1).
// A script run uses the default layout and settings and writes nothing to them.
// A lesson (assets/lessons/*.lesson, the Lessons menu) is a script played in the
// running app at real time: it mostly says, pauses and changes scenes.
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
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

// Checks a loaded script against the scenes it will run in, before any window opens, as
// the steps will run: each `scene` names a scene or a preset that loads (beside the script
// first), each `set` is valid for the scene active at its line with the values set before
// it, each `bench select` names a benchmark. `first` and `first_values`: the scene the
// app opens with. Returns "FILE:LINE: reason" for the first problem.
std::optional<std::string> validate_script_scenes(const gui_script& script, const scene_entry& first,
                                                  const param_values& first_values);

// A relative preset named by a script (`scene lesson.json`): beside the script if there,
// else as given.
std::string script_scene_argument(const std::string& script_file, const std::string& argument);

// What a `pause` does besides waiting for the lecturer.
struct pause_behaviour {
  std::ostream* notices = nullptr;      // "paused at FILE:LINE (Space or Next continues)" goes here
  long long continue_after_frames = 0;  // > 0: the pause ends by itself after this many frames,
                                        // and a last caption stays as long before the script ends
};

class script_player {
 public:
  explicit script_player(gui_script script, pause_behaviour pauses = {})
      : script_(std::move(script)), pauses_(pauses) {}

  // Carries out the steps due before this frame is drawn. Returns "FILE:LINE: reason"
  // when a step fails (the app then stops).
  std::optional<std::string> before_frame(ui::ui_state& state);

  // A PNG to write from this frame, once it is drawn ("" for none); clears the request.
  std::string take_shot_request();

  // Every step run, the last wait over (a script may end on `record start F` + `wait N`)
  // and no pause held.
  bool finished() const { return next_ >= script_.steps.size() && frames_to_wait_ == 0 && !at_pause_; }

  // "FILE:LINE: " of the step run last, for failures the app finds (a recording that
  // cannot start).
  std::string last_step_location() const;

 private:
  std::optional<std::string> run(const script_step& step, ui::ui_state& state);
  std::string where(const script_step& step) const;
  void begin_pause(const script_step& step, ui::ui_state& state);
  bool still_paused(ui::ui_state& state);
  void hold_last_caption(const ui::ui_state& state);

  gui_script script_;
  pause_behaviour pauses_;
  long long pause_frames_left_ = 0;
  bool at_pause_ = false;  // a pause of this script holds it (until ui_state::lesson.waiting ends)
  bool last_caption_held_ = false;
  std::size_t next_ = 0;
  long long frames_to_wait_ = 0;
  bool waiting_for_bench_ = false;
  std::string shot_;
};

}  // namespace framelab
