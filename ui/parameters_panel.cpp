#include <cmath>
#include <limits>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// Ranges narrow enough for a slider; wider ones get a typed input instead.
bool slider_range(const param_def& def) {
  return std::isfinite(def.min) && std::isfinite(def.max) && def.max - def.min <= 1.0e4;
}

std::string format_with_unit(const param_def& def) { return def.unit.empty() ? "%.4g" : "%.4g " + def.unit; }

// Draws the widget for one parameter, editing `value`. Returns true when an edit is
// finished (so the scene is reset once, not on every frame of a drag).
bool edit_value(const param_def& def, param_value& value) {
  const std::string label = def.name + "##param";
  bool changed = false;
  switch (def.kind) {
    case param_kind::number: {
      double& x = std::get<double>(value);
      const std::string format = format_with_unit(def);
      if (slider_range(def)) {
        changed = ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &x, &def.min, &def.max, format.c_str());
      } else {
        changed = ImGui::InputDouble(label.c_str(), &x, 0.0, 0.0, format.c_str());
      }
      break;
    }
    case param_kind::integer: {
      auto& n = std::get<std::int64_t>(value);
      const auto lo = static_cast<std::int64_t>(def.min);
      const auto hi = static_cast<std::int64_t>(def.max);
      changed = ImGui::SliderScalar(label.c_str(), ImGuiDataType_S64, &n, &lo, &hi);
      break;
    }
    case param_kind::boolean:
      return ImGui::Checkbox(label.c_str(), &std::get<bool>(value));
    case param_kind::vector: {
      auto& v = std::get<std::vector<double>>(value);
      const std::string format = format_with_unit(def);
      changed = ImGui::InputScalarN(label.c_str(), ImGuiDataType_Double, v.data(), static_cast<int>(v.size()), nullptr,
                                    nullptr, format.c_str());
      break;
    }
    case param_kind::choice: {
      auto& name = std::get<std::string>(value);
      if (ImGui::BeginCombo(label.c_str(), name.c_str())) {
        for (const auto& choice : def.choices) {
          if (ImGui::Selectable(choice.c_str(), choice == name)) {
            name = choice;
            changed = true;
          }
        }
        ImGui::EndCombo();
      }
      return changed;
    }
    case param_kind::text:
      // typed freely; applied (and checked by the scene) on Enter or when the field loses focus
      ImGui::InputText(label.c_str(), &std::get<std::string>(value));
      return ImGui::IsItemDeactivatedAfterEdit();
  }
  return ImGui::IsItemDeactivatedAfterEdit() || (changed && !ImGui::IsItemActive());
}

// Validates the working copy and hands it to the simulation (which resets the scene).
void apply_edits(ui_state& state, const std::string& field) {
  const param_def* def = find_param(state.sim->parameter_defs(), field);
  if (def != nullptr) {
    if (auto error = validate_param(*def, state.edited.get(field))) {
      state.field_errors[field] = "Rejected: " + *error;
      return;
    }
  }
  if (auto error = state.sim->set_parameters(state.edited)) {
    state.field_errors[field] = "Rejected: " + *error;
    return;
  }
  state.field_errors.erase(field);
  set_message(state, "Applied " + field + " = " + format_param(state.edited.get(field)), false);
}

}  // namespace

void draw_parameters_panel(ui_state& state) {
  place_window(state, panel_slot::left_bottom);
  if (!ImGui::Begin("Parameters", &state.show_parameters)) {
    ImGui::End();
    return;
  }
  if (button("Reset to defaults", "Restore every parameter's default value and restart the scene")) {
    state.edited = param_values::defaults(state.sim->parameter_defs());
    state.field_errors.clear();
    if (auto error = state.sim->set_parameters(state.edited)) set_message(state, *error, true);
  }
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.0f);
  for (const auto& def : state.sim->parameter_defs()) {
    if (!state.edited.contains(def.name)) state.edited.set(def.name, def.default_value);
    param_value value = state.edited.get(def.name);
    const bool finished = edit_value(def, value);
    const std::string tip = def.description + (def.unit.empty() ? "" : " [" + def.unit + "]");
    tooltip(tip.c_str());
    state.edited.set(def.name, value);
    if (finished) apply_edits(state, def.name);
    if (const auto it = state.field_errors.find(def.name); it != state.field_errors.end()) {
      error_text(it->second.c_str());
    }
  }
  ImGui::PopItemWidth();
  ImGui::End();
}

}  // namespace framelab::ui
