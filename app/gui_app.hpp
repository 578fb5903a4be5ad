#pragma once
// The GUI: an SDL2 window with an OpenGL 3.3 core context, the scene renderer, the
// ImGui panels and the fixed-step loop. With a frame count and a PNG path it runs
// that many frames and writes the last one (`framelab shot`); with a frame count and a
// recording path it records them all (`framelab record`); with a script it plays the
// script (`framelab --script FILE`).
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace framelab {

struct gui_run {
  std::string scene;
  std::vector<std::string> sets;
  int width = 1280;
  int height = 720;
  int frames = 0;           // 0: interactive, until the user quits
  bool real_time = false;   // with frames > 0: each frame advances the simulation by the real time it took
  std::string png_path;     // with frames > 0: where the last frame goes
  std::string record_path;  // with frames > 0: every frame goes into this recording (`framelab record`)
  int record_fps = 30;      // its frame rate; each frame then advances the simulation 1/record_fps s
  bool record_stage = true;  // record the stage (presentation mode) rather than the whole window (--view)
  std::string script;       // a GUI script to play (app/gui_script.hpp), or empty
  double continue_after_s = 0.0;  // > 0: each of the script's pauses ends by itself after this many s (60 frames/s)
  int ui_scale_percent = 0;       // > 0: the interface size (--ui-scale), over the saved one and the display's
  bool present = false;           // start in presentation mode (--present)
  // Leave a large ball batch's hidden balls out: none, where the GL rasterizes on the CPU
  // (render/software_rasterizer.hpp); shot --draw-hidden: false.
  std::optional<bool> occlusion_culling;
  std::string lesson;             // a lesson to play from the start (--lesson): a shipped one's name or a file
  // The page (app/platform/platform.hpp) never exits: a scene, parameter, lesson or script it
  // cannot start with is named on the status line, with `start_problems` (its URL's), and a
  // scene runs anyway (the one asked for without its --set values, else the default).
  bool keep_running = false;
  std::vector<std::string> start_problems;
};

// Exit codes: 0 fine, 1 no window or GL context could be made, a PNG or a recording
// failed or a script step failed; 2 a bad scene, parameter or script file.
int run_gui(const gui_run& run, std::ostream& out, std::ostream& err);

}  // namespace framelab
