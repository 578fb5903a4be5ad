// framelab's entry point: parse the command line, then run the GUI, a headless
// simulation, a screenshot, a recording, a benchmark or a listing. The only place where core,
// scenes, bench, render, ui, SDL and ImGui meet.
#include <unistd.h>

#include <iostream>
#include <sstream>

#include "app/bench_command.hpp"
#include "app/cli.hpp"
#include "app/world_files.hpp"
#include "bench/host_info.hpp"
#include "app/gui_app.hpp"
#include "app/platform/platform.hpp"
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
  // The page's URL is its command line (app/platform/platform.hpp); its problems go onto the status line.
  const std::optional<platform::page_start> page = platform::started_from_page();
  bench::set_runtime(platform::runtime_description());  // the benchmarks' host line
  std::vector<std::string> page_problems;
  cli_request request = page ? parse_page_url(page->query, page_problems) : parse_command_line(argc, argv, std::cout, std::cerr);
  if (page) {
    if (!page->link_file.empty()) {  // the scene file the link carried; its first rows to the console, to compare
      request.gui.scene = page->link_file;
      std::cout << "framelab: the link's scene, as framelab sim --steps 2 writes it:\n";
      sim_options first_rows;
      first_rows.scene = page->link_file;
      first_rows.sets = request.gui.sets;
      first_rows.steps = 2;
      std::ostringstream not_loaded;  // the status line says why
      run_sim(first_rows, std::cout, not_loaded);
    }
    if (!page->link_error.empty()) page_problems.push_back(page->link_error);
    request.gui.width = page->width;
    request.gui.height = page->height;
  }
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
      if (request.shot.draw_hidden) run.occlusion_culling = false;
      run.real_time = request.shot.real_time;
      run.present = request.shot.present;
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
      run.sets = request.gui.sets;
      run.present = request.gui.present;
      run.lesson = request.gui.lesson;
      run.script = request.gui.script;
      run.continue_after_s = request.gui.continue_after_s;
      run.width = request.gui.width;
      run.height = request.gui.height;
      run.ui_scale_percent = request.gui.ui_scale_percent;
      run.keep_running = page.has_value();
      run.start_problems = page_problems;
      return run_gui(run, std::cout, std::cerr);
    }
  }
  return 0;
}
