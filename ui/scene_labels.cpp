#include "ui/scene_labels.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "ui/label_layout.hpp"
#include "ui/widgets.hpp"

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

bool kept_off(const view_node& node) {
  return node.shape != shape_kind::none && node.color.a >= 1.0f;
}

// More opaque bodies than max_kept_off_bodies: a crowd (the balls of the collisions scene).
// Counting stops at the first one too many, so a crowd of 100,000 costs what 1,000 do.
bool a_crowd(const scene_view& view) {
  std::size_t bodies = 0;
  for (const packed_sphere& s : view.spheres.spheres)
    if (opaque_rgba(s.rgba) && ++bodies > max_kept_off_bodies) return true;
  for (const auto& node : view.nodes)
    if (kept_off(node) && ++bodies > max_kept_off_bodies) return true;
  return false;
}

// The screen squares of the drawn bodies small enough for a label to go around (at most a
// fifth of the area across): a label keeps off them, its own body's included. A large
// body (a platform, the globe, the ground) is the stage itself and is not kept off, and
// so is a crowd: no label finds room clear of thousands of balls, and projecting each of
// them every frame would cost more than the rest of the frame's interface.
// The screen square of the sphere of `radius` around `centre`, measured across the view at its
// centre's depth (the largest screen distance of its six axis points from the centre's image),
// kept off when under `largest` across.
void keep_off_sphere(const glm::dvec3& centre, double radius, const screen_projection& to_screen, float largest,
                     label_area& area) {
  const auto middle = to_screen(centre);
  if (!middle || !(radius > 0.0)) return;
  float reach = 0.0f;
  for (int axis = 0; axis < 3; ++axis) {
    glm::dvec3 offset(0.0);
    offset[axis] = radius;
    for (const double sign : {-1.0, 1.0}) {
      if (const auto p = to_screen(centre + sign * offset))
        reach = std::max(reach, std::hypot(p->x - middle->x, p->y - middle->y));
    }
  }
  if (reach <= 0.0f || 2.0f * reach > largest) return;
  area.bodies.push_back({ImVec2(middle->x - reach, middle->y - reach), ImVec2(2.0f * reach, 2.0f * reach)});
}

void keep_off_small_bodies(const scene_view& view, const screen_projection& to_screen, label_area& area) {
  if (a_crowd(view)) return;
  const float largest = 0.2f * std::min(area.size.x, area.size.y);
  for (const auto& node : view.nodes) {
    if (!kept_off(node)) continue;
    keep_off_sphere(node.world.translation, bounding_radius(node), to_screen, largest, area);
  }
  for (const packed_sphere& s : view.spheres.spheres) {
    if (opaque_rgba(s.rgba)) keep_off_sphere(glm::dvec3(s.centre), 0.5 * s.diameter, to_screen, largest, area);
  }
}

// The screen polylines of the curves that are part of the physics (the trails drawn evenly,
// not fading: a spring's coil, a Poinsot view's polhode loops), for the labels to keep off,
// up to max_kept_off_curve_points points in all; a point behind the camera breaks a curve.
// Motion trails fade and are not kept off: a label may sit on the path a body has left.
void keep_off_fixed_curves(const scene_view& view, const screen_projection& to_screen, label_area& area) {
  std::size_t points = 0;
  label_area::curve c;
  // The curve so far, its box a pixel wider each way (a straight line seen edge-on has no width).
  const auto close = [&area, &c] {
    if (c.points.size() >= 2) {
      ImVec2 low = c.points.front(), high = low;
      for (const ImVec2 p : c.points) {
        low = ImVec2(std::min(low.x, p.x), std::min(low.y, p.y));
        high = ImVec2(std::max(high.x, p.x), std::max(high.y, p.y));
      }
      c.bounds = {ImVec2(low.x - 1.0f, low.y - 1.0f), ImVec2(high.x - low.x + 2.0f, high.y - low.y + 2.0f)};
      area.curves.push_back(std::move(c));
    }
    c = {};
  };
  for (const trail& t : view.trails) {
    if (!t.visible || t.fade) continue;
    if ((points += t.points.size()) > max_kept_off_curve_points) return;
    for (const glm::dvec3& point : t.points) {
      if (const std::optional<ImVec2> p = to_screen(point)) {
        c.points.push_back(*p);
      } else {
        close();
      }
    }
    close();
  }
}

// The backing's margin left and right of the text.
float label_padding(float font_size) {
  return 0.15f * font_size;
}

// An arrow's screen direction when it is shorter than a line of text (zero otherwise).
ImVec2 short_arrow_direction(const screen_label& label, float font_size) {
  const float dx = label.anchor.x - label.tail.x;
  const float dy = label.anchor.y - label.tail.y;
  const float length = std::hypot(dx, dy);
  if (label.anchor.x == label.tail.x && label.anchor.y == label.tail.y) return ImVec2(0.0f, 0.0f);  // a point's label
  if (length >= font_size || length <= 0.0f) return ImVec2(0.0f, 0.0f);
  return ImVec2(dx / length, dy / length);
}

// A small arrow of half-length r centred on c, pointing along the unit vector d.
void draw_arrow_glyph(ImDrawList* draw, ImVec2 c, ImVec2 d, float r, ImU32 color) {
  const ImVec2 tip(c.x + d.x * r, c.y + d.y * r);
  const ImVec2 back(c.x - d.x * r, c.y - d.y * r);
  const ImVec2 across(-d.y * 0.5f * r, d.x * 0.5f * r);
  const ImVec2 neck(c.x + d.x * 0.1f * r, c.y + d.y * 0.1f * r);
  draw->AddLine(back, neck, color, std::max(1.0f, 0.25f * r));
  draw->AddTriangleFilled(tip, ImVec2(neck.x + across.x, neck.y + across.y), ImVec2(neck.x - across.x, neck.y - across.y),
                          color);
}

// A dotted line: a leader reads as a pointer to its anchor, never as another arrow.
void dotted_line(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float width) {
  const float length = std::hypot(to.x - from.x, to.y - from.y);
  const float step = 3.0f * width;
  const int dots = std::max(1, static_cast<int>(length / step));
  for (int k = 0; k <= dots; ++k) {
    const float f = static_cast<float>(k) / static_cast<float>(dots);
    draw->AddCircleFilled(ImVec2(from.x + f * (to.x - from.x), from.y + f * (to.y - from.y)), 0.5f * width, color, 6);
  }
}

}  // namespace

ImFont* scene_label_font(bool presenting) {
  ImFont* stage = font_for(font_role::stage);
  ImFont* text = ImGui::GetFont();
  if (stage == nullptr) return text;
  return presenting || stage->FontSize < text->FontSize ? stage : text;
}

screen_projection stage_projection(const glm::dmat4& clip_from_world, const stage_viewport& stage) {
  return [clip_from_world, stage](const glm::dvec3& world) -> std::optional<ImVec2> {
    const glm::dvec4 clip = clip_from_world * glm::dvec4(world, 1.0);
    if (clip.w <= 0.0) return std::nullopt;
    ImVec2 p;
    ndc_to_canvas(stage, {clip.x / clip.w, clip.y / clip.w}, p.x, p.y);
    return p;
  };
}

std::vector<placed_label> layout_scene_labels(const scene_view& view, const screen_projection& to_screen, ImFont* font,
                                              const label_area& area) {
  const std::vector<screen_label> labels = visible_labels(view, to_screen);
  const float size = font->FontSize;
  std::vector<label_box> boxes;
  const float pad = label_padding(size);
  std::vector<ImVec2> short_arrows;
  std::vector<float> wraps;
  for (const auto& label : labels) {
    short_arrows.push_back(short_arrow_direction(label, size));
    const float glyph = short_arrows.back().x != 0.0f || short_arrows.back().y != 0.0f ? size : 0.0f;
    // A label wider than the area wraps at its width (ImGui breaks at spaces).
    const float wrap = std::max(4.0f * size, area.size.x - glyph - 2.0f * pad);
    const ImVec2 text = font->CalcTextSizeA(size, FLT_MAX, wrap, label.text.c_str());
    wraps.push_back(wrap);
    boxes.push_back({label.anchor, ImVec2(text.x + glyph + 2.0f * pad, text.y), label.tail});
  }
  const float gap = 0.35f * size;
  label_area kept = area;
  keep_off_small_bodies(view, to_screen, kept);
  keep_off_fixed_curves(view, to_screen, kept);
  const std::vector<ImVec2> corners = place_labels(boxes, gap, kept);
  std::vector<placed_label> placed;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    const ImVec2 wanted = preferred_corner(boxes[i], gap);
    const bool moved_far = std::abs(corners[i].x - wanted.x) + std::abs(corners[i].y - wanted.y) > gap;
    placed.push_back({labels[i].text, corners[i], boxes[i].size, labels[i].color, moved_far, boxes[i].anchor,
                      short_arrows[i], wraps[i]});
  }
  return placed;
}

void draw_scene_labels(const scene_view& view, const screen_projection& to_screen, ImFont* font,
                       const label_area& area) {
  if (font == nullptr) font = ImGui::GetFont();
  const float size = font->FontSize;
  ImDrawList* draw = ImGui::GetBackgroundDrawList();
  const float line = std::max(1.0f, size / 14.0f);
  const float pad = label_padding(size);
  for (const placed_label& label : layout_scene_labels(view, to_screen, font, area)) {
    const ImVec2 end(label.corner.x + label.size.x, label.corner.y + label.size.y);
    if (label.leader)
      dotted_line(draw, label.anchor, leader_end(label.anchor, label.corner, label.size), label.color, 1.5f * line);
    // A dark backing under the text keeps it readable on any body's colour and on a light projector.
    draw->AddRectFilled(label.corner, end, IM_COL32(16, 18, 24, 170), pad);
    float x = label.corner.x + pad;
    if (label.short_arrow.x != 0.0f || label.short_arrow.y != 0.0f) {
      draw_arrow_glyph(draw, ImVec2(x + 0.5f * size, label.corner.y + 0.5f * label.size.y), label.short_arrow,
                       0.4f * size, label.color);
      x += size;
    }
    draw->AddText(font, size, ImVec2(x, label.corner.y), label.color, label.text.c_str(), nullptr, label.wrap);
  }
}

}  // namespace framelab::ui
