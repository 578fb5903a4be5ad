#include "ui/scene_labels.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/label_layout.hpp"

namespace framelab::ui {

namespace {

struct screen_label {
  std::string text;
  ImVec2 anchor;
  ImU32 color;
};

ImU32 opaque(const glm::vec4& color) {
  return ImGui::ColorConvertFloat4ToU32(ImVec4(color.r, color.g, color.b, 1.0f));
}

std::vector<screen_label> visible_labels(const scene_view& view, const screen_projection& to_screen) {
  std::vector<screen_label> labels;
  for (const auto& v : view.vectors) {
    if (!v.visible || v.label.empty() || glm::length(v.value) * v.scale < 1e-6) continue;  // unlabelled: no text
    const auto anchor = to_screen(v.origin + v.value * v.scale);
    if (!anchor) continue;
    char text[160];
    std::snprintf(text, sizeof text, "%s %.3g %s", v.label.c_str(), glm::length(v.value), v.unit.c_str());
    labels.push_back({text, *anchor, opaque(v.color)});
  }
  for (const auto& label : view.labels) {
    if (const auto anchor = to_screen(label.position)) labels.push_back({label.text, *anchor, opaque(label.color)});
  }
  return labels;
}

}  // namespace

void draw_scene_labels(const scene_view& view, const screen_projection& to_screen) {
  const std::vector<screen_label> labels = visible_labels(view, to_screen);
  const float font = ImGui::GetFontSize();
  std::vector<label_box> boxes;
  for (const auto& label : labels) boxes.push_back({label.anchor, ImGui::CalcTextSize(label.text.c_str())});
  const ImVec2 offset(0.4f * font, -0.6f * font);
  const std::vector<ImVec2> corners = place_labels(boxes, offset);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ImVec2 wanted(boxes[i].anchor.x + offset.x, boxes[i].anchor.y + offset.y);
    if (corners[i].y != wanted.y) {  // moved down: a leader line back to its arrow
      draw->AddLine(boxes[i].anchor, ImVec2(corners[i].x, corners[i].y + 0.5f * boxes[i].size.y), labels[i].color,
                    std::max(1.0f, font / 16.0f));
    }
    // A dark shadow under the text keeps it readable over a bright body or a light projector.
    const float shadow = std::max(1.0f, font / 16.0f);
    draw->AddText(ImVec2(corners[i].x + shadow, corners[i].y + shadow), IM_COL32(0, 0, 0, 200), labels[i].text.c_str());
    draw->AddText(corners[i], labels[i].color, labels[i].text.c_str());
  }
}

}  // namespace framelab::ui
