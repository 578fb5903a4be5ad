#pragma once
// The analytic-overlay plot of the spinning-body scenes (a tab of the Physics
// panel): a body's energy, |L|, angle between omega and L, body-frame omega or
// relative drift, from the recorded channels, drawn over the closed-form curve
// the scene records next to them (channels named <quantity><body suffix> and
// <quantity>_ref; see scenes/rigid_body_scene.hpp).
#include "ui/ui_state.hpp"

namespace framelab::ui {

void draw_rotation_overlay(ui_state& state);

}  // namespace framelab::ui
