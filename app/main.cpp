// framelab's entry point: parse the command line, then run the GUI, a headless
// simulation, a screenshot, a recording, a benchmark or a listing. The only place where core,
// scenes, bench, render, ui, SDL and ImGui meet.
#include <unistd.h>

#include <iostream>

#include "app/bench_command.hpp"
#include "app/cli.hpp"
#include "app/world_files.hpp"
#include "app/gui_app.hpp"
#include "app/sim_command.hpp"

namespace {

// What shot and record share: the scene with its --set values, the window size and the
// number of frames the window runs.
framelab::gui_run offscreen_run(const std::string& scene, const std::vector<std::string>& sets, int width, int height,
                                int frames) {
  framelab::gui_run run;
  run.scene = scene;
  run.sets = sets;
  run.width = width;
  run.height = height;
  run.frames = frames;
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace framelab;
  const cli_request request = parse_command_line(argc, argv, std::cout, std::cerr);
  switch (request.kind) {
    case command_kind::exit:
      return request.exit_code;
    case command_kind::list_scenes:
      return run_list_scenes(std::cout, find_world_files(worlds_directory()));
    case command_kind::sim:
      return run_sim(request.sim, std::cout, std::cerr);
    case command_kind::bench:
      if (request.bench.list) return run_bench_list(std::cout);
      return run_bench(request.bench, std::cout, std::cerr, ::isatty(STDERR_FILENO) == 1);
    case command_kind::shot: {
      gui_run run = offscreen_run(request.shot.scene, request.shot.sets, request.shot.width, request.shot.height,
                                  request.shot.frames);
      run.png_path = request.shot.out;
      run.ui_scale_percent = request.shot.ui_scale_percent;
      return run_gui(run, std::cout, std::cerr);
    }
    case command_kind::record: {
      gui_run run = offscreen_run(request.record.scene, request.record.sets, request.record.width,
                                  request.record.height, request.record.frames());
      run.record_path = request.record.out;
      run.record_fps = request.record.fps;
      run.record_stage = request.record.view == "stage";
      run.ui_scale_percent = request.record.ui_scale_percent;
      return run_gui(run, std::cout, std::cerr);
    }
    case command_kind::gui: {
      gui_run run;
      run.scene = request.gui.scene;
      run.script = request.gui.script;
      run.continue_after_s = request.gui.continue_after_s;
      run.width = request.gui.width;
      run.height = request.gui.height;
      run.ui_scale_percent = request.gui.ui_scale_percent;
      return run_gui(run, std::cout, std::cerr);
    }
  }
  return 0;
}
