#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// Ranges narrow enough for a slider; wider ones get a typed input instead.
bool slider_range(const param_def& def) {
  return std::isfinite(def.min) && std::isfinite(def.max) && def.max - def.min <= 1.0e4;
}

// A field shows its value with the unit ("1.5 m"); where the panel is too narrow for both,
// the unit moves into the label above the field ("radius (m)").
std::string number_format(const param_def& def, bool with_unit) {
  return def.unit.empty() || !with_unit ? "%.4g" : "%.4g " + def.unit;
}

// The text a number field shows: "1.5 m".
std::string shown_number(const param_def& def, double x, bool with_unit = true) {
  char text[96];
  std::snprintf(text, sizeof text, number_format(def, with_unit).c_str(), x);
  return text;
}

float text_width(const std::string& text) {
  return ImGui::CalcTextSize(text.c_str(), nullptr, true).x;
}

// The widest text a field of this parameter shows now or at its range's ends (so the
// width does not jump while a slider moves).
float value_width(const param_def& def, const param_value& value, bool with_unit = true) {
  switch (def.kind) {
    case param_kind::number: {
      float w = text_width(shown_number(def, std::get<double>(value), with_unit));
      if (slider_range(def)) {
        w = std::max(
            {w, text_width(shown_number(def, def.min, with_unit)), text_width(shown_number(def, def.max, with_unit))});
      }
      return w;
    }
    case param_kind::integer:
      return std::max({text_width(std::to_string(std::get<std::int64_t>(value))),
                       text_width(std::to_string(static_cast<std::int64_t>(def.min))),
                       text_width(std::to_string(static_cast<std::int64_t>(def.max)))});
    case param_kind::boolean:
      return 0.0f;
    case param_kind::vector: {
      float w = 0.0f;
      for (const double x : std::get<std::vector<double>>(value))
        w = std::max(w, text_width(shown_number(def, x, with_unit)));
      return w;
    }
    case param_kind::choice: {
      float w = 0.0f;
      for (const auto& choice : def.choices) w = std::max(w, text_width(choice) + ImGui::GetFrameHeight());
      return w;
    }
    case param_kind::text:  // scrolls inside its field: a dozen characters show
      return std::min(text_width(std::get<std::string>(value)), 12.0f * ImGui::GetFontSize());
  }
  return 0.0f;
}

float padded(float text) {
  return text + 2.0f * ImGui::GetStyle().FramePadding.x + 2.0f;
}

// The width of the field showing every component on one row.
float field_width(const param_def& def, const param_value& value, bool with_unit = true) {
  if (def.kind == param_kind::boolean) return ImGui::GetFrameHeight();
  const float one = std::max(padded(value_width(def, value, with_unit)), 4.0f * ImGui::GetFontSize());
  if (def.kind != param_kind::vector) return one;
  const auto n = static_cast<float>(def.components);
  return n * one + (n - 1.0f) * ImGui::GetStyle().ItemInnerSpacing.x;
}

bool finished_edit(bool changed) {
  return ImGui::IsItemDeactivatedAfterEdit() || (changed && !ImGui::IsItemActive());
}

// A vector whose components do not fit on one row: one row each, named x, y, z, w.
bool edit_components(const param_def& def, std::vector<double>& v, bool with_unit) {
  static const char* const names[] = {"x", "y", "z", "w"};
  const std::string format = number_format(def, with_unit);
  bool finished = false;
  for (std::size_t c = 0; c < v.size(); ++c) {
    const char* name = c < std::size(names) ? names[c] : "#";
    ImGui::PushID(static_cast<int>(c));
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemInnerSpacing.x - text_width(name);
    const float width = std::max(room, padded(text_width(shown_number(def, v[c], with_unit))));
    ImGui::SetNextItemWidth(width);
    const bool changed = ImGui::InputDouble(name, &v[c], 0.0, 0.0, format.c_str());
    finished = finished || finished_edit(changed);
    ImGui::PopID();
  }
  return finished;
}

// The label drawn above a field: the name, and the unit when the field leaves it out.
void label_above(const param_def& def, bool unit_in_label) {
  const std::string text = unit_in_label && !def.unit.empty() ? def.name + " (" + def.unit + ")" : def.name;
  ImGui::TextWrapped("%s", text.c_str());
}

// Draws the widget for one parameter, editing `value`, its label beside the field (all
// fields `field` pixels wide) or above it (a field as wide as the panel). Returns true
// when an edit is finished (so the scene is reset once, not on every frame of a drag).
bool edit_value(const param_def& def, param_value& value, bool beside, float field) {
  std::string label = def.name + "##param";
  bool with_unit = true;
  float width = field;
  if (!beside && def.kind != param_kind::boolean) {
    const float avail = ImGui::GetContentRegionAvail().x;
    with_unit = def.kind != param_kind::vector
                    ? padded(value_width(def, value)) <= avail
                    : field_width(def, value) <= avail || padded(value_width(def, value)) <= avail;
    label_above(def, !with_unit);
    label = "##" + def.name;
    width = avail;
    if (def.kind == param_kind::vector && field_width(def, value, with_unit) > avail) {
      return edit_components(def, std::get<std::vector<double>>(value), with_unit);
    }
    if (def.kind != param_kind::text)
      width = std::max(avail, field_width(def, value, with_unit));  // scrolls sideways, never cut
  }
  ImGui::SetNextItemWidth(width);
  if (def.kind == param_kind::vector) {
    const float n = static_cast<float>(def.components);
    const float inner = ImGui::GetStyle().ItemInnerSpacing.x;
    check_text_fits(def.name.c_str(), padded(value_width(def, value, with_unit)), (width - (n - 1.0f) * inner) / n);
  } else if (def.kind != param_kind::boolean && def.kind != param_kind::text) {
    check_text_fits(def.name.c_str(), padded(value_width(def, value, with_unit)), width);
  }
  bool changed = false;
  switch (def.kind) {
    case param_kind::number: {
      double& x = std::get<double>(value);
      const std::string format = number_format(def, with_unit);
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
      return ImGui::Checkbox((def.name + "##param").c_str(), &std::get<bool>(value));
    case param_kind::vector: {
      auto& v = std::get<std::vector<double>>(value);
      const std::string format = number_format(def, with_unit);
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
  return finished_edit(changed);
}

// The widest field and the widest label of the scene's parameters.
struct column_widths {
  float field = 0.0f;
  float label = 0.0f;
};

column_widths widths_of(ui_state& state) {
  column_widths w;
  for (const auto& def : state.sim->parameter_defs()) {
    const param_value& value = state.edited.contains(def.name) ? state.edited.get(def.name) : def.default_value;
    w.field = std::max(w.field, field_width(def, value));
    if (def.kind != param_kind::boolean) w.label = std::max(w.label, text_width(def.name));
  }
  return w;
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

float parameters_width(ui_state& state) {
  const column_widths w = widths_of(state);
  return std::max(ImGui::CalcTextSize("Reset to defaults").x, w.field + ImGui::GetStyle().ItemInnerSpacing.x + w.label);
}

void draw_parameters_panel(ui_state& state) {
  if (!begin_panel(state, panel_id::parameters, "Parameters", &state.show_parameters)) {
    end_panel(state, panel_id::parameters);
    return;
  }
  if (button("Reset to defaults", "Restore every parameter's default value and restart the scene")) {
    state.edited = param_values::defaults(state.sim->parameter_defs());
    state.field_errors.clear();
    if (auto error = state.sim->set_parameters(state.edited)) set_message(state, *error, true);
  }
  // Labels beside the fields, all fields one width, where the widest of each fits; else above.
  const column_widths w = widths_of(state);
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool beside = avail >= w.field + ImGui::GetStyle().ItemInnerSpacing.x + w.label;
  const float field = avail - ImGui::GetStyle().ItemInnerSpacing.x - w.label;
  for (const auto& def : state.sim->parameter_defs()) {
    if (!state.edited.contains(def.name)) state.edited.set(def.name, def.default_value);
    param_value value = state.edited.get(def.name);
    const bool finished = edit_value(def, value, beside, field);
    const std::string tip = def.description + (def.unit.empty() ? "" : " [" + def.unit + "]");
    tooltip(tip.c_str());
    state.edited.set(def.name, value);
    if (finished) apply_edits(state, def.name);
    if (const auto it = state.field_errors.find(def.name); it != state.field_errors.end()) {
      error_text(it->second.c_str());
    }
  }
  end_panel(state, panel_id::parameters);
}

}  // namespace framelab::ui
