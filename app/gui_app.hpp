#pragma once
// The GUI: an SDL2 window with an OpenGL 3.3 core context, the scene renderer, the
// ImGui panels and the fixed-step loop. With a frame count and a PNG path it runs
// that many frames and writes the last one (`framelab shot`).
#include <iosfwd>
#include <string>
#include <vector>

namespace framelab {

struct gui_run {
  std::string scene;
  std::vector<std::string> sets;
  int width = 1280;
  int height = 720;
  int frames = 0;        // 0: interactive, until the user quits
  std::string png_path;  // with frames > 0: where the last frame goes
};

// Exit codes: 0 fine, 1 no window or GL context could be made, or the PNG failed;
// 2 a bad scene or parameter.
int run_gui(const gui_run& run, std::ostream& out, std::ostream& err);

}  // namespace framelab
