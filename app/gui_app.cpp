#include "app/gui_app.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <thread>
#include <utility>

#include "app/config_paths.hpp"
#include "app/display_check.hpp"
#include "app/frame_pacing.hpp"
#include "app/gl_context.hpp"
#include "app/gui_script.hpp"
#include "app/lesson_runner.hpp"
#include "app/platform/platform.hpp"
#include "app/png_writer.hpp"
#include "app/screen_recorder.hpp"
#include "app/share_link.hpp"
#include "app/sim_command.hpp"
#include "app/stage_canvas.hpp"
#include "app/viewport_input.hpp"
#include "app/world_files.hpp"
#include "render/camera_follow.hpp"
#include "render/scene_renderer.hpp"
#include "render/software_rasterizer.hpp"
#include "ui/benchmarks_panel.hpp"
#include "ui/default_layout.hpp"
#include "ui/panel_layout.hpp"
#include "ui/presentation.hpp"
#include "ui/record_dialog.hpp"
#include "ui/scene_labels.hpp"
#include "ui/settings.hpp"
#include "ui/split_stage.hpp"
#include "ui/ui_fonts.hpp"
#include "ui/ui_scale.hpp"
#include "ui/ui_state.hpp"
#include "ui/widgets.hpp"
#include "ui/world_files.hpp"

namespace framelab {

namespace {

// [SECTION] The stage (ui/stage_area.hpp): the camera's picture and the framing's area.
double canvas_aspect(const ui::stage_viewport& stage) {
  return static_cast<double>(stage.canvas.width) / std::max(1.0f, stage.canvas.height);
}

// A part of the stage in the canvas's normalised device coordinates.
render::stage_area canvas_area(const ui::stage_viewport& stage, const ui::screen_rect& part) {
  const ui::ndc_point centre = ui::canvas_to_ndc(stage, part.centre_x(), part.centre_y());
  return {{centre.x, centre.y},
          {part.width / std::max(1.0f, stage.canvas.width), part.height / std::max(1.0f, stage.canvas.height)}};
}

// The stage's free area: where the bodies are framed.
render::stage_area framing_area(const ui::stage_viewport& stage) {
  return canvas_area(stage, stage.free);
}

// [SECTION] Labels: where a world point lands on the screen, for the labels in the 3D view.
ui::screen_projection screen_projection_of(const render::orbit_camera& camera, const ui::stage_viewport& stage) {
  return ui::stage_projection(camera.projection(canvas_aspect(stage)) * camera.view(), stage);
}

// The split stage's second half (ui/split_stage.hpp): the view seen from the chosen frame.
struct observer {
  scene_view view;
  ui::stage_viewport stage;
};
std::optional<observer> second_observer(const ui::ui_state& state, const scene_view& view) {
  const std::optional<int> node = ui::split_node(state);
  if (!node || !state.second_stage) return std::nullopt;
  return observer{ui::seen_from(view, view.nodes[static_cast<std::size_t>(*node)].world), *state.second_stage};
}

// A stage's free area, and in presentation mode its overlays (readouts, plot, transport bar), for the labels to keep off.
ui::label_area labels_area(const ui::ui_state& state, const ui::stage_viewport& stage) {
  ui::label_area area;
  area.corner = ImVec2(stage.free.x, stage.free.y);
  area.size = ImVec2(stage.free.width, stage.free.height);
  if (!ui::presenting(state)) return area;
  for (const auto& r : state.stage_overlays) area.keep_out.push_back({ImVec2(r.x, r.y), ImVec2(r.width, r.height)});
  return area;
}

// [SECTION] View requests the UI made: interface size (fonts rebuilt between frames) and fullscreen.
struct applied_view {
  int ui_scale_percent = 0;  // 0: fonts not built yet
  float stage_pixels = 0.0f;  // presentation mode's text (ui::stage_text_pixels of the window's height)
  bool fullscreen = false;
};

void apply_view_requests(ui::ui_state& state, applied_view& applied, const ui_font_files& fonts,
                         const ImGuiStyle& base_style, gl_window& window) {
  int window_width = 0;
  int window_height = 0;
  SDL_GetWindowSize(window.sdl_window(), &window_width, &window_height);  // ImGui's units (not the drawable's)
  const float stage_pixels = ui::stage_text_pixels(static_cast<float>(window_height));
  if (stage_pixels != applied.stage_pixels && applied.ui_scale_percent == state.ui_scale_percent) {
    build_ui_fonts(fonts, base_style, state.ui_scale_percent, stage_pixels);  // a resized window: same messages
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    applied.stage_pixels = stage_pixels;
  }
  if (state.ui_scale_percent != applied.ui_scale_percent) {
    state.ui_scale_percent = ui::clamp_ui_scale(state.ui_scale_percent);
    const auto message = build_ui_fonts(fonts, base_style, state.ui_scale_percent, stage_pixels);
    applied.stage_pixels = stage_pixels;
    if (applied.ui_scale_percent != 0) {  // the first texture is made by the backend's first NewFrame
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    if (message) {
      ui::set_message(state, *message, true);
    } else if (applied.ui_scale_percent != 0) {
      ui::set_message(state, "Interface size " + std::to_string(state.ui_scale_percent) + " %", false);
    }
    // The panels' default places depend on the menu bar's height: a new size lays them out again.
    state.relayout_panels = applied.ui_scale_percent != 0;
    applied.ui_scale_percent = state.ui_scale_percent;
  }
  if (state.window_size_request) {
    SDL_SetWindowSize(window.sdl_window(), state.window_size_request->first, state.window_size_request->second);
    state.window_size_request.reset();
  }
  if (state.fullscreen != applied.fullscreen) {
    if (auto error = window.set_fullscreen(state.fullscreen)) {
      ui::set_message(state, "Fullscreen: " + *error, true);
      state.fullscreen = applied.fullscreen;
    }
    applied.fullscreen = state.fullscreen;
  }
}

// [SECTION] Frame timing: the mean over the frames after a short warm-up.
struct frame_timer {
  using clock = std::chrono::steady_clock;
  clock::time_point last = clock::now();
  double total_ms = 0.0;
  int counted = 0;
  int seen = 0;
  double smoothed_ms = 0.0;

  double tick() {
    const auto now = clock::now();
    const double ms = std::chrono::duration<double, std::milli>(now - last).count();
    last = now;
    if (++seen > 5) {
      total_ms += ms;
      ++counted;
    }
    smoothed_ms = smoothed_ms == 0.0 ? ms : smoothed_ms + 0.05 * (ms - smoothed_ms);
    return ms;
  }
  double mean_ms() const { return counted > 0 ? total_ms / counted : smoothed_ms; }
  // After the window waited for input: the next frame's time counts from now, not from before the wait.
  void restart() { last = clock::now(); }
};

// [SECTION] A quiet laptop (app/frame_pacing.hpp): sleep out the rest of a frame, wait for input when idle.
double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Windows ImGui sizes from their content (presentation overlays, the lesson caption, help) are
// laid out once more before the frame that shows them first or with new text: ImGui hides a
// new auto-sizing window for a frame and sizes it from the content of the frame before, which
// showed `present on` and `say` one frame late.
struct overlay_signature {
  bool presenting = false;
  bool help = false;
  bool lesson_waiting = false;
  std::string caption;
  std::string lesson_title;
  friend bool operator==(const overlay_signature&, const overlay_signature&) = default;
};

overlay_signature overlays_of(const ui::ui_state& state) {
  return {ui::presenting(state), state.show_help, state.lesson.waiting, state.lesson.caption, state.lesson.title};
}

// A script's pauses that end by themselves: --continue-after seconds of script time.
long long continue_after_frames(double seconds) {
  return seconds > 0.0 ? std::max(1LL, std::llround(seconds * gui_recording_fps)) : 0;
}

// [SECTION] Settings: <config>/imgui.ini (layout) and <config>/settings.json.
struct user_files {
  std::string imgui_ini;  // empty: not persisted
  std::string settings;
  std::vector<std::string> messages;  // about files that were moved aside
};

user_files find_user_files() {
  user_files files;
  const auto dir = config_directory();
  if (!dir) return files;
  files.imgui_ini = (*dir / "imgui.ini").string();
  files.settings = (*dir / "settings.json").string();
  if (auto message = ui::quarantine_if_not_text(files.imgui_ini)) files.messages.push_back(*message);
  return files;
}

// Applies the saved settings, remembers the scene the app opened with, and shows what
// went wrong with the files, if anything.
void restore_settings(const user_files& files, const std::string& first_scene, ui::ui_state& state) {
  ui::settings_load loaded = ui::load_settings(files.settings);
  ui::apply_settings(loaded.settings, state);
  ui::remember_recent(state.recent_scenes, ui::recent_entry(first_scene));
  std::vector<std::string> messages = files.messages;
  if (loaded.message) messages.push_back(*loaded.message);
  std::string text;
  for (const auto& m : messages) text += (text.empty() ? "" : "\n") + m;
  if (!text.empty()) ui::set_message(state, text, true);
}

// The window's title: "framelab", and while recording "framelab - REC mm:ss" with how to
// end it (the title bar is outside the picture the recording takes).
std::string record_title(const ui::ui_state& state) {
  const ui::recording_link& link = state.recording;
  if (!link.active) return "framelab";
  return "framelab - REC " + ui::recording_clock(link.seconds) +
         (link.stage_view ? " (Tab or Esc ends the recording)" : " (File > Stop recording ends it)");
}

void show_title(gl_window& window, const std::string& title, std::string& shown) {
  if (title == shown) return;
  SDL_SetWindowTitle(window.sdl_window(), title.c_str());
  shown = title;
}

// Lines are as wide as the interface is large; in presentation mode as the stage's text
// (ui::stage_text_pixels) is large against its size in a 720-pixel window, if that is larger.
float line_scale(const ui::ui_state& state, const applied_view& applied) {
  const float interface = ui::ui_scale_factor(state.ui_scale_percent);
  if (!ui::presenting(state)) return interface;
  return std::max(interface, applied.stage_pixels / ui::stage_text_pixels(720.0f));
}

// A frame the renderer could not draw whole says why on the status line, once per new reason.
void report_draw_problem(ui::ui_state& state, const std::optional<std::string>& problem, std::string& shown) {
  if (!problem) {
    shown.clear();
    return;
  }
  if (*problem == shown) return;
  shown = *problem;
  ui::set_message(state, "Drawing: " + *problem, true);
}

// Who moves the camera (ui::camera_mode): a followed or ridden node, else presentation
// mode keeping the bodies on stage (render/camera_follow.hpp); a fixed camera, and any
// camera outside presentation mode, is the lecturer's alone.
struct camera_movers {
  render::camera_follower bodies;
  render::node_follower node;
};

void move_camera(const ui::ui_state& state, camera_movers& movers, render::orbit_camera& camera, double seconds) {
  const ui::camera_link& link = state.camera;
  const bool on_node = link.mode == ui::camera_mode::follow || link.mode == ui::camera_mode::ride;
  if (on_node && state.sim->loaded()) {
    const bool ride = link.mode == ui::camera_mode::ride;
    if (movers.node.node() != link.node || movers.node.riding() != ride) movers.node.start(link.node, ride);
    camera.set(movers.node.update(state.sim->view(), camera.setup()));
  }
  if (!ui::presenting(state) || !state.sim->loaded() || link.mode != ui::camera_mode::automatic) {
    movers.bodies.stop();
    return;
  }
  const ui::stage_viewport stage = ui::current_stage(state);
  camera.set(movers.bodies.update(state.sim->view(), camera.setup(), canvas_aspect(stage), seconds, framing_area(stage),
                                  ui::camera_focus(state)));
}

// A scene's starting camera kept clear of the panels (ui::camera_link::starting): backed off
// from the scene's own whenever the stage's free area changes (the first layout, a resized
// window, another interface size, a panel opened or closed), until anything else moves it. The
// shapes it shows whole stay 5 % of the free area's size from the panels' edges (a swinging bob
// next to one does not swing under it at once).
constexpr float panel_margin_share = 0.05f;

void keep_starting_camera_clear(ui::ui_state& state, render::orbit_camera& camera) {
  auto& starting = state.camera.starting;
  if (!starting || !state.sim->loaded()) return;
  if (camera.setup() != starting->placed) {
    starting.reset();  // the lecturer's, a script's or presentation mode's now
    return;
  }
  const ui::stage_viewport stage = ui::current_stage(state);
  if (state.stage.free.empty() || stage.free == starting->free) return;  // no layout yet, or the same
  camera.set(render::backed_off_to_fit(state.sim->view(), starting->scene, canvas_aspect(stage), 1.0,
                                       canvas_area(stage, ui::clear_of_panels(stage, panel_margin_share)),
                                       canvas_area(stage, stage.clip), ui::camera_focus(state)));
  starting->placed = camera.setup();
  starting->free = stage.free;
}

// A file dropped on the window opens as a world file or a preset; anything else is refused
// on the status line (ui/world_files.hpp). SDL hands over the path's memory.
void open_dropped(ui::ui_state& state, const SDL_DropEvent& drop) {
  if (drop.file == nullptr) return;
  const std::string path = drop.file;
  SDL_free(drop.file);
  ui::open_dropped_file(state, path);
}

// [SECTION] What the UI asks of the host (File > Copy link, File > Open file...) and what the
// host answers (app/platform/platform.hpp): a picked or dropped file opens as a dropped one
// does on the desktop (a lesson starts).
void serve_host_requests(ui::ui_state& state) {
  if (state.copy_link_requested) {
    state.copy_link_requested = false;
    const auto message = platform::copy_link(
        make_share_link(*state.sim, state.world_files, ui::presenting(state), state.ui_scale_percent));
    ui::set_message(state, message.text, message.is_error);
  }
  if (state.pick_file_requested) {
    state.pick_file_requested = false;
    platform::pick_file();
  }
  while (const auto message = platform::take_host_message()) {
    if (message->opened_file.ends_with(".lesson")) {
      state.lesson_to_start = message->opened_file;
    } else if (!message->opened_file.empty()) {
      ui::open_dropped_file(state, message->opened_file);
    } else {
      ui::set_message(state, message->text, message->is_error);
    }
  }
}

// Everything the frames use, on the heap and owned by the frame function: the page's
// platform::run_frames hands the frames to the browser and leaves run_gui by unwinding its
// stack (with WebAssembly's exceptions, running its destructors), and the frames go on.
struct gui_session {
  gui_session(const gui_run& run_asked, std::ostream& out_stream, std::ostream& err_stream)
      : run(run_asked), out(out_stream), err(err_stream), progress(run_asked.frames) {}
  // One frame; false once the run is over.
  bool one_frame();
  // The overlap of a frame's rasterising with the next frame's simulation step (issue 27):
  // where the next frame follows at once, a drawn frame is flushed to the GL (llvmpipe
  // rasterises it on its own threads) and swapped onto the screen only after the next
  // frame's step. The steps, their inputs and the pictures stay the same, each picture
  // still the state it was drawn from (shots and recordings read it before the swap).
  void show_drawn_frame() {
    if (std::exchange(swap_pending, false)) window.swap();
  }

  const gui_run run;
  std::ostream& out;
  std::ostream& err;
  simulation sim;
  std::optional<camera_setup> preset_camera;
  bool shot_mode = false;
  std::optional<script_player> player;
  bool rehearsed = false;
  bool fixed_clock = false;  // each frame advances the simulation 1/60 s: a rehearsed run but shot --real-time
  gl_window window;
  user_files files;
  ImGuiStyle base_style;
  ui_font_files fonts;
  render::scene_renderer renderer;
  render::orbit_camera camera;
  ui::ui_state state;
  applied_view applied;
  lesson_runner lessons;
  camera_movers movers;
  viewport_input input;
  frame_timer timer;
  int exit_code = 0;
  bool recording_run = false;
  int recording_fps = gui_recording_fps;  // each recorded frame advances the simulation 1/fps s
  screen_recorder recorder;
  recording_progress progress;
  std::string shown_title;
  std::string shown_status;
  std::optional<frame_pacer> pacer;
  idle_tracker idle;
  overlay_signature overlays_shown;
  std::string draw_problem;
  double draw_data_seconds = 0.0;
  std::size_t batch_culled = 0, batch_balls = 0;  // the last frame's: balls of the stage's batch left out, of all
  bool swap_pending = false;
  int frame = 0;
  double simulated_before_counting = 0.0;  // s, for shot --real-time's report
};

bool gui_session::one_frame() {
  ImGuiIO& io = ImGui::GetIO();
  if (shot_mode ? frame >= run.frames : state.quit_requested) return false;
  // Interactive frames are paced; a script only while it waits for the lecturer at a pause.
  const bool paced = !platform::host_paces_frames() &&
                     (!rehearsed || (player && state.lesson.waiting && run.continue_after_s <= 0.0));
  bool had_input = false;
  const auto handle_event = [&](const SDL_Event& event) {
    ImGui_ImplSDL2_ProcessEvent(&event);
    if (event.type == SDL_QUIT) state.quit_requested = true;
    if (event.type == SDL_DROPFILE) open_dropped(state, event.drop);
    input.handle(event, state, camera);
    had_input = true;
  };
  SDL_Event event;
  if (paced && idle.may_wait_for_input()) {
    show_drawn_frame();
    if (SDL_WaitEventTimeout(&event, idle_redraw_ms) != 0) handle_event(event);
    timer.restart();
  }
  while (SDL_PollEvent(&event)) handle_event(event);
  if (shot_mode && state.quit_requested) return false;
  apply_view_requests(state, applied, fonts, base_style, window);
  const double frame_ms = timer.tick();
  state.frame_ms = timer.smoothed_ms;
  // The timer counts the frames after the fifth: the time they simulate starts now, before the sixth's steps.
  if (timer.seen <= 6) simulated_before_counting = sim.time();
  if (player) {
    if (auto error = player->before_frame(state)) {
      err << "framelab: script: " << *error << "\n";
      exit_code = 1;
      return false;
    }
  }
  lessons.before_frame(state);
  serve_host_requests(state);
  ui::poll_world_file(state);  // reload on save (scenes/world/world_reload.hpp)
  if (state.benchmarks) ui::advance_benchmark_run(state);  // a run in slices: one case a frame
  if (auto error = serve_recording_requests(state, recorder, window.drawable_size(), recording_fps, out);
      error && (player || recording_run)) {
    err << "framelab: " << (player ? "script: " + player->last_step_location() : "error: --out: ") << *error << "\n";
    exit_code = 1;
    return false;
  }
  // A rehearsed run advances exactly 1/60 s per frame (a recording 1/fps): its pictures
  // do not depend on speed; but shot --real-time's follow the clock, as the window's do.
  const double frame_seconds = fixed_clock || recorder.active() ? 1.0 / recording_fps : frame_ms / 1000.0;
  sim.advance(frame_seconds);
  move_camera(state, movers, camera, frame_seconds);
  keep_starting_camera_clear(state, camera);
  show_drawn_frame();

  scene_view hidden_view;  // the stage without what a script hid (ui/stage_hiding.hpp)
  const auto build_ui = [&] {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    io.DeltaTime = std::max(io.DeltaTime, 1e-4f);  // a layout pass right before: no zero step
    ImGui::NewFrame();
    ui::draw_ui(state);
    const scene_view& shown = ui::stage_view(sim.view(), state.hidden, hidden_view);
    ui::draw_scene_labels(shown, screen_projection_of(camera, ui::current_stage(state)),
                          ui::scene_label_font(ui::presenting(state)), labels_area(state, ui::current_stage(state)));
    if (const auto second = second_observer(state, shown)) {
      ui::draw_scene_labels(second->view, screen_projection_of(camera, second->stage),
                            ui::scene_label_font(ui::presenting(state)), labels_area(state, second->stage));
    }
  };
  if (overlays_of(state) != overlays_shown) {
    // The layout passes: new or changed auto-sizing windows measure their content, and a
    // bar that wraps its buttons to its first guess of a width settles on the second.
    for (int pass = 0; pass < 2; ++pass) {
      build_ui();
      ImGui::EndFrame();
    }
  }
  build_ui();
  ImGui::Render();
  overlays_shown = overlays_of(state);

  const auto [width, height] = window.drawable_size();
  const float framebuffer_ratio = static_cast<float>(width) / std::max(1.0f, io.DisplaySize.x);
  renderer.set_line_scale(line_scale(state, applied) * framebuffer_ratio);
  clear_window(width, height);
  const scene_view& shown = ui::stage_view(sim.view(), state.hidden, hidden_view);
  auto problem =
      draw_stage(renderer, shown, camera, ui::current_stage(state), framebuffer_ratio, width, height, state.selected_node);
  batch_culled = renderer.last_lists().batch_hidden;
  batch_balls = batch_culled + renderer.last_lists().batch.size();
  if (const auto second = second_observer(state, shown)) {
    const auto second_problem = draw_stage(renderer, second->view, camera, second->stage, framebuffer_ratio, width,
                                           height, state.selected_node);
    if (!problem) problem = second_problem;
  }
  report_draw_problem(state, problem, draw_problem);
  draw_data_seconds += renderer.last_build_seconds();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  const std::string png = shot_mode && frame == run.frames - 1 ? run.png_path
                          : player                             ? player->take_shot_request()
                                                               : std::string();
  if (!png.empty()) {
    if (auto error = write_back_buffer_png(png, width, height)) {
      err << "framelab: error: " << (player ? "script shot: " : "--out: ") << *error << "\n";
      exit_code = 1;
      if (player) return false;
    } else {
      out << "wrote " << png << " (" << width << "x" << height << ", scene " << sim.entry().info.name
          << ", t = " << sim.time() << " s)\n";
    }
  }
  if (auto error = capture_recording_frame(state, recorder, {width, height}, !recording_run, out);
      error && (player || recording_run)) {
    err << "framelab: error: recording: " << *error << "\n";
    exit_code = 1;
    return false;
  }
  if (recording_run) progress.update(recorder.frames(), err);
  if (!rehearsed) show_title(window, record_title(state), shown_title);
  if (state.message != shown_status) platform::status_changed(shown_status = state.message);
  // Flushed, not swapped, where the next frame follows at once: a run not paced, or a paced
  // one whose last frame took 1.5 periods or more (no vsync holds it back, no sleep follows).
  const bool next_frame_at_once =
      !platform::host_paces_frames() && (!paced || frame_ms >= 1500.0 * pacer->period_s());
  if (next_frame_at_once) {
    window.flush();
    swap_pending = true;
  } else {
    window.swap();
  }
  if (player && player->finished()) state.quit_requested = true;
  const frame_demand demand{.simulation_running = !sim.paused(),
                            .benchmark_running = state.benchmarks && ui::benchmark_running(state),
                            .recording = recorder.active(),
                            .camera_gliding = movers.bodies.gliding(),
                            .lesson_counting = lessons.playing() && !state.lesson.waiting,
                            .script_running = player.has_value() && !state.lesson.waiting};
  idle.frame_drawn(had_input || needs_continuous_frames(demand) || overlays_of(state) != overlays_shown);
  if (paced && !swap_pending) {
    std::this_thread::sleep_for(std::chrono::duration<double>(pacer->sleep_after_frame(steady_seconds())));
  }
  ++frame;
  return true;
}

}  // namespace

int run_gui(const gui_run& run_asked, std::ostream& out, std::ostream& err) {
  const auto session = std::make_shared<gui_session>(run_asked, out, err);
  const gui_run& run = session->run;
  // Validate the scene before opening any window: a bad argument exits with code 2 (the page
  // runs on and says why: run.keep_running).
  std::vector<std::string> start_problems = run.start_problems;
  const auto refuse = [&](const std::string& error) {
    if (!run.keep_running) err << "framelab: error: " << error << "\n";
    start_problems.insert(start_problems.begin(), error);  // before the URL's: what runs instead of the scene asked for
    return run.keep_running ? 0 : 2;
  };
  simulation& sim = session->sim;
  std::optional<camera_setup>& preset_camera = session->preset_camera;
  if (auto error = prepare_simulation(run.scene, run.sets, sim, &preset_camera)) {
    if (refuse(*error) != 0) return 2;
    if (prepare_simulation(run.scene, {}, sim, &preset_camera)) prepare_simulation(default_scene_name, {}, sim);
  }
  // What each --set gave the scene (in the browser: the console shows what ?set= did).
  for (const std::string& assignment : run.sets) {
    const std::string key = assignment.substr(0, assignment.find('='));
    out << "framelab: --set " << key << " = " << format_param(sim.parameters().get(key)) << "\n";
  }
  const bool shot_mode = session->shot_mode = run.frames > 0;
  const auto lesson = run.lesson.empty() ? std::nullopt : find_lesson(run.lesson);
  if (!run.lesson.empty() && !lesson &&
      refuse("--lesson: no lesson file or shipped lesson named '" + run.lesson + "'") != 0) {
    return 2;
  }
  std::optional<script_player>& player = session->player;
  if (!run.script.empty()) {
    gui_script script;
    auto error = load_gui_script(run.script, script);
    if (!error) error = validate_script_scenes(script, sim.entry(), sim.parameters());
    if (error && refuse(*error) != 0) return 2;
    if (!error) player.emplace(std::move(script), pause_behaviour{&err, continue_after_frames(run.continue_after_s)});
  }
  // A shot or a script runs at a fixed 1/60 s per frame, without vsync, and leaves the
  // user's layout and settings alone, so that it replays the same way every time (but
  // shot --real-time: its frames on the clock and within the frame budget, as the window's).
  const bool rehearsed = session->rehearsed = shot_mode || player.has_value();
  session->fixed_clock = rehearsed && !run.real_time;
  if (session->fixed_clock) {
    clock_settings clock = sim.clock();
    clock.frame_budget_s = 0.0;  // every frame advances exactly 1/60 s, however slow the machine
    sim.set_clock(clock);
  }

  if (auto error = choose_video_driver(rehearsed)) {
    err << "framelab: error: " << *error << "\n";
    return 1;
  }
  gl_window& window = session->window;
  if (auto error = window.open("framelab", run.width, run.height, /*vsync=*/!rehearsed)) {
    err << "framelab: cannot open a window: " << *error << (rehearsed ? " (no display? run under xvfb-run -a)" : "")
        << "\n";
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // The layout and the settings persist in the user's config directory.
  const user_files& files = session->files = rehearsed ? user_files{} : find_user_files();
  io.IniFilename = files.imgui_ini.empty() ? nullptr : files.imgui_ini.c_str();
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 4.0f;
  ImGui::GetStyle().FrameRounding = 3.0f;
  // A slider's grab sits under the value and unit text: see-through, so it covers no letter.
  ImGui::GetStyle().Colors[ImGuiCol_SliderGrab].w = 0.35f;
  ImGui::GetStyle().Colors[ImGuiCol_SliderGrabActive].w = 0.6f;
  session->base_style = ImGui::GetStyle();
  session->fonts = find_ui_fonts();
  ImGui_ImplSDL2_InitForOpenGL(window.sdl_window(), window.gl_context());
  // The window's size before the first frame sets it: a script's or the command line's
  // first commands (scene, present on) frame the camera on the stage before that frame.
  int window_width = 0;
  int window_height = 0;
  SDL_GetWindowSize(window.sdl_window(), &window_width, &window_height);
  io.DisplaySize = ImVec2(static_cast<float>(window_width), static_cast<float>(window_height));
  ImGui_ImplOpenGL3_Init(render::glsl_version_line);

  render::scene_renderer& renderer = session->renderer;
  try {
    renderer.init();
    renderer.set_occlusion_culling(
        run.occlusion_culling.value_or(render::software_rasterizer(platform::gl_renderer())));
  } catch (const std::exception& e) {
    err << "framelab: renderer: " << e.what() << "\n";
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    return 1;
  }

  render::orbit_camera& camera = session->camera;
  ui::ui_state& state = session->state;
  state.sim = &sim;
  state.camera.get = [&camera] { return camera.setup(); };
  state.camera.set = [&camera](const camera_setup& setup) { camera.set(setup); };
  ui::start_camera(state, preset_camera.value_or(sim.view().camera));
  state.camera.cursor_on_ground = [&camera, &io, &state]() -> std::optional<glm::dvec3> {
    if (io.WantCaptureMouse) return std::nullopt;
    const ui::stage_viewport stage = ui::current_stage(state);
    const render::ray r = camera.pick_ray(io.MousePos.x - stage.canvas.x, io.MousePos.y - stage.canvas.y,
                                          stage.canvas.width, stage.canvas.height);
    // origin + s direction meets y = 0 at s = -origin.y / direction.y (in front of the camera).
    if (std::abs(r.direction.y) < 1e-9) return std::nullopt;
    const double s = -r.origin.y / r.direction.y;
    if (s <= 0.0) return std::nullopt;
    return r.origin + s * r.direction;
  };
  state.camera.frame_scene = [&camera, &sim, &state] {
    const ui::stage_viewport stage = ui::current_stage(state);
    camera.set(render::framing_camera(sim.view(), camera.setup(), canvas_aspect(stage), render::presentation_fill,
                                      framing_area(stage), ui::camera_focus(state)));
  };
  // A preset's or the scene file's camera is kept on the stage too.
  state.camera.mode = ui::starting_camera_mode(sim, preset_camera.has_value());
  ui::sync_with_simulation(state);
  // A HiDPI display starts at its own scale, unless the settings keep one; a rehearsed run at 100 %.
  if (!rehearsed) {
    const float dpi = window.display_dpi();
    state.ui_scale_percent =
        dpi > 0.0f ? ui::ui_scale_for_dpi(dpi)
                   : ui::ui_scale_for_desktop_factor(std::getenv("GDK_SCALE"), std::getenv("QT_SCALE_FACTOR"));
  }
  if (!files.settings.empty()) restore_settings(files, run.scene, state);
  if (run.ui_scale_percent > 0) state.ui_scale_percent = run.ui_scale_percent;  // --ui-scale
  if (lesson) state.lesson_to_start = lesson->string();                          // --lesson
  if (run.present) ui::enter_presentation(state);                                // --present
  if (!start_problems.empty()) {  // the page's: what it could not start with (the console has it too)
    std::string text;
    for (const auto& problem : start_problems) append_separated(text, "; ", problem);
    ui::set_message(state, "Not as the link asked: " + text, true);
  }
  state.host_file_picker = platform::has_file_picker();
  const platform::recording_formats videos = platform::video_outputs();
  state.recording.video_extension = videos.default_extension;
  state.recording.video_formats = videos.dialog_line;
  platform::deliver_saved_files();
  if (!rehearsed) {
    state.lesson_files = find_all_lessons();
    if (const auto mine = user_lessons_directory()) state.user_lessons_folder = mine->string();
  }
  state.world_files = find_world_files(worlds_directory());
  const frame_timer& timer = session->timer;
  int& exit_code = session->exit_code;
  // A recording's frames each advance the simulation 1/fps s (app/screen_recorder.hpp).
  const bool recording_run = session->recording_run = !run.record_path.empty();
  session->recording_fps = recording_run ? run.record_fps : gui_recording_fps;
  screen_recorder& recorder = session->recorder;
  state.recording.start_path = run.record_path;
  state.recording.stage_view = recording_run && run.record_stage;
  // "REC mm:ss" goes into the window's title, outside the picture (record_title).
  state.recording.show_indicator = false;
  session->pacer.emplace(pacing_rate_hz(window.display_refresh_hz()));
  // The platform owns the loop (app/platform/platform.hpp): the desktop calls the frames until
  // one returns false, the browser at each of its display frames; the function owns the session.
  platform::run_frames([session] { return session->one_frame(); });
  session->show_drawn_frame();

  if (auto error = end_recording(state, recorder, recording_run ? run.frames : 0, out)) {
    err << "framelab: error: recording: " << *error << "\n";
    exit_code = 1;
  }
  if (shot_mode) {
    out << "mean frame time: " << timer.mean_ms() << " ms over " << timer.counted << " frames ("
        << (timer.mean_ms() > 0.0 ? 1000.0 / timer.mean_ms() : 0.0) << " fps); draw data built in "
        << 1e6 * session->draw_data_seconds / std::max(1, run.frames) << " us per frame\n";
    if (run.real_time && timer.total_ms > 0.0) {
      const double simulated = session->sim.time() - session->simulated_before_counting;
      out << "simulated " << simulated << " s in those frames' " << timer.total_ms / 1000.0 << " s ("
          << simulated / (timer.total_ms / 1000.0) << "x real time)\n";
    }
    if (session->batch_balls > 0) {
      out << "hidden balls culled: " << session->batch_culled << " of " << session->batch_balls
          << " in the last frame (GL renderer: " << platform::gl_renderer() << ")\n";
    }
  }

  if (!files.settings.empty()) {
    if (auto error = ui::save_settings(files.settings, ui::settings_from(state))) {
      err << "framelab: settings not saved: " << *error << "\n";
    }
  }
  renderer.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplSDL2_Shutdown();
  ImGui::DestroyContext();
  return exit_code;
}

}  // namespace framelab
