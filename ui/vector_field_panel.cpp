// The vector-field scene's AD panel: at the inspected point, the Jacobian by dual
// numbers next to central differences with a step-size slider, the linearisation
// (divergence, curl, eigenvalues, fixed-point class), and the log-log plot of the
// central difference's error against its step (the truncation / round-off "V")
// with the dual-number error flat at machine precision. Errors are measured
// against the Jacobians written out by hand (planar_field::closed_form_jacobian);
// a typed field (kind expression) has none, so there they are measured against
// the dual-number Jacobian itself.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/ad/autodiff.hpp"
#include "scenes/vector_field.hpp"
#include "ui/line_plot.hpp"
#include "ui/panel_layout.hpp"
#include "ui/scene_panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

namespace pf = planar_field;

enum class inspect_mode { probe_start, probe_particle, mouse };

// Kept in ui_state (panel_state<field_panel_state>).
struct field_panel_state {
  inspect_mode mode = inspect_mode::probe_start;
  double fd_step = 1e-3;  // m
};

constexpr double min_step = 1e-12, max_step = 1e-1;  // m, the slider's range
constexpr std::size_t sweep_points = 111;            // 10 per decade
constexpr double plot_floor = 1e-18;                 // an error of exactly 0 is drawn here (log axis)
constexpr double epsilon = std::numeric_limits<double>::epsilon();
const ImVec4 good_color(0.45f, 0.95f, 0.50f, 1.0f);
const ImVec4 bad_color(1.0f, 0.45f, 0.40f, 1.0f);

// A probe move the panel asks for. Moving the probe restarts the scene (set_parameters),
// so the request is carried out only where no part of the panel holds the scene.
struct probe_request {
  glm::dvec2 point;  // m, field coordinates
  const char* why;   // for the status line
};

// Moves the probe (a parameter: the scene restarts with the probe particle there).
void move_probe(ui_state& state, const probe_request& request) {
  const glm::dvec2 p = request.point;
  param_values values = state.sim->parameters();
  const std::vector<double> probe{p.x, p.y};
  values.set("probe", probe);
  if (auto error = state.sim->set_parameters(values)) {
    set_message(state, std::string("Probe not moved: ") + *error, true);
    return;
  }
  state.edited.set("probe", probe);
  char text[160];
  std::snprintf(text, sizeof text, "%s: probe at (%.4g, %.4g) m", request.why, p.x, p.y);
  set_message(state, text, false);
}

// The field as a function the AD and FD routines can call (the settings outlive it).
auto velocity_of(const pf::settings& field) {
  return [&field](const auto& p) { return pf::evaluate(field, p); };
}

// `fd` with the leading characters it shares with `ad` in green, the rest in red:
// how many digits of the finite difference are right.
void compare_digits(double ad, double fd) {
  char a[40], f[40];
  std::snprintf(a, sizeof a, "%.12f", ad);
  std::snprintf(f, sizeof f, "%.12f", fd);
  std::size_t same = 0;
  while (a[same] != '\0' && a[same] == f[same]) ++same;
  const std::string text(f);
  ImGui::TextColored(good_color, "%s", text.substr(0, same).c_str());
  if (same < text.size()) {
    ImGui::SameLine(0.0f, 0.0f);
    ImGui::TextColored(bad_color, "%s", text.substr(same).c_str());
  }
}

void speed_legend(const vector_field& scene) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetFontSize() * 8.0f, h = ImGui::GetFontSize() * 0.7f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 blue = IM_COL32(64, 102, 242, 255), cyan = IM_COL32(77, 217, 230, 255),
              yellow = IM_COL32(250, 230, 89, 255);
  draw->AddRectFilledMultiColor(p, ImVec2(p.x + 0.5f * w, p.y + h), blue, cyan, cyan, blue);
  draw->AddRectFilledMultiColor(ImVec2(p.x + 0.5f * w, p.y), ImVec2(p.x + w, p.y + h), cyan, yellow, yellow, cyan);
  ImGui::Dummy(ImVec2(w, h));
  same_line_if_fits(ImGui::CalcTextSize("arrows: |V| 0 .. 0.000 m/s").x);
  ImGui::TextWrapped("arrows: |V| 0 .. %.3g m/s", scene.arrow_speed_cap());
  tooltip(
      "Arrow colour and length grow with |V| up to the 85th percentile of the grid's speeds; faster arrows "
      "are capped (yellow, full length). Arrows show direction everywhere.");
}

// A click on the ground (a release without a drag) asks for the probe there, kept inside
// the drawn square.
std::optional<probe_request> ground_click(const vector_field& scene, const std::optional<glm::dvec3>& cursor) {
  const ImGuiIO& io = ImGui::GetIO();
  if (!cursor || !ImGui::IsMouseReleased(ImGuiMouseButton_Left) || io.MouseDragMaxDistanceSqr[0] >= 9.0f)
    return std::nullopt;
  const double e = scene.extent();
  return probe_request{glm::clamp(vector_field::from_world(*cursor), glm::dvec2(-e), glm::dvec2(e)), "Clicked"};
}

// Points the scene's analysis at the point the mode looks at, with the panel's FD step;
// returns that point.
glm::dvec2 aim(vector_field& scene, const field_panel_state& ps, const std::optional<glm::dvec3>& cursor) {
  if (ps.mode == inspect_mode::mouse && cursor) scene.set_inspect_point(vector_field::from_world(*cursor));
  if (ps.mode == inspect_mode::probe_particle) scene.set_inspect_point(scene.probe_position());
  if (ps.mode == inspect_mode::probe_start) scene.set_inspect_point(scene.probe_start());
  scene.set_fd_step(ps.fd_step);
  return scene.inspect_point();
}

// The field's formula and the "Look at" choice.
void draw_look_at(const pf::settings& field, field_panel_state& ps) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", pf::formula(field).c_str());
  ImGui::PopStyleColor();
  if (field.field == pf::kind::expression) {
    const std::string help =
        "Typed in the Parameters panel (vx, vy); Enter applies. Syntax: " + std::string(expression_syntax);
    tooltip(help.c_str());
  }
  ImGui::TextUnformatted("Look at:");
  same_line_if_fits(checkbox_width("probe"));
  if (ImGui::RadioButton("probe", ps.mode == inspect_mode::probe_start)) ps.mode = inspect_mode::probe_start;
  tooltip("The probe point (parameter 'probe'); click the ground to move it");
  same_line_if_fits(checkbox_width("particle"));
  if (ImGui::RadioButton("particle", ps.mode == inspect_mode::probe_particle)) ps.mode = inspect_mode::probe_particle;
  tooltip("The probe particle as the flow carries it");
  same_line_if_fits(checkbox_width("mouse"));
  if (ImGui::RadioButton("mouse", ps.mode == inspect_mode::mouse)) ps.mode = inspect_mode::mouse;
  tooltip("The point under the mouse on the ground (hover the view)");
}

// What the Jacobian section found, for the sections below it.
struct jacobian_readout {
  glm::dmat2 J;      // by dual numbers
  glm::dmat2 exact;  // the reference of the errors: the closed form, or J for a typed field
  bool closed_form = false;
  double ad_error = 0.0;
  double speed = 0.0;  // |V| at the point, m/s
};

// The Jacobian three ways: one pass of dual_n, two passes of dual, central differences.
jacobian_readout draw_jacobians(const pf::settings& field, glm::dvec2 x, double fd_step) {
  const auto V = velocity_of(field);
  const auto vj = value_and_jacobian(V, x);                 // one pass with dual_n<double, 2>
  const glm::dmat2 by_columns = jacobian_by_columns(V, x);  // two passes with dual<double> (the article)
  const glm::dmat2& J = vj.jacobian;
  const std::optional<glm::dmat2> closed_form = pf::closed_form_jacobian(field, x);
  const glm::dmat2 exact = closed_form.value_or(J);
  const glm::dmat2 fd = pf::central_difference_jacobian(V, x, fd_step);
  const double speed = glm::length(vj.value);
  ImGui::TextWrapped("at (%.4g, %.4g) m:  V = (%.4g, %.4g) m/s", x.x, x.y, vj.value.x, vj.value.y);

  if (begin_wide_table("jacobian", 4, 4, true, 0.0f, ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("J (1/s)");
    ImGui::TableSetupColumn("dual numbers");
    ImGui::TableSetupColumn("central diff.");
    ImGui::TableSetupColumn("FD - AD");
    ImGui::TableHeadersRow();
    const char* names[2][2] = {{"dV1/dx", "dV1/dy"}, {"dV2/dx", "dV2/dy"}};
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(names[i][j]);
        ImGui::TableNextColumn();
        ImGui::Text("%.12f", J[j][i]);
        ImGui::TableNextColumn();
        compare_digits(J[j][i], fd[j][i]);
        ImGui::TableNextColumn();
        ImGui::Text("%.1e", fd[j][i] - J[j][i]);
      }
    }
    ImGui::EndTable();
  }
  const double ad_error = pf::relative_error(J, exact), fd_error = pf::relative_error(fd, exact);
  if (closed_form) {
    ImGui::TextWrapped("error vs hand-derived J:  AD %.1e   FD %.1e", ad_error, fd_error);
    tooltip("||J - J_closed form|| / ||J_closed form||, the closed form derived by hand for each field");
  } else {
    ImGui::TextWrapped("FD error vs dual-number J:  %.1e", fd_error);
    tooltip(
        "A typed field has no Jacobian derived by hand: the central difference is measured against the "
        "dual-number Jacobian, exact up to rounding");
  }
  const bool same_bits = by_columns == J;
  colored_text_wrapped(
      same_bits ? good_color : bad_color, "%s",
      same_bits ? "2 passes of dual = 1 pass of dual_n, bit for bit" : "dual and dual_n Jacobians differ");
  tooltip(
      "The article builds J column by column, one evaluation with x + eps e_j per column (dual<double>); "
      "dual_n<double, 2> carries both directions through a single evaluation.");
  return {J, exact, closed_form.has_value(), ad_error, speed};
}

// Divergence, curl, eigenvalues and the fixed-point class, the Find fixed point button
// (its probe move is returned, not made) and the arrows' colour legend.
std::optional<probe_request> draw_linearization(ui_state& state, const vector_field& scene, field_panel_state& ps,
                                                const jacobian_readout& j, glm::dvec2 x) {
  const pf::linearization lin = pf::linearize(j.J);
  ImGui::TextWrapped("div V = %.4g 1/s   curl V = %.4g 1/s   det J = %.4g 1/s^2", lin.trace, lin.curl, lin.determinant);
  if (lin.complex_pair) {
    ImGui::TextWrapped("eigenvalues: %.4g +- %.4gi 1/s", lin.lambda1.real(), std::abs(lin.lambda1.imag()));
  } else {
    ImGui::TextWrapped("eigenvalues: %.4g, %.4g 1/s", lin.lambda1.real(), lin.lambda2.real());
  }
  const bool at_fixed_point = j.speed <= 1e-9 * (1.0 + scene.arrow_speed_cap());
  if (at_fixed_point) {
    colored_text_wrapped(good_color, "fixed point (|V| = %.1e m/s): %s", j.speed, pf::describe(lin).c_str());
  } else {
    ImGui::TextWrapped("not a fixed point; J here is %s-like", pf::describe(lin).c_str());
    tooltip("Away from a fixed point the class describes how neighbouring particles move relative to this one.");
  }
  std::optional<probe_request> request;
  if (button("Find fixed point",
             "Newton's method x <- x - J^-1 V with the dual-number Jacobian, started here; "
             "moves the probe to the fixed point it finds")) {
    if (const auto root = scene.fixed_point_near(x, 4.0 * scene.extent())) {
      ps.mode = inspect_mode::probe_start;
      const double e = scene.extent();
      if (std::abs(root->x) <= e && std::abs(root->y) <= e) {
        request = probe_request{*root, "Newton converged"};
      } else {
        set_message(state, "Newton converged outside the drawn square", true);
      }
    } else {
      set_message(state, "Newton did not converge from here (singular J or divergence): try another point", true);
    }
  }
  same_line_if_fits(ImGui::GetFontSize() * 8.0f + ImGui::GetStyle().ItemSpacing.x +
                    ImGui::CalcTextSize("arrows: |V| 0 .. 0.000 m/s").x);
  speed_legend(scene);
  return request;
}

// The FD step slider and the log-log error "V" of the central difference against its step.
void draw_fd_error_plot(ui_state& state, const pf::settings& field, glm::dvec2 x, const jacobian_readout& j,
                        field_panel_state& ps) {
  // 10 font sizes wide, narrower in a narrow panel, never narrower than its value.
  const float value = ImGui::CalcTextSize("1.0e-12 m").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  const float room = ImGui::GetContentRegionAvail().x - labelled_width(0.0f, "FD step h");
  ImGui::SetNextItemWidth(std::clamp(room, value, ImGui::GetFontSize() * 10.0f));
  ImGui::SliderScalar("FD step h", ImGuiDataType_Double, &ps.fd_step, &min_step, &max_step, "%.1e m",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  tooltip(
      "Central difference (V(x + h e_j) - V(x - h e_j)) / 2h; its error is about h^2 |V'''| / 6 (truncation) "
      "plus eps |V| / h (round-off)");

  const pf::fd_error_curve curve = pf::sweep_fd_error(velocity_of(field), x, j.exact, min_step, max_step, sweep_points);
  char best[48];
  std::snprintf(best, sizeof best, "best h ~ %.0e m", curve.best_step);
  same_line_if_fits(ImGui::CalcTextSize(best).x);
  ImGui::TextUnformatted(best);
  tooltip("The step with the smallest central-difference error on the curve below");
  const std::vector<double> ad_y(curve.steps.size(), std::max(j.ad_error, plot_floor));
  const std::vector<double> eps_y(curve.steps.size(), epsilon);
  const std::vector<double> marker_x{ps.fd_step, ps.fd_step}, marker_y{plot_floor, 1e4};
  const std::vector<double> fd_y = [&] {
    std::vector<double> y = curve.errors;
    for (double& e : y) e = std::max(e, plot_floor);
    return y;
  }();
  const plot_series series[] = {
      {"central difference", curve.steps, fd_y, IM_COL32(230, 159, 0, 255)},
      {!j.closed_form     ? "dual numbers (the reference)"
       : j.ad_error > 0.0 ? "dual numbers"
                          : "dual numbers (0: exact)",
       curve.steps, ad_y, IM_COL32(0, 200, 130, 255)},
      {"machine epsilon", curve.steps, eps_y, IM_COL32(120, 120, 130, 255)},
      {"h", marker_x, marker_y, IM_COL32(220, 220, 220, 160)},
  };
  plot_options options;
  options.x_label = "step h (m)";
  options.y_label = "error";
  options.log_x = options.log_y = true;
  options.autoscale = false;
  options.x_min = min_step;
  options.x_max = max_step;
  options.y_min = 0.1 * plot_floor;  // the floor line clear of the frame
  options.y_max = 1e4;               // room above the curve for the legend
  options.size = ImVec2(0.0f, fill_height(state, min_plot_height(std::size(series))));
  line_plot("fd_error", series, options);
}

// Everything drawn from the scene, which is taken here and not kept: the probe move the
// user asks for is returned, to be made after this returns.
std::optional<probe_request> draw_analysis(ui_state& state, field_panel_state& ps,
                                           const std::optional<glm::dvec3>& cursor) {
  vector_field& scene = dynamic_cast<vector_field&>(state.sim->current_mutable());
  const pf::settings& field = scene.field();
  const glm::dvec2 x = aim(scene, ps, cursor);
  draw_look_at(field, ps);
  const jacobian_readout j = draw_jacobians(field, x, ps.fd_step);
  ImGui::Separator();
  std::optional<probe_request> request = draw_linearization(state, scene, ps, j, x);
  ImGui::Separator();
  draw_fd_error_plot(state, field, x, j, ps);
  return request;
}

// No reference to the scene lives across a probe move (a restart): a click on the ground
// moves the probe before the scene is taken for drawing, so the frame shows the moved
// probe; the Find fixed point button's move is made after the drawing.
void draw_vector_field_panel(ui_state& state) {
  if (dynamic_cast<const vector_field*>(&state.sim->current()) == nullptr) return;
  field_panel_state& ps = state.panel_state<field_panel_state>();
  const std::optional<glm::dvec3> cursor =
      state.camera.cursor_on_ground ? state.camera.cursor_on_ground() : std::nullopt;
  if (const auto click = ground_click(dynamic_cast<const vector_field&>(state.sim->current()), cursor)) {
    move_probe(state, *click);
    if (ps.mode == inspect_mode::probe_particle) ps.mode = inspect_mode::probe_start;
  }
  if (const auto request = draw_analysis(state, ps, cursor)) move_probe(state, *request);
}

const int vector_field_panel_registered =
    register_scene_panel<vector_field>("Jacobian", &draw_vector_field_panel, nullptr, {30.0f, 16.0f});

}  // namespace

}  // namespace framelab::ui
