#include "ui/world_editor.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "scenes/world/world_edit.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"
#include "ui/joint_table.hpp"
#include "ui/widgets.hpp"
#include "ui/world_files.hpp"

namespace framelab::ui {

namespace {

struct world_editor_state {
  std::uint64_t serial = 0;  // the scene the draft was taken from
  world_spec draft;
  bool dirty = false;
  std::string error;      // the loader's "key: reason", or the refusal of an action
  std::string new_child;  // the name field of "Add child frame"
  bool error_shown = false;  // a field showed `error` this frame
  int frame = 0;             // the frame being edited (follows the Scene tree's selection)
  int followed_node = -1;    // the selection it last followed
};

// The frame to edit: the tree's selection when it is a frame, else the one picked here.
int frame_picker(world_editor_state& s, const scene_view& view, int node) {
  if (node != s.followed_node) {
    s.followed_node = node;
    const int selected = node >= 0 && node < int(view.nodes.size()) ? find_frame(s.draft, view.nodes[std::size_t(node)].name) : -1;
    if (selected >= 0) s.frame = selected;
  }
  if (s.draft.frames.empty()) return -1;
  s.frame = std::clamp(s.frame, 0, int(s.draft.frames.size()) - 1);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  if (ImGui::BeginCombo("frame", s.draft.frames[std::size_t(s.frame)].name.c_str())) {
    for (std::size_t i = 0; i < s.draft.frames.size(); ++i) {
      int depth = 0;
      for (int p = s.draft.frames[i].parent; p >= 0; p = s.draft.frames[std::size_t(p)].parent) ++depth;
      const std::string label = std::string(std::size_t(depth) * 2, ' ') + s.draft.frames[i].name;
      if (ImGui::Selectable(label.c_str(), int(i) == s.frame)) s.frame = int(i);
    }
    ImGui::EndCombo();
  }
  tooltip("The frame to edit (selecting a frame in the tree above picks it too)");
  return s.frame;
}

// The loader's message, under the field whose key it names.
void field_error(world_editor_state& s, const std::string& key) {
  if (s.error.empty() || !s.error.starts_with(key + ":")) return;
  s.error_shown = true;
  ImGui::PushTextWrapPos(0.0f);
  error_text(s.error.c_str());
  ImGui::PopTextWrapPos();
}

bool expression_field(world_editor_state& s, const char* label, world_expression& e, const std::string& key,
                      const char* tip) {
  std::string text = expression_text(e);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
  const bool changed = ImGui::InputText(label, &text);
  tooltip(tip);
  if (changed) set_expression_text(e, text);
  field_error(s, key);
  return changed;
}

const char* const shape_names[] = {"box", "sphere", "cylinder", "cone"};
const shape_kind shape_kinds[] = {shape_kind::box, shape_kind::sphere, shape_kind::cylinder, shape_kind::cone};

bool shape_rows(world_editor_state& s, frame_spec& f, const std::string& key) {
  bool changed = false;
  for (std::size_t k = 0; k < f.shapes.size(); ++k) {
    shape_spec& shape = f.shapes[k];
    ImGui::PushID(int(k));
    int kind = 0;
    for (int i = 0; i < 4; ++i)
      if (shape_kinds[i] == shape.kind) kind = i;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    if (ImGui::Combo("##kind", &kind, shape_names, 4)) shape.kind = shape_kinds[kind], changed = true;
    tooltip("Shape drawn on the frame (a disk is a flat cylinder)");
    ImGui::SameLine();
    changed |= ImGui::ColorEdit3("##color", &shape.color.r, ImGuiColorEditFlags_NoInputs);
    ImGui::SameLine();
    ImGui::TextUnformatted(shape.name.c_str());
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
    changed |= ImGui::InputScalarN("size (m)", ImGuiDataType_Double, &shape.size.x, 3, nullptr, nullptr, "%.3g");
    tooltip("box: edges x, y, z; sphere: diameter; cylinder and cone: diameter, height (m)");
    ImGui::SameLine();
    if (button("Remove", "Remove this shape")) {
      f.shapes.erase(f.shapes.begin() + std::ptrdiff_t(k));
      ImGui::PopID();
      return true;
    }
    field_error(s, key + ".shapes[" + std::to_string(k) + "]");
    ImGui::PopID();
  }
  if (button("Add shape", "Add a 0.5 m box at the frame's origin")) {
    shape_spec box;
    box.size = glm::dvec3(0.5);
    f.shapes.push_back(box);
    changed = true;
  }
  return changed;
}

bool motion_rows(world_editor_state& s, frame_spec& f, const std::string& key) {
  bool changed = false;
  const char* axes[] = {"x(t) (m)", "y(t) (m)", "z(t) (m)"};
  for (int i = 0; i < 3; ++i)
    changed |= expression_field(s, axes[i], f.motion.translation[std::size_t(i)],
                                key + ".translation[" + std::to_string(i) + "]",
                                "Translation in the parent's coordinates: a number or an expression of t and the "
                                "parameters, e.g. 2*sin(w*t)");
  for (std::size_t r = 0; r < f.motion.rotations.size(); ++r) {
    ImGui::PushID(int(100 + r));
    const std::string rkey = key + ".rotations[" + std::to_string(r) + "]";
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
    changed |= ImGui::InputScalarN("axis", ImGuiDataType_Double, &f.motion.rotations[r].axis.x, 3, nullptr, nullptr,
                                   "%.3g");
    tooltip("Rotation axis (any length but zero), in the frame as turned by the rotations before it");
    changed |= expression_field(s, "angle(t)", f.motion.rotations[r].angle, rkey + ".angle",
                                "Angle about the axis (rad): a number or an expression, e.g. w*t");
    ImGui::SameLine();
    if (button("Remove", "Remove this rotation")) {
      f.motion.rotations.erase(f.motion.rotations.begin() + std::ptrdiff_t(r));
      ImGui::PopID();
      return true;
    }
    field_error(s, rkey);
    ImGui::PopID();
  }
  if (button("Add rotation", "Add a turn about +y; its angle may read t")) {
    f.motion.rotations.push_back({glm::dvec3(0.0, 1.0, 0.0), constant_expression(0.0)});
    changed = true;
  }
  return changed;
}

// [SECTION] A joint frame: q and qd now beside their start values q0 and qd0

world_expression& start_expression(joint_spec& j, joint_start which, int k) {
  return (which == joint_start::position ? j.position : j.velocity)[std::size_t(k)];
}

// The running joint's coordinate now (NaN when the frame is not running yet: an edit not applied).
double joint_now(const ui_state& state, const std::string& frame_name, const joint_coordinate& c) {
  const world_scene& running = *as_file_world(state.sim->current());
  return joint_value(running.model().joints(), find_frame(*running.spec(), frame_name), c);
}

void joint_rows(ui_state& state, world_editor_state& s, int frame, const std::string& key) {
  const joint_spec& j = *s.draft.frames[std::size_t(frame)].joint;
  const char* title = j.kind == joint_kind::ball ? "Ball joint" : j.kind == joint_kind::slider ? "Slider joint" : "Hinge joint";
  ImGui::TextUnformatted(title);
  help_marker(
      "now: the joint's coordinate q and its rate qd as the scene runs. start: their values at t = 0 (q0, qd0), "
      "a number or an expression of the parameters; leaving the field (or Enter) restarts the scene at t = 0 from "
      "them.");
  const auto rows = joint_coordinates(j.kind);
  // rows as tall as the start fields; the unit beside the name keeps the table narrow
  if (begin_wide_table("joint", 3, int(rows.size()), true, ImGui::GetFrameHeight())) {
    ImGui::TableSetupColumn("coordinate");
    ImGui::TableSetupColumn("now");
    ImGui::TableSetupColumn("start");
    ImGui::TableHeadersRow();
    for (const joint_coordinate& c : rows) {
      ImGui::PushID(int(c.which) * 3 + c.k);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::Text("%s (%s)", c.name, c.unit);
      tooltip(c.tip);
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      numbers_text("%9.4f", joint_now(state, s.draft.frames[std::size_t(frame)].name, c));
      tooltip(c.tip);
      ImGui::TableNextColumn();
      std::string text = expression_text(start_expression(*s.draft.frames[std::size_t(frame)].joint, c.which, c.k));
      ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
      if (ImGui::InputText("##start", &text)) {
        set_expression_text(start_expression(*s.draft.frames[std::size_t(frame)].joint, c.which, c.k), text);
        s.dirty = true;
      }
      tooltip(c.which == joint_start::position
                  ? "Start value q0 at t = 0: a number or an expression of the parameters. Leave the field (or press "
                    "Enter) to restart from it."
                  : "Start value qd0 at t = 0: a number or an expression of the parameters. Leave the field (or press "
                    "Enter) to restart from it.");
      if (ImGui::IsItemDeactivatedAfterEdit()) edit_joint_start(state, frame, c.which, c.k, text);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  for (const char* which : {"position", "velocity"}) {
    const std::string base = key + ".joint." + which;
    field_error(s, base);
    for (int k = 0; k < 3; ++k) field_error(s, base + "[" + std::to_string(k) + "]");
  }
}

void apply_draft(ui_state& state, world_editor_state& s) {
  world_spec checked;
  if (auto error = rebuild_world(s.draft, checked)) {
    s.error = *error;
    set_message(state, "Not applied: " + *error, true);
    return;
  }
  if (auto error = run_world(*state.sim, std::move(checked))) {
    s.error = *error;
    set_message(state, "Not applied: " + *error, true);
    return;
  }
  s.error.clear();
  s.dirty = false;
  s.serial = state.sim->scene_serial();
  sync_with_simulation(state);
  set_message(state, "Edit applied: restarted at t = 0 (File > Save scene writes the file)", false);
}

bool save_running(ui_state& state, world_editor_state& s, const world_spec& running) {
  if (auto error = save_world(running.source, running)) {
    s.error = "save: " + *error;
    set_message(state, "Not saved: " + *error, true);
    return false;
  }
  acknowledge_world_save(state);
  set_message(state, "Saved " + running.source + " (comments of the old file are not kept)", false);
  return true;
}

void frame_actions(world_editor_state& s, int frame) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  ImGui::InputText("##child", &s.new_child);
  tooltip("Name of the new child frame: a letter or _, then letters, digits, _");
  ImGui::SameLine();
  if (button("Add child frame", "A new frame under this one, at its origin (Apply to run it)")) {
    add_child_frame(s.draft, frame, s.new_child.empty() ? "new_frame" : s.new_child);
    s.new_child.clear();
    s.dirty = true;
  }
  ImGui::SameLine();
  if (button("Delete frame", "Delete this frame and the frames under it (Apply to run without them)")) {
    if (auto error = delete_frame(s.draft, frame)) {
      s.error = "delete: " + *error;
    } else {
      s.error.clear();
      s.dirty = true;
    }
  }
  field_error(s, "delete");
}

// The editor's state with its draft of the running file (a new scene, opened or reloaded: a
// fresh draft, unless edits wait to be applied).
world_editor_state& editor_of(ui_state& state, const world_scene& running) {
  auto& s = state.panel_state<world_editor_state>();
  if (s.serial != state.sim->scene_serial() && !s.dirty) {
    if (s.draft.source != running.spec()->source) {  // another file: its first joint frame, else its first frame
      const auto& frames = running.spec()->frames;
      const auto joint =
          std::find_if(frames.begin(), frames.end(), [](const frame_spec& f) { return f.joint.has_value(); });
      s.frame = joint == frames.end() ? 0 : int(joint - frames.begin());
    }
    s.draft = *running.spec();
    s.serial = state.sim->scene_serial();
    s.error.clear();
  }
  return s;
}

}  // namespace

void draw_world_editor(ui_state& state, int node) {
  const world_scene* running = as_file_world(state.sim->current());
  if (running == nullptr) return;
  auto& s = editor_of(state, *running);
  s.error_shown = false;
  ImGui::Separator();
  if (!ImGui::CollapsingHeader("Edit the scene file", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const int frame = frame_picker(s, state.sim->view(), node);
  if (frame < 0) {
    ImGui::TextDisabled("No frames: add one to the file (a scene of particles only)");
  } else {
    frame_spec& f = s.draft.frames[std::size_t(frame)];
    const std::string key = frame_key(s.draft, frame);
    ImGui::PushID("world editor");
    std::string rename = f.name;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.0f);
    if (ImGui::InputText("name", &rename, ImGuiInputTextFlags_EnterReturnsTrue)) f.name = rename, s.dirty = true;
    tooltip("Rename the frame (Enter): a letter or _, then letters, digits, _; unique in the file");
    field_error(s, key + ".name");
    if (f.joint) joint_rows(state, s, frame, key);
    s.dirty |= motion_rows(s, f, key);
    ImGui::TextUnformatted("Shapes");
    s.dirty |= shape_rows(s, f, key);
    frame_actions(s, frame);
    ImGui::PopID();
  }
  if (button("Apply", "Check the edits like the loader does; if valid, restart at t = 0 with them")) apply_draft(state, s);
  ImGui::SameLine();
  if (button("Discard", "Forget the edits not applied yet")) s.dirty = false, s.serial = 0;
  ImGui::SameLine();
  if (button("Save scene", "Write the running scene back to its file (atomically; comments are not kept)")) {
    save_world_scene(state);
  }
  if (s.dirty) ImGui::TextDisabled("Edits not applied yet");
  if (!s.error.empty() && !s.error_shown) {  // a key no field here shows (another frame, the whole file)
    ImGui::PushTextWrapPos(0.0f);
    error_text(s.error.c_str());
    ImGui::PopTextWrapPos();
  }
}

bool save_world_scene(ui_state& state) {
  if (as_file_world(state.sim->current()) == nullptr) {
    set_message(state, "Not saved: the running scene is built in, not a scene file (File > Save preset keeps its settings)",
                true);
    return false;
  }
  auto& s = state.panel_state<world_editor_state>();
  if (s.dirty && s.serial == state.sim->scene_serial()) apply_draft(state, s);
  if (s.dirty) return false;
  return save_running(state, s, *as_file_world(state.sim->current())->spec());  // applying restarted it
}

}  // namespace framelab::ui

namespace framelab::ui {

bool edit_joint_start(ui_state& state, int frame, joint_start which, int k, const std::string& text) {
  const world_scene* running = as_file_world(state.sim->current());
  if (running == nullptr) return false;
  auto& s = editor_of(state, *running);
  if (frame < 0 || frame >= int(s.draft.frames.size()) || !s.draft.frames[std::size_t(frame)].joint) return false;
  joint_spec& j = *s.draft.frames[std::size_t(frame)].joint;
  if (k < 0 || k >= (j.kind == joint_kind::ball ? 3 : 1)) return false;
  set_expression_text(start_expression(j, which, k), text);
  s.dirty = true;
  apply_draft(state, s);
  return !s.dirty;
}

}  // namespace framelab::ui
