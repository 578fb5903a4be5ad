#pragma once
// Mouse and keyboard in the 3D view: drag to orbit, right-drag or Shift+drag to pan,
// wheel to zoom, double-click a body to focus and select it; Space, '.', R, F1, Esc
// and the scene's action keys. Events ImGui wants (over a panel, typing in a field)
// are left to ImGui.
#include <SDL.h>

#include "render/orbit_camera.hpp"
#include "ui/ui_state.hpp"

namespace framelab {

class viewport_input {
 public:
  void handle(const SDL_Event& event, ui::ui_state& state, render::orbit_camera& camera);

 private:
  void handle_key(SDL_Keycode key, ui::ui_state& state);
  void pick(int x, int y, ui::ui_state& state, render::orbit_camera& camera);
  bool orbiting_ = false;
  bool panning_ = false;
};

}  // namespace framelab
