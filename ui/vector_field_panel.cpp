// The vector-field scene's AD panel: at the inspected point, the Jacobian by dual
// numbers next to central differences with a step-size slider, the linearisation
// (divergence, curl, eigenvalues, fixed-point class), and the log-log plot of the
// central difference's error against its step (the truncation / round-off "V")
// with the dual-number error flat at machine precision. Errors are measured
// against the Jacobians written out by hand (planar_field::closed_form_jacobian);
// a typed field (kind expression) has none, so there they are measured against
// the dual-number Jacobian itself.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>

#include <imgui.h>

#include "core/autodiff.hpp"
#include "scenes/vector_field.hpp"
#include "ui/line_plot.hpp"
#include "ui/scene_panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

namespace pf = planar_field;

enum class inspect_mode { probe_start, probe_particle, mouse };

struct panel_state {
  inspect_mode mode = inspect_mode::probe_start;
  double fd_step = 1e-3;  // m
  bool sized = false;
};
panel_state& panel() {
  static panel_state s;
  return s;
}

constexpr double min_step = 1e-12, max_step = 1e-1;  // m, the slider's range
constexpr std::size_t sweep_points = 111;            // 10 per decade
constexpr double plot_floor = 1e-18;                 // an error of exactly 0 is drawn here (log axis)
constexpr double epsilon = std::numeric_limits<double>::epsilon();
const ImVec4 good_color(0.45f, 0.95f, 0.50f, 1.0f);
const ImVec4 bad_color(1.0f, 0.45f, 0.40f, 1.0f);

// Moves the probe (a parameter: the scene restarts with the probe particle there).
void move_probe(ui_state& state, glm::dvec2 p, const char* why) {
  param_values values = state.sim->parameters();
  const std::vector<double> probe{p.x, p.y};
  values.set("probe", probe);
  if (auto error = state.sim->set_parameters(values)) {
    set_message(state, std::string("Probe not moved: ") + *error, true);
    return;
  }
  state.edited.set("probe", probe);
  char text[160];
  std::snprintf(text, sizeof text, "%s: probe at (%.4g, %.4g) m", why, p.x, p.y);
  set_message(state, text, false);
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
  const ImU32 blue = IM_COL32(64, 102, 242, 255), cyan = IM_COL32(77, 217, 230, 255), yellow = IM_COL32(250, 230, 89, 255);
  draw->AddRectFilledMultiColor(p, ImVec2(p.x + 0.5f * w, p.y + h), blue, cyan, cyan, blue);
  draw->AddRectFilledMultiColor(ImVec2(p.x + 0.5f * w, p.y), ImVec2(p.x + w, p.y + h), cyan, yellow, yellow, cyan);
  ImGui::Dummy(ImVec2(w, h));
  ImGui::SameLine();
  ImGui::Text("arrows: |V| 0 .. %.3g m/s", scene.arrow_speed_cap());
  tooltip("Arrow colour and length grow with |V| up to the 85th percentile of the grid's speeds; faster arrows "
          "are capped (yellow, full length). Arrows show direction everywhere.");
}

void draw_vector_field_panel(ui_state& state) {
  auto* scene = dynamic_cast<vector_field*>(&state.sim->current_mutable());
  if (scene == nullptr) return;
  panel_state& ps = panel();
  const ImGuiIO& io = ImGui::GetIO();

  // A first, roomier placement than the default scene-panel slot (once, unless resized by the user).
  if (!ps.sized) {
    ps.sized = true;
    const ImVec2 d = io.DisplaySize, size = ImGui::GetWindowSize();
    if (std::abs(size.x - 0.22f * d.x) < 2.0f && std::abs(size.y - 0.40f * d.y) < 2.0f) {
      ImGui::SetWindowSize(ImVec2(0.32f * d.x, 0.72f * d.y));
      ImGui::SetWindowPos(ImVec2(d.x - 0.32f * d.x - 4.0f, 0.26f * d.y));
    }
  }

  const pf::settings field = scene->field();
  const auto V = [&field](const auto& p) { return pf::evaluate(field, p); };

  // [SECTION] where to look: a click on the ground moves the probe; the mouse mode follows the cursor
  const std::optional<glm::dvec3> cursor = state.camera.cursor_on_ground ? state.camera.cursor_on_ground() : std::nullopt;
  if (cursor && ImGui::IsMouseReleased(ImGuiMouseButton_Left) && io.MouseDragMaxDistanceSqr[0] < 9.0f) {
    const double e = scene->extent();
    const glm::dvec2 p = glm::clamp(vector_field::from_world(*cursor), glm::dvec2(-e), glm::dvec2(e));
    move_probe(state, p, "Clicked");
    scene = dynamic_cast<vector_field*>(&state.sim->current_mutable());
    if (ps.mode == inspect_mode::probe_particle) ps.mode = inspect_mode::probe_start;
  }
  if (ps.mode == inspect_mode::mouse && cursor) scene->set_inspect_point(vector_field::from_world(*cursor));
  if (ps.mode == inspect_mode::probe_particle) scene->set_inspect_point(scene->probe_position());
  if (ps.mode == inspect_mode::probe_start) scene->set_inspect_point(scene->probe_start());
  scene->set_fd_step(ps.fd_step);
  const glm::dvec2 x = scene->inspect_point();

  ImGui::TextDisabled("%s", pf::formula(field).c_str());
  if (field.field == pf::kind::expression) {
    const std::string help =
        "Typed in the Parameters panel (vx, vy); Enter applies. Syntax: " + std::string(expression_syntax);
    tooltip(help.c_str());
  }
  ImGui::TextUnformatted("Look at:");
  ImGui::SameLine();
  if (ImGui::RadioButton("probe", ps.mode == inspect_mode::probe_start)) ps.mode = inspect_mode::probe_start;
  tooltip("The probe point (parameter 'probe'); click the ground to move it");
  ImGui::SameLine();
  if (ImGui::RadioButton("particle", ps.mode == inspect_mode::probe_particle)) ps.mode = inspect_mode::probe_particle;
  tooltip("The probe particle as the flow carries it");
  ImGui::SameLine();
  if (ImGui::RadioButton("mouse", ps.mode == inspect_mode::mouse)) ps.mode = inspect_mode::mouse;
  tooltip("The point under the mouse on the ground (hover the view)");

  // [SECTION] the Jacobian three ways
  const auto vj = value_and_jacobian(V, x);          // one pass with dual_n<double, 2>
  const glm::dmat2 by_columns = jacobian_by_columns(V, x);  // two passes with dual<double> (the article)
  const glm::dmat2& J = vj.jacobian;
  const std::optional<glm::dmat2> closed_form = pf::closed_form_jacobian(field, x);
  const glm::dmat2 exact = closed_form.value_or(J);  // the reference of the errors below
  const glm::dmat2 fd = pf::central_difference_jacobian(V, x, ps.fd_step);
  const double speed = glm::length(vj.value);
  ImGui::Text("at (%.4g, %.4g) m:  V = (%.4g, %.4g) m/s", x.x, x.y, vj.value.x, vj.value.y);

  if (ImGui::BeginTable("jacobian", 4, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("J (1/s)", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("dual numbers");
    ImGui::TableSetupColumn("central diff.");
    ImGui::TableSetupColumn("FD - AD", ImGuiTableColumnFlags_WidthFixed);
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
    ImGui::Text("error vs hand-derived J:  AD %.1e   FD %.1e", ad_error, fd_error);
    tooltip("||J - J_closed form|| / ||J_closed form||, the closed form derived by hand for each field");
  } else {
    ImGui::Text("FD error vs dual-number J:  %.1e", fd_error);
    tooltip("A typed field has no Jacobian derived by hand: the central difference is measured against the "
            "dual-number Jacobian, exact up to rounding");
  }
  const bool same_bits = by_columns == J;
  ImGui::TextColored(same_bits ? good_color : bad_color, "%s", same_bits ? "2 passes of dual = 1 pass of dual_n, bit for bit"
                                                                         : "dual and dual_n Jacobians differ");
  tooltip("The article builds J column by column, one evaluation with x + eps e_j per column (dual<double>); "
          "dual_n<double, 2> carries both directions through a single evaluation.");

  // [SECTION] linearisation
  ImGui::Separator();
  const pf::linearization lin = pf::linearize(J);
  ImGui::Text("div V = %.4g 1/s   curl V = %.4g 1/s   det J = %.4g 1/s^2", lin.trace, lin.curl, lin.determinant);
  if (lin.complex_pair) {
    ImGui::Text("eigenvalues: %.4g +- %.4gi 1/s", lin.lambda1.real(), std::abs(lin.lambda1.imag()));
  } else {
    ImGui::Text("eigenvalues: %.4g, %.4g 1/s", lin.lambda1.real(), lin.lambda2.real());
  }
  const bool at_fixed_point = speed <= 1e-9 * (1.0 + scene->arrow_speed_cap());
  if (at_fixed_point) {
    ImGui::TextColored(good_color, "fixed point (|V| = %.1e m/s): %s", speed, pf::describe(lin).c_str());
  } else {
    ImGui::Text("not a fixed point; J here is %s-like", pf::describe(lin).c_str());
    tooltip("Away from a fixed point the class describes how neighbouring particles move relative to this one.");
  }
  if (button("Find fixed point", "Newton's method x <- x - J^-1 V with the dual-number Jacobian, started here; "
                                 "moves the probe to the fixed point it finds")) {
    if (const auto root = scene->fixed_point_near(x, 4.0 * scene->extent())) {
      ps.mode = inspect_mode::probe_start;
      const double e = scene->extent();
      if (std::abs(root->x) <= e && std::abs(root->y) <= e) {
        move_probe(state, *root, "Newton converged");
        scene = dynamic_cast<vector_field*>(&state.sim->current_mutable());
      } else {
        set_message(state, "Newton converged outside the drawn square", true);
      }
    } else {
      set_message(state, "Newton did not converge from here (singular J or divergence): try another point", true);
    }
  }
  ImGui::SameLine();
  speed_legend(*scene);

  // [SECTION] finite differences: the step slider and the error "V"
  ImGui::Separator();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  ImGui::SliderScalar("FD step h", ImGuiDataType_Double, &ps.fd_step, &min_step, &max_step, "%.1e m",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
  tooltip("Central difference (V(x + h e_j) - V(x - h e_j)) / 2h; its error is about h^2 |V'''| / 6 (truncation) "
          "plus eps |V| / h (round-off)");

  const pf::fd_error_curve curve = pf::sweep_fd_error(V, x, exact, min_step, max_step, sweep_points);
  ImGui::SameLine();
  ImGui::Text("best h ~ %.0e m", curve.best_step);
  tooltip("The step with the smallest central-difference error on the curve below");
  const std::vector<double> ad_y(curve.steps.size(), std::max(ad_error, plot_floor));
  const std::vector<double> eps_y(curve.steps.size(), epsilon);
  const std::vector<double> marker_x{ps.fd_step, ps.fd_step}, marker_y{plot_floor, 1e4};
  const std::vector<double> fd_y = [&] {
    std::vector<double> y = curve.errors;
    for (double& e : y) e = std::max(e, plot_floor);
    return y;
  }();
  const plot_series series[] = {
      {"central difference", curve.steps, fd_y, IM_COL32(230, 159, 0, 255)},
      {!closed_form ? "dual numbers (the reference)" : ad_error > 0.0 ? "dual numbers" : "dual numbers (0: exact)",
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
  options.y_max = 1e4;  // room above the curve for the legend
  options.size = ImVec2(0.0f, std::max(120.0f, ImGui::GetContentRegionAvail().y));
  line_plot("fd_error", series, options);
}

const int registered = register_scene_panel("vector-field", "Jacobian: dual numbers vs finite differences",
                                            &draw_vector_field_panel);

}  // namespace

}  // namespace framelab::ui
