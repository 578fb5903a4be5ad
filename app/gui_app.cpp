#include "app/gui_app.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>

#include "app/config_paths.hpp"
#include "app/display_check.hpp"
#include "app/gl_context.hpp"
#include "app/gui_script.hpp"
#include "app/lesson_runner.hpp"
#include "app/png_writer.hpp"
#include "app/screen_recorder.hpp"
#include "app/sim_command.hpp"
#include "app/viewport_input.hpp"
#include "app/world_files.hpp"
#include "render/camera_follow.hpp"
#include "render/scene_renderer.hpp"
#include "ui/default_layout.hpp"
#include "ui/presentation.hpp"
#include "ui/scene_labels.hpp"
#include "ui/settings.hpp"
#include "ui/ui_fonts.hpp"
#include "ui/ui_scale.hpp"
#include "ui/ui_state.hpp"
#include "ui/world_files.hpp"

namespace framelab {

namespace {

// [SECTION] Labels: where a world point lands on the screen, for the labels in the 3D view.
ui::screen_projection screen_projection_of(const render::orbit_camera& camera, ImVec2 display) {
  const glm::dmat4 clip_from_world = camera.projection(display.x / std::max(1.0f, display.y)) * camera.view();
  return [clip_from_world, display](const glm::dvec3& world) -> std::optional<ImVec2> {
    const glm::dvec4 clip = clip_from_world * glm::dvec4(world, 1.0);
    if (clip.w <= 0.0) return std::nullopt;
    return ImVec2(static_cast<float>((clip.x / clip.w * 0.5 + 0.5) * display.x),
                  static_cast<float>((0.5 - clip.y / clip.w * 0.5) * display.y));
  };
}

// [SECTION] View requests the UI made: interface size (fonts rebuilt between frames) and fullscreen.
struct applied_view {
  int ui_scale_percent = 0;  // 0: fonts not built yet
  bool fullscreen = false;
};

void apply_view_requests(ui::ui_state& state, applied_view& applied, const ui_font_files& fonts,
                         const ImGuiStyle& base_style, gl_window& window) {
  if (state.ui_scale_percent != applied.ui_scale_percent) {
    state.ui_scale_percent = ui::clamp_ui_scale(state.ui_scale_percent);
    const auto message = build_ui_fonts(fonts, base_style, state.ui_scale_percent);
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
};

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

// width / height of the window's drawable (also before the first frame sets ImGui's size).
double drawable_aspect(const gl_window& window) {
  const auto [width, height] = window.drawable_size();
  return static_cast<double>(width) / std::max(1, height);
}

// Presentation mode keeps the bodies on stage (render/camera_follow.hpp); outside it the
// camera is the lecturer's alone.
void follow_bodies_when_presenting(const ui::ui_state& state, render::camera_follower& follower,
                                   render::orbit_camera& camera, const gl_window& window, double seconds) {
  if (!ui::presenting(state) || !state.sim->loaded()) {
    follower.stop();
    return;
  }
  camera.set(follower.update(state.sim->view(), camera.setup(), drawable_aspect(window), seconds));
}

// A file dropped on the window opens as a world file or a preset; anything else is refused
// on the status line (ui/world_files.hpp). SDL hands over the path's memory.
void open_dropped(ui::ui_state& state, const SDL_DropEvent& drop) {
  if (drop.file == nullptr) return;
  const std::string path = drop.file;
  SDL_free(drop.file);
  ui::open_dropped_file(state, path);
}

}  // namespace

int run_gui(const gui_run& run, std::ostream& out, std::ostream& err) {
  // Validate the scene before opening any window: a bad argument exits with code 2.
  simulation sim;
  std::optional<camera_setup> preset_camera;
  if (auto error = prepare_simulation(run.scene, run.sets, sim, &preset_camera)) {
    err << "framelab: error: " << *error << "\n";
    return 2;
  }
  const bool shot_mode = run.frames > 0;
  std::optional<script_player> player;
  if (!run.script.empty()) {
    gui_script script;
    if (auto error = load_gui_script(run.script, script)) {
      err << "framelab: error: " << *error << "\n";
      return 2;
    }
    player.emplace(std::move(script));
  }
  // A shot or a script runs at a fixed 1/60 s per frame, without vsync, and leaves the
  // user's layout and settings alone, so that it replays the same way every time.
  const bool rehearsed = shot_mode || player.has_value();
  if (rehearsed) {
    clock_settings clock = sim.clock();
    clock.frame_budget_s = 0.0;  // every frame advances exactly 1/60 s, however slow the machine
    sim.set_clock(clock);
  }

  if (auto error = choose_video_driver(rehearsed)) {
    err << "framelab: error: " << *error << "\n";
    return 1;
  }
  gl_window window;
  if (auto error = window.open("framelab", run.width, run.height, /*vsync=*/!rehearsed)) {
    err << "framelab: cannot open a window: " << *error << (rehearsed ? " (no display? run under xvfb-run -a)" : "")
        << "\n";
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  // The layout and the settings persist in the user's config directory.
  const user_files files = rehearsed ? user_files{} : find_user_files();
  io.IniFilename = files.imgui_ini.empty() ? nullptr : files.imgui_ini.c_str();
  ImGui::StyleColorsDark();
  ImGui::GetStyle().WindowRounding = 4.0f;
  ImGui::GetStyle().FrameRounding = 3.0f;
  const ImGuiStyle base_style = ImGui::GetStyle();
  const ui_font_files fonts = find_ui_fonts();
  ImGui_ImplSDL2_InitForOpenGL(window.sdl_window(), window.gl_context());
  ImGui_ImplOpenGL3_Init("#version 330 core");

  render::scene_renderer renderer;
  try {
    renderer.init();
  } catch (const std::exception& e) {
    err << "framelab: renderer: " << e.what() << "\n";
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
    return 1;
  }

  render::orbit_camera camera;
  camera.set(preset_camera.value_or(sim.view().camera));
  ui::ui_state state;
  state.sim = &sim;
  state.camera.get = [&camera] { return camera.setup(); };
  state.camera.set = [&camera](const camera_setup& setup) { camera.set(setup); };
  state.camera.cursor_on_ground = [&camera, &io]() -> std::optional<glm::dvec3> {
    if (io.WantCaptureMouse) return std::nullopt;
    const render::ray r = camera.pick_ray(io.MousePos.x, io.MousePos.y, io.DisplaySize.x, io.DisplaySize.y);
    // origin + s direction meets y = 0 at s = -origin.y / direction.y (in front of the camera).
    if (std::abs(r.direction.y) < 1e-9) return std::nullopt;
    const double s = -r.origin.y / r.direction.y;
    if (s <= 0.0) return std::nullopt;
    return r.origin + s * r.direction;
  };
  state.camera.frame_scene = [&camera, &sim, &window] {
    camera.set(render::framing_camera(sim.view(), camera.setup(), drawable_aspect(window), ui::stage_fraction));
  };
  ui::sync_with_simulation(state);
  // A HiDPI display starts at its own scale, unless the settings keep one; a rehearsed run at 100 %.
  if (!rehearsed) {
    const float dpi = window.display_dpi();
    state.ui_scale_percent =
        dpi > 0.0f ? ui::ui_scale_for_dpi(dpi)
                   : ui::ui_scale_for_desktop_factor(std::getenv("GDK_SCALE"), std::getenv("QT_SCALE_FACTOR"));
  }
  if (!files.settings.empty()) restore_settings(files, run.scene, state);
  if (!rehearsed) state.lesson_files = find_lessons(lessons_directory());
  state.world_files = find_world_files(worlds_directory());
  applied_view applied;
  lesson_runner lessons;
  render::camera_follower follower({.stage_fill = ui::stage_fraction});

  viewport_input input;
  frame_timer timer;
  int exit_code = 0;
  // A recording's frames each advance the simulation 1/fps s (app/screen_recorder.hpp).
  const bool recording_run = !run.record_path.empty();
  const int recording_fps = recording_run ? run.record_fps : gui_recording_fps;
  screen_recorder recorder;
  recording_progress progress(run.frames);
  state.recording.start_path = run.record_path;
  state.recording.show_indicator = !rehearsed;
  for (int frame = 0; shot_mode ? frame < run.frames : !state.quit_requested; ++frame) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
      ImGui_ImplSDL2_ProcessEvent(&event);
      if (event.type == SDL_QUIT) state.quit_requested = true;
      if (event.type == SDL_DROPFILE) open_dropped(state, event.drop);
      input.handle(event, state, camera);
    }
    if (shot_mode && state.quit_requested) break;
    apply_view_requests(state, applied, fonts, base_style, window);
    const double frame_ms = timer.tick();
    state.frame_ms = timer.smoothed_ms;
    if (player) {
      if (auto error = player->before_frame(state)) {
        err << "framelab: script: " << *error << "\n";
        exit_code = 1;
        break;
      }
    }
    lessons.before_frame(state);
    ui::poll_world_file(state);  // reload on save (scenes/world/world_reload.hpp)
    if (auto error = serve_recording_requests(state, recorder, window.drawable_size(), recording_fps, out);
        error && (player || recording_run)) {
      err << "framelab: " << (player ? "script: " + player->last_step_location() : "error: --out: ") << *error << "\n";
      exit_code = 1;
      break;
    }
    // A rehearsed run advances exactly 1/60 s per frame (a recording 1/fps): its pictures
    // do not depend on speed.
    const double frame_seconds = rehearsed || recorder.active() ? 1.0 / recording_fps : frame_ms / 1000.0;
    sim.advance(frame_seconds);
    follow_bodies_when_presenting(state, follower, camera, window, frame_seconds);

    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    ui::draw_ui(state);
    ui::draw_scene_labels(sim.view(), screen_projection_of(camera, io.DisplaySize));
    ImGui::Render();

    const auto [width, height] = window.drawable_size();
    const float framebuffer_ratio = static_cast<float>(width) / std::max(1.0f, io.DisplaySize.x);
    renderer.set_line_scale(ui::ui_scale_factor(state.ui_scale_percent) * framebuffer_ratio);
    renderer.draw(sim.view(), camera, width, height, state.selected_node);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    const std::string png = shot_mode && frame == run.frames - 1 ? run.png_path
                            : player                             ? player->take_shot_request()
                                                                 : std::string();
    if (!png.empty()) {
      if (auto error = write_back_buffer_png(png, width, height)) {
        err << "framelab: error: " << (player ? "script shot: " : "--out: ") << *error << "\n";
        exit_code = 1;
        if (player) break;
      } else {
        out << "wrote " << png << " (" << width << "x" << height << ", scene " << sim.entry().info.name
            << ", t = " << sim.time() << " s)\n";
      }
    }
    if (auto error = capture_recording_frame(state, recorder, {width, height}, !recording_run, out);
        error && (player || recording_run)) {
      err << "framelab: error: recording: " << *error << "\n";
      exit_code = 1;
      break;
    }
    if (recording_run) progress.update(recorder.frames(), err);
    window.swap();
    if (player && player->finished()) state.quit_requested = true;
  }
  if (auto error = end_recording(state, recorder, recording_run ? run.frames : 0, out)) {
    err << "framelab: error: recording: " << *error << "\n";
    exit_code = 1;
  }
  if (shot_mode) {
    out << "mean frame time: " << timer.mean_ms() << " ms over " << timer.counted << " frames ("
        << (timer.mean_ms() > 0.0 ? 1000.0 / timer.mean_ms() : 0.0) << " fps)\n";
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
