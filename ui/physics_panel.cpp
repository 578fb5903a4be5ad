// The Physics panel of the spinning-body scenes: switches each body's integrator,
// gyroscopic term, Magnus terms and quaternion exponential live (no reset), and
// shows the rotation per step h |omega| against the Magnus series' convergence
// bound pi/sqrt(2), the invariants' drift and any refused step; a second tab
// holds the analytic-overlay plot (ui/rotation_overlay.hpp).
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>

#include "core/angle_units.hpp"
#include "scenes/rigid_body_scene.hpp"
#include "ui/rotation_overlay.hpp"
#include "ui/scene_panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// Above this fraction of the convergence bound the readout turns amber.
constexpr double warn_fraction = 0.7;
constexpr ImU32 warn_color = IM_COL32(255, 200, 80, 255);
constexpr ImU32 ok_color = IM_COL32(140, 220, 140, 255);

// Kept in ui_state (panel_state<physics_panel_state>).
struct physics_panel_state {
  std::size_t selected = 0;
  bool all_bodies = false;
};

const char* integrator_tooltip(integrator_kind k) {
  switch (k) {
    case integrator_kind::explicit_euler:
      return "omega += alpha dt, then rotate by the new omega (the game-engine order). With the gyroscopic term "
             "it gains energy every step.";
    case integrator_kind::magnus:
      return "The article's scheme: alpha from the start of the step held constant, orientation by the Magnus "
             "series Omega1 + Omega2 + Omega3.";
    case integrator_kind::midpoint:
      return "Implicit midpoint on L (Newton with a dual-number Jacobian): keeps energy and |L| of a torque-free "
             "body to round-off; the special solver the gyroscopic term needs.";
    case integrator_kind::rk4:
      return "Classical Runge-Kutta, fourth order: accurate per step but drifts slowly over long runs.";
    case integrator_kind::midpoint4:
      return "Fourth order without losing the invariants: three midpoint steps of 1.35, -1.70 and 1.35 dt "
             "(Yoshida's triple jump). Energy and |L| kept like midpoint, phase error ~dt^4 instead of ~dt^2.";
  }
  return "";
}

// Edits `s`; returns which field changed (0 none, 1 integrator, 2 gyro, 3 magnus terms, 4 exp).
int edit_settings(rotation_settings& s) {
  int changed = 0;
  const std::string current(to_string(s.integrator));
  if (ImGui::BeginCombo("integrator", current.c_str())) {
    for (integrator_kind k : all_integrators) {
      const std::string name(to_string(k));
      if (ImGui::Selectable(name.c_str(), k == s.integrator)) {
        s.integrator = k;
        changed = 1;
      }
      tooltip(integrator_tooltip(k));
    }
    ImGui::EndCombo();
  }
  tooltip(integrator_tooltip(s.integrator));
  if (ImGui::Checkbox("gyroscopic term", &s.gyroscopic)) changed = 2;
  tooltip(
      "The gyroscopic term omega x L: alpha = I^-1 (tau - omega x L). Off drops omega x L as game engines do: no "
      "torque-free precession, "
      "no flip, and L is not conserved.");
  ImGui::BeginDisabled(s.integrator != integrator_kind::magnus);
  if (ImGui::SliderInt("Magnus terms", &s.magnus_terms, 1, 3)) changed = 3;
  tooltip(
      "Omega1 = (omega + omega')/2 dt; + Omega2 = 1/12 omega' x omega dt^2; + Omega3 = 1/240 alpha x (alpha x "
      "omega) dt^5. Used by the magnus integrator.");
  ImGui::EndDisabled();
  ImGui::BeginDisabled(s.integrator == integrator_kind::rk4);
  int exp = s.exp == exp_kind::exact ? 0 : 1;
  if (ImGui::Combo("exponential", &exp, "exact\0approx\0")) {
    s.exp = exp == 0 ? exp_kind::exact : exp_kind::approx;
    changed = 4;
  }
  tooltip(
      "Quaternion exponential: exact (cos, sin) or the article's normalized third-order approximation, good "
      "for small rotations per step.");
  ImGui::EndDisabled();
  return changed;
}

// A one-body scene's settings are its parameters: record the changed one, so that a
// reset or a saved preset keeps what the lecturer switched to.
void record_field(ui_state& state, int field, const rotation_settings& s) {
  if (field == 1) record_live_setting(state, "integrator", std::string(to_string(s.integrator)));
  if (field == 2) record_live_setting(state, "gyro", s.gyroscopic);
  if (field == 3) record_live_setting(state, "magnus_terms", std::int64_t{s.magnus_terms});
  if (field == 4) record_live_setting(state, "exp", std::string(s.exp == exp_kind::exact ? "exact" : "approx"));
}

void copy_field(int field, const rotation_settings& from, rotation_settings& to) {
  if (field == 1) to.integrator = from.integrator;
  if (field == 2) to.gyroscopic = from.gyroscopic;
  if (field == 3) to.magnus_terms = from.magnus_terms;
  if (field == 4) to.exp = from.exp;
}

// h |omega| against pi/sqrt(2), with a bar and a warning near the bound.
void rotation_per_step_readout(const spinning_body& b, double dt) {
  const double bound = magnus_convergence_bound<double>;
  const double angle = b.rotation_per_step(dt);
  ImGui::TextWrapped("h = %.4g ms   |omega| = %.4g rad/s", dt * 1000.0, glm::length(b.body.angular_velocity));
  ImGui::TextWrapped("h |omega| = %.3g rad = %.3g deg", angle, angle * rad_to_deg);
  help_marker(
      "The angle the body turns in one step. The Magnus series converges only below pi/sqrt(2) = 2.221 rad "
      "(127.3 deg) per step; larger steps are split into substeps.");
  const float fraction = static_cast<float>(std::min(1.0, angle / bound));
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%.1f %% of pi/sqrt(2)", 100.0 * angle / bound);
  const ImU32 bar = angle > bound ? error_color : angle > warn_fraction * bound ? warn_color : ok_color;
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, bar);
  ImGui::ProgressBar(fraction, ImVec2(-FLT_MIN, 0.0f), overlay);
  ImGui::PopStyleColor();
  const int substeps = b.last_report().substeps;
  if (angle > bound || substeps > 1) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "Beyond the convergence bound: each step is split into %d substeps. Reduce dt (Transport).",
                  std::max(substeps, 1));
    error_text(text);
  } else if (angle > warn_fraction * bound) {
    ImGui::PushStyleColor(ImGuiCol_Text, warn_color);
    ImGui::TextWrapped("Close to the convergence bound pi/sqrt(2): the Magnus series converges slowly.");
    ImGui::PopStyleColor();
  }
  if (b.conserves_invariants() && substeps > 0) {
    disabled_text_wrapped("Newton iterations last step: %d", b.last_report().newton_iterations);
  }
}

void invariants_readout(const spinning_body& b) {
  ImGui::TextWrapped("E = %.6g J", b.energy());
  ImGui::TextWrapped("  drift E/E0 - 1 = %+.2e", b.energy_drift());
  tooltip("Torque-free (or under gravity alone) the true energy is constant.");
  if (b.torque_free()) {
    ImGui::TextWrapped("|L| = %.6g kg m^2/s", b.momentum_norm());
    ImGui::TextWrapped("  drift |L|/|L0| - 1 = %+.2e", b.momentum_drift());
    tooltip("Torque-free, L is constant in the world frame.");
    ImGui::TextWrapped("  direction drift %.2e rad", b.momentum_direction_drift());
    tooltip("Angle between L and its initial direction.");
  }
  ImGui::TextWrapped("angle omega-L = %.4g deg", b.angle_omega_momentum() * rad_to_deg);
  tooltip("Non-zero whenever omega and L point different ways: then omega x L is non-zero and the body precesses.");
}

void draw_integrator_tab(ui_state& state) {
  auto* s = dynamic_cast<rigid_body_scene*>(&state.sim->current_mutable());
  if (s == nullptr || s->body_count() == 0) {
    disabled_text_wrapped("No spinning body in this scene.");
    return;
  }
  auto& ps = state.panel_state<physics_panel_state>();
  if (ps.selected >= s->body_count()) ps.selected = 0;
  // Room for the widest label beside the fields.
  float label = 0.0f;
  for (const char* name : {"integrator", "Magnus terms", "exponential", "body"})
    label = std::max(label, ImGui::CalcTextSize(name).x);
  ImGui::PushItemWidth(-(label + ImGui::GetStyle().ItemInnerSpacing.x));
  if (s->body_count() > 1) {
    const std::string current = std::to_string(ps.selected + 1) + ": " + s->body(ps.selected).name;
    if (ImGui::BeginCombo("body", current.c_str())) {
      for (std::size_t i = 0; i < s->body_count(); ++i) {
        const std::string name = std::to_string(i + 1) + ": " + s->body(i).name;
        if (ImGui::Selectable(name.c_str(), i == ps.selected)) ps.selected = i;
      }
      ImGui::EndCombo();
    }
    tooltip("Which copy the settings below change (the labels in the view name them by number).");
    ImGui::Checkbox("all bodies", &ps.all_bodies);
    tooltip(
        "Change all bodies at once: a change to a field is copied to every body; the other fields keep their "
        "own values.");
  }
  spinning_body& b = s->body(ps.selected);
  rotation_settings edited = b.settings;
  if (const int field = edit_settings(edited)) {
    for (std::size_t i = 0; i < s->body_count(); ++i) {
      if (i == ps.selected || ps.all_bodies) copy_field(field, edited, s->body(i).settings);
    }
    if (s->body_count() == 1) record_field(state, field, edited);
  }
  ImGui::PopItemWidth();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Changes apply from the next step, without a reset. Reset (R) restarts from the parameters.");
  ImGui::PopStyleColor();
  ImGui::Separator();
  rotation_per_step_readout(b, s->last_dt() > 0.0 ? s->last_dt() : state.sim->clock().dt / state.sim->clock().substeps);
  ImGui::Separator();
  invariants_readout(b);
  if (b.failure()) {
    ImGui::Separator();
    error_text(b.failure()->c_str());
    ImGui::TextWrapped("Reset (R) to start again, with a smaller dt or another integrator.");
  }
}

// Two tabs: the integrator settings and readouts, and the analytic-overlay plot.
void draw_physics(ui_state& state) {
  if (!ImGui::BeginTabBar("physics_tabs")) return;
  if (ImGui::BeginTabItem("Integrator")) {
    draw_integrator_tab(state);
    ImGui::EndTabItem();
  }
  tooltip("Integrator, gyroscopic term, Magnus terms and exponential per body; rotation per step; drifts");
  if (ImGui::BeginTabItem("Overlay plot")) {
    draw_rotation_overlay(state);
    ImGui::EndTabItem();
  }
  tooltip("Energy, |L|, angle omega-L and body-frame omega against the closed-form solution");
  ImGui::EndTabBar();
}

// Every spinning-body scene (free-body, precession, tennis-racket, gyroscope, and any
// later one) derives from rigid_body_scene.
const int physics_panel_registered = register_scene_panel<rigid_body_scene>("Physics", &draw_physics, nullptr, {20.0f, 14.0f});

}  // namespace

}  // namespace framelab::ui
