#include "ui/frame_editor.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <string>

#include "core/angle_units.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {


bool finite3(const glm::dvec3& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace

// [SECTION] fields <-> dynamics

frame_fields fields_from_dynamics(const dynamic_transform<double, 3>& d) {
  frame_fields f;
  f.position = d.pose.translation;
  // q = (cos(angle/2), sin(angle/2) axis); the shorter of q and -q
  glm::dquat q = glm::normalize(d.pose.rotation);
  if (q.w < 0.0) q = -q;
  const glm::dvec3 v(q.x, q.y, q.z);
  const double s = glm::length(v);
  f.angle_deg = 2.0 * std::atan2(s, q.w) / deg;
  f.axis = s > 1e-12 ? v / s : glm::dvec3(0.0, 1.0, 0.0);
  f.scale = d.pose.scale;
  f.velocity = d.velocity;
  f.accel = d.accel;
  f.angular_velocity = d.angular_velocity;
  f.angular_accel = d.angular_accel;
  return f;
}

field_errors validate_frame_fields(const frame_fields& f) {
  field_errors e;
  const char* not_finite = "every component must be a finite number";
  if (!finite3(f.position)) e["position"] = not_finite;
  if (!std::isfinite(f.angle_deg)) e["angle_deg"] = "the angle must be a finite number";
  if (!finite3(f.axis)) {
    e["axis"] = not_finite;
  } else if (glm::length(f.axis) < 1e-12 && std::isfinite(f.angle_deg) && f.angle_deg != 0.0) {
    e["axis"] = "the rotation axis must not be zero";
  }
  if (!std::isfinite(f.scale)) {
    e["scale"] = "the scale must be a finite number";
  } else if (!(f.scale > 0.0)) {
    e["scale"] = "the scale must be greater than 0";
  }
  if (!finite3(f.velocity)) e["velocity"] = not_finite;
  if (!finite3(f.accel)) e["accel"] = not_finite;
  if (!finite3(f.angular_velocity)) e["angular_velocity"] = not_finite;
  if (!finite3(f.angular_accel)) e["angular_accel"] = not_finite;
  return e;
}

dynamic_transform<double, 3> dynamics_from_fields(const frame_fields& f) {
  dynamic_transform<double, 3> d;
  d.pose.translation = f.position;
  const double axis_length = glm::length(f.axis);
  d.pose.rotation =
      axis_length < 1e-12 ? glm::dquat(1.0, 0.0, 0.0, 0.0) : glm::angleAxis(f.angle_deg * deg, f.axis / axis_length);
  d.pose.scale = f.scale;
  d.velocity = f.velocity;
  d.accel = f.accel;
  d.angular_velocity = f.angular_velocity;
  d.angular_accel = f.angular_accel;
  return d;
}

bool apply_frame_fields(scene& target, int node, const frame_fields& f, bool global, field_errors& errors) {
  errors = validate_frame_fields(f);
  if (!errors.empty()) return false;
  node_edit edit;
  edit.what = global ? node_edit::kind::set_global : node_edit::kind::set_local;
  edit.dynamics = dynamics_from_fields(f);
  if (auto refused = target.edit_node(node, edit)) {
    errors["apply"] = *refused;
    return false;
  }
  return true;
}

std::optional<std::string> apply_impulse(scene& target, int node, const glm::dvec3& dv, bool counteract) {
  if (!finite3(dv)) return "dv: every component must be a finite number";
  node_edit edit;
  edit.what = node_edit::kind::velocity_change;
  edit.delta_velocity = dv;
  edit.counteract_children = counteract;
  return target.edit_node(node, edit);
}

// [SECTION] drawing

namespace {

// Kept in ui_state (panel_state<editor_state>). The scene the fields belong to is
// recognised by its serial: a reloaded scene may sit at the old one's address.
struct editor_state {
  int node = -1;
  std::optional<std::uint64_t> owner;  // scene_serial() of the scene the fields were loaded from
  bool global = false;
  frame_fields fields;
  field_errors errors;
  std::string applied;  // what the last Apply did
  glm::dvec3 dv{0.0};
  bool counteract = true;
  std::string impulse_message;
  bool impulse_failed = false;
};
void field_error(const editor_state& editor, const char* name) {
  const auto it = editor.errors.find(name);
  if (it != editor.errors.end()) error_text(it->second.c_str());
}

void input3(const char* label, const char* id, glm::dvec3& v, const char* tip) {
  ImGui::TextUnformatted(label);
  tooltip(tip);
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputScalarN(id, ImGuiDataType_Double, &v.x, 3, nullptr, nullptr, "%.4g");
  tooltip(tip);
}

void input1(const char* label, const char* id, double& v, const char* tip) {
  ImGui::TextUnformatted(label);
  tooltip(tip);
  ImGui::SameLine(ImGui::GetFontSize() * 9.0f);
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputScalar(id, ImGuiDataType_Double, &v, nullptr, nullptr, "%.6g");
  tooltip(tip);
}

}  // namespace

void draw_frame_editor(ui_state& state, int node) {
  const scene_view& view = state.sim->view();
  const view_node& n = view.nodes[static_cast<std::size_t>(node)];
  if (!n.local_dynamics || !n.world_dynamics) return;
  scene& target = state.sim->current_mutable();
  editor_state& editor = state.panel_state<editor_state>();
  const auto load = [&] {
    editor.fields = fields_from_dynamics(editor.global ? *n.world_dynamics : *n.local_dynamics);
    editor.errors.clear();
  };
  const std::uint64_t serial = state.sim->scene_serial();
  if (editor.node != node || editor.owner != serial) {
    editor = {};
    editor.node = node;
    editor.owner = serial;
    load();
  }
  if (!ImGui::CollapsingHeader("Edit frame")) return;
  // Copied: the messages below are made after an edit, which updates the scene's view.
  const std::string name = n.name;
  ImGui::PushID("frame editor");
  if (ImGui::RadioButton("local", !editor.global)) {
    editor.global = false;
    load();
  }
  tooltip("Edit the values relative to the parent; they are set as typed");
  ImGui::SameLine();
  if (ImGui::RadioButton("global", editor.global)) {
    editor.global = true;
    load();
  }
  tooltip(
      "Edit the values relative to the world; the scene converts them to local through the parent "
      "(A1 = A2^-1 o A3)");
  ImGui::SameLine();
  if (button("Load current", "Fill the fields with the node's current values (they change while the scene runs)"))
    load();

  input3("position (m)", "##position", editor.fields.position, "Translation T");
  field_error(editor, "position");
  input1("angle (deg)", "##angle", editor.fields.angle_deg, "Rotation angle about the axis below");
  field_error(editor, "angle_deg");
  input3("axis", "##axis", editor.fields.axis, "Rotation axis (any length but zero; normalized when applied)");
  field_error(editor, "axis");
  input1("scale", "##scale", editor.fields.scale, "Uniform scale S (> 0)");
  field_error(editor, "scale");
  input3("velocity (m/s)", "##velocity", editor.fields.velocity, "v = dT/dt");
  field_error(editor, "velocity");
  input3("acceleration (m/s^2)", "##accel", editor.fields.accel, "a = dv/dt");
  field_error(editor, "accel");
  input3("angular velocity (rad/s)", "##angular_velocity", editor.fields.angular_velocity,
         "w, with dR/dt = w x R (about the parent's axes for local values, the world's for global)");
  field_error(editor, "angular_velocity");
  input3("angular acceleration (rad/s^2)", "##angular_accel", editor.fields.angular_accel, "alpha = dw/dt");
  field_error(editor, "angular_accel");
  if (button(editor.global ? "Apply global" : "Apply local",
             "Set the node to these values. An edited node leaves its programmed motion and coasts from the new "
             "state (Reset restores it). Pause first to edit an exact moment.")) {
    if (apply_frame_fields(target, node, editor.fields, editor.global, editor.errors)) {
      editor.applied = std::string("Applied ") + (editor.global ? "global" : "local") + " values to " + name;
      set_message(state, editor.applied, false);
    } else {
      editor.applied.clear();
    }
  }
  field_error(editor, "apply");
  if (!editor.applied.empty()) ImGui::TextDisabled("%s", editor.applied.c_str());

  ImGui::Separator();
  ImGui::TextUnformatted("Impulse (global dv)");
  help_marker(
      "dv is added to the node's world velocity: dv1 = J2^-1 dv, da1 = -2 J2^-1 w2 dv locally. Its children "
      "inherit the change unless it is counteracted (the car-crash case).");
  input3("dv (m/s, world)", "##dv", editor.dv, "Global velocity change (impulse / mass)");
  ImGui::Checkbox("counteract inherited change", &editor.counteract);
  tooltip(
      "On: each immediate child gets dv1 = -J^-1 dv, da1 = 2 J^-1 w dv, so the children keep moving as "
      "before in the world. Off: they take the change with their parent, as if glued.");
  if (button("Apply impulse", "Add dv to the node's global velocity")) {
    const auto refused = apply_impulse(target, node, editor.dv, editor.counteract);
    editor.impulse_failed = refused.has_value();
    editor.impulse_message = refused ? *refused : "Applied dv to " + name;
    if (!refused) set_message(state, editor.impulse_message, false);
  }
  if (editor.impulse_failed) {
    error_text(editor.impulse_message.c_str());
  } else if (!editor.impulse_message.empty()) {
    ImGui::TextDisabled("%s", editor.impulse_message.c_str());
  }
  ImGui::PopID();
}

}  // namespace framelab::ui
