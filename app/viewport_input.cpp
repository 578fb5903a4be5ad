#include "app/viewport_input.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include <imgui.h>

#include "ui/panel_layout.hpp"
#include "ui/presentation.hpp"

namespace framelab {

namespace {

// Ctrl with + = - 0 (main row or keypad): the interface size.
std::optional<ui::shortcut> ui_size_shortcut(SDL_Keycode key) {
  if ((SDL_GetModState() & KMOD_CTRL) == 0) return std::nullopt;
  switch (key) {
    case SDLK_EQUALS: case SDLK_PLUS: case SDLK_KP_PLUS: return ui::shortcut::larger_ui;
    case SDLK_MINUS: case SDLK_KP_MINUS: return ui::shortcut::smaller_ui;
    case SDLK_0: case SDLK_KP_0: return ui::shortcut::default_ui_size;
    default: return std::nullopt;
  }
}

}  // namespace

void viewport_input::handle_key(SDL_Keycode key, ui::ui_state& state) {
  if (const auto size = ui_size_shortcut(key)) {
    ui::apply_shortcut(state, *size);
    return;
  }
  if (key == SDLK_SPACE && state.lesson.waiting) {  // a lesson's pause: Space goes on
    ui::continue_lesson(state);
    return;
  }
  switch (key) {
    case SDLK_SPACE: ui::apply_shortcut(state, ui::shortcut::toggle_pause); return;
    case SDLK_TAB: ui::apply_shortcut(state, ui::shortcut::toggle_presentation); return;
    case SDLK_F11: ui::apply_shortcut(state, ui::shortcut::toggle_fullscreen); return;
    case SDLK_PERIOD: ui::apply_shortcut(state, ui::shortcut::single_step); return;
    case SDLK_r: ui::apply_shortcut(state, ui::shortcut::reset); return;
    case SDLK_F1: ui::apply_shortcut(state, ui::shortcut::toggle_help); return;
    case SDLK_ESCAPE: ui::apply_shortcut(state, ui::shortcut::escape); return;
    default: break;
  }
  // A scene action whose shortcut is this letter (e.g. F: Fire).
  if (key >= SDLK_a && key <= SDLK_z) {
    const char letter = static_cast<char>(std::toupper(static_cast<int>(key)));
    for (const auto& action : state.sim->current().actions()) {
      if (action.shortcut.size() == 1 && action.shortcut[0] == letter) state.sim->trigger(action.name);
    }
  }
}

// Selects the nearest node whose bounding sphere the ray through (x, y) hits, and
// points the camera at it; or at the nearest sphere of the view's batch, when that is
// nearer (a batch's sphere is no node: nothing is selected).
void viewport_input::pick(int x, int y, ui::ui_state& state, render::orbit_camera& camera) {
  const ui::stage_viewport stage = ui::current_stage(state);  // the picture is the stage's canvas
  const render::ray r = camera.pick_ray(x - stage.canvas.x, y - stage.canvas.y, stage.canvas.width, stage.canvas.height);
  const scene_view& view = state.sim->view();
  double best = -1.0;
  int best_index = -1;
  glm::dvec3 best_centre(0.0);
  const auto consider = [&](const glm::dvec3& centre, double radius, int index) {
    const double s = render::ray_sphere_distance(r, centre, radius);
    if (s >= 0.0 && (best < 0.0 || s < best)) {
      best = s;
      best_index = index;
      best_centre = centre;
    }
  };
  for (std::size_t i = 0; i < view.nodes.size(); ++i) {
    const view_node& node = view.nodes[i];
    if (node.shape == shape_kind::none) continue;
    consider(node.world.translation, bounding_radius(node), static_cast<int>(i));
  }
  for (const packed_sphere& s : view.spheres.spheres) consider(glm::dvec3(s.centre), 0.5 * s.diameter, -1);
  if (best < 0.0) return;
  state.selected_node = best_index;
  camera_setup setup = camera.setup();
  setup.target = best_centre;
  camera.set(setup);
  ui::user_moved_camera(state);
}

void viewport_input::handle(const SDL_Event& event, ui::ui_state& state, render::orbit_camera& camera) {
  const ImGuiIO& io = ImGui::GetIO();
  switch (event.type) {
    case SDL_KEYDOWN:
      if (!io.WantCaptureKeyboard && event.key.repeat == 0) handle_key(event.key.keysym.sym, state);
      break;
    case SDL_MOUSEBUTTONDOWN:
      if (io.WantCaptureMouse) break;
      if (event.button.button == SDL_BUTTON_LEFT && event.button.clicks == 2) {
        pick(event.button.x, event.button.y, state, camera);
      } else if (event.button.button == SDL_BUTTON_RIGHT ||
                 (event.button.button == SDL_BUTTON_LEFT && (SDL_GetModState() & KMOD_SHIFT) != 0)) {
        panning_ = true;
      } else if (event.button.button == SDL_BUTTON_LEFT) {
        orbiting_ = true;
      }
      break;
    case SDL_MOUSEBUTTONUP:
      orbiting_ = panning_ = false;
      break;
    case SDL_MOUSEMOTION: {
      if (panning_) camera.pan(event.motion.xrel, event.motion.yrel, ui::current_stage(state).canvas.height);
      if (orbiting_) camera.orbit(event.motion.xrel, event.motion.yrel);
      if (panning_ || orbiting_) ui::user_moved_camera(state);
      break;
    }
    case SDL_MOUSEWHEEL:
      if (io.WantCaptureMouse) break;
      camera.zoom(event.wheel.preciseY != 0.0f ? event.wheel.preciseY : event.wheel.y);
      ui::user_moved_camera(state);
      break;
    default:
      break;
  }
}

}  // namespace framelab
