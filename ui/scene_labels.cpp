#include "ui/scene_labels.hpp"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>
#include <vector>

#include "ui/label_layout.hpp"

namespace framelab::ui {

namespace {

struct screen_label {
  std::string text;
  ImVec2 anchor;
  ImVec2 tail;  // an arrow's origin on screen; == anchor for a point's label
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
    const auto tail = to_screen(v.origin);
    char text[160];
    std::snprintf(text, sizeof text, "%s %.3g %s", v.label.c_str(), glm::length(v.value), v.unit.c_str());
    labels.push_back({text, *anchor, tail.value_or(*anchor), opaque(v.color)});
  }
  for (const auto& label : view.labels) {
    if (const auto anchor = to_screen(label.position))
      labels.push_back({label.text, *anchor, *anchor, opaque(label.color)});
  }
  return labels;
}

}  // namespace

void draw_scene_labels(const scene_view& view, const screen_projection& to_screen, ImFont* font,
                       const label_area& area) {
  const std::vector<screen_label> labels = visible_labels(view, to_screen);
  if (font == nullptr) font = ImGui::GetFont();
  const float size = font->FontSize;
  std::vector<label_box> boxes;
  for (const auto& label : labels)
    boxes.push_back({label.anchor, font->CalcTextSizeA(size, FLT_MAX, 0.0f, label.text.c_str()), label.tail});
  const float gap = 0.35f * size;
  const std::vector<ImVec2> corners = place_labels(boxes, gap, area);
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const float line = std::max(1.0f, size / 14.0f);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ImVec2 wanted = preferred_corner(boxes[i], gap);
    const bool moved_far = std::abs(corners[i].x - wanted.x) + std::abs(corners[i].y - wanted.y) > gap;
    if (moved_far) {  // moved: a leader line back to its anchor
      const ImVec2 nearest(std::clamp(boxes[i].anchor.x, corners[i].x, corners[i].x + boxes[i].size.x),
                           std::clamp(boxes[i].anchor.y, corners[i].y, corners[i].y + boxes[i].size.y));
      draw->AddLine(boxes[i].anchor, nearest, labels[i].color, line);
    }
    // A dark shadow under the text keeps it readable over a bright body or a light projector.
    draw->AddText(font, size, ImVec2(corners[i].x + line, corners[i].y + line), IM_COL32(0, 0, 0, 200),
                  labels[i].text.c_str());
    draw->AddText(font, size, corners[i], labels[i].color, labels[i].text.c_str());
  }
}

}  // namespace framelab::ui
