#include "ui/label_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace framelab::ui {

namespace {
// How many rows and label widths a crowded label's search reaches either way from where it
// wants to be: all of a 4K stage for a label of one line and 240 px or more.
constexpr float crowded_rows = 64.0f;
constexpr float crowded_columns = 16.0f;
}  // namespace

bool rectangles_overlap(ImVec2 a, ImVec2 a_size, ImVec2 b, ImVec2 b_size) {
  return a.x < b.x + b_size.x && b.x < a.x + a_size.x && a.y < b.y + b_size.y && b.y < a.y + a_size.y;
}

// Liang-Barsky: the segment p + t (q - p), t in [0, 1], clipped against each side's slab
// x0 <= x <= x1, y0 <= y <= y1; it meets the rectangle when an interval of t is left.
bool segment_meets_rectangle(ImVec2 p, ImVec2 q, ImVec2 corner, ImVec2 size) {
  float t0 = 0.0f;
  float t1 = 1.0f;
  const float d[2] = {q.x - p.x, q.y - p.y};
  const float start[2] = {p.x, p.y};
  const float low[2] = {corner.x, corner.y};
  const float high[2] = {corner.x + size.x, corner.y + size.y};
  for (int axis = 0; axis < 2; ++axis) {
    if (d[axis] == 0.0f) {
      if (start[axis] < low[axis] || start[axis] > high[axis]) return false;
      continue;
    }
    float enter = (low[axis] - start[axis]) / d[axis];
    float leave = (high[axis] - start[axis]) / d[axis];
    if (enter > leave) std::swap(enter, leave);
    t0 = std::max(t0, enter);
    t1 = std::min(t1, leave);
    if (t0 > t1) return false;
  }
  return true;
}

// An arrow's label goes beside its head on the side the arrow points to: for an arrow
// pointing mostly sideways (|u.x| >= sideways_share of its screen direction u), left or
// right of the head, centred on it vertically, its near edge `gap` past the head; else
// above or below, centred horizontally. The whole arrow lies on the other side of the
// head along that axis, so the label never covers it, and it stays next to the head.
ImVec2 preferred_corner(const label_box& label, float gap) {
  if (!label.is_arrow()) return ImVec2(label.anchor.x + gap, label.anchor.y - label.size.y - 0.5f * gap);
  constexpr float sideways_share = 0.3f;
  const float dx = label.anchor.x - label.tail.x;
  const float dy = label.anchor.y - label.tail.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (std::abs(dx) >= sideways_share * length) {
    const float x = dx > 0.0f ? label.anchor.x + gap : label.anchor.x - gap - label.size.x;
    return ImVec2(x, label.anchor.y - 0.5f * label.size.y);
  }
  const float y = dy > 0.0f ? label.anchor.y + gap : label.anchor.y - gap - label.size.y;
  return ImVec2(label.anchor.x - 0.5f * label.size.x, y);
}

ImVec2 leader_end(ImVec2 anchor, ImVec2 corner, ImVec2 size) {
  return ImVec2(std::clamp(anchor.x, corner.x, corner.x + size.x), std::clamp(anchor.y, corner.y, corner.y + size.y));
}

std::vector<ImVec2> place_labels(const std::vector<label_box>& labels, float gap, const label_area& area) {
  std::vector<std::size_t> order(labels.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return labels[a].anchor.y < labels[b].anchor.y; });
  const float margin = 0.5f * gap;  // arrows are drawn a few pixels wide
  const auto on_an_arrow = [&](ImVec2 p, ImVec2 size) {
    const ImVec2 grown(p.x - margin, p.y - margin);
    const ImVec2 grown_size(size.x + 2.0f * margin, size.y + 2.0f * margin);
    const auto meets = [&](ImVec2 from, ImVec2 to) { return segment_meets_rectangle(from, to, grown, grown_size); };
    const auto on_curve = [&](const label_area::curve& c) {
      if (!rectangles_overlap(grown, grown_size, c.bounds.corner, c.bounds.size)) return false;
      for (std::size_t k = 1; k < c.points.size(); ++k)
        if (meets(c.points[k - 1], c.points[k])) return true;
      return false;
    };
    return std::any_of(labels.begin(), labels.end(),
                       [&](const label_box& arrow) { return arrow.is_arrow() && meets(arrow.tail, arrow.anchor); }) ||
           std::any_of(area.curves.begin(), area.curves.end(), on_curve);
  };
  const auto on_kept_out = [&](ImVec2 p, ImVec2 size) {
    const auto on = [&](const label_area::rect& r) { return rectangles_overlap(p, size, r.corner, r.size); };
    return std::any_of(area.keep_out.begin(), area.keep_out.end(), on) ||
           std::any_of(area.bodies.begin(), area.bodies.end(), on);
  };
  // Moved in from the area's edges (a label larger than the area keeps its top left inside).
  const ImVec2 end(area.corner.x + area.size.x, area.corner.y + area.size.y);
  const auto inside = [&](ImVec2 p, ImVec2 size) {
    return ImVec2(std::max(area.corner.x, std::min(p.x, end.x - size.x)),
                  std::max(area.corner.y, std::min(p.y, end.y - size.y)));
  };
  std::vector<ImVec2> corner(labels.size());
  std::vector<std::size_t> placed;
  const auto on_a_label = [&](ImVec2 p, ImVec2 size) {
    return std::any_of(placed.begin(), placed.end(),
                       [&](std::size_t j) { return rectangles_overlap(p, size, corner[j], labels[j].size); });
  };
  // A label moved off its preferred corner gets a leader line from its anchor (leader_end):
  // the line may cross no placed label or keep-out, and no label may sit on a placed line.
  std::vector<std::pair<ImVec2, ImVec2>> leaders;
  // (Crossing, not touching: a rectangle is shrunk by half a pixel; a leader shorter than
  // a pixel is none.)
  const auto crosses = [](ImVec2 from, ImVec2 to, ImVec2 c, ImVec2 size) {
    return size.x > 1.0f && size.y > 1.0f &&
           segment_meets_rectangle(from, to, ImVec2(c.x + 0.5f, c.y + 0.5f), ImVec2(size.x - 1.0f, size.y - 1.0f));
  };
  const auto leader_blocked = [&](ImVec2 from, ImVec2 to) {
    if (std::hypot(to.x - from.x, to.y - from.y) < 1.0f) return false;
    const bool on_label = std::any_of(placed.begin(), placed.end(),
                                      [&](std::size_t j) { return crosses(from, to, corner[j], labels[j].size); });
    return on_label || std::any_of(area.keep_out.begin(), area.keep_out.end(),
                                   [&](const label_area::rect& r) { return crosses(from, to, r.corner, r.size); });
  };
  const auto on_a_leader = [&](ImVec2 p, ImVec2 size) {
    return std::any_of(leaders.begin(), leaders.end(), [&](const auto& l) {
      return std::hypot(l.second.x - l.first.x, l.second.y - l.first.y) >= 1.0f && crosses(l.first, l.second, p, size);
    });
  };
  for (const std::size_t i : order) {
    const ImVec2 size = labels[i].size;
    const ImVec2 wanted = inside(preferred_corner(labels[i], gap), size);
    bool found = false;
    // The nearest free row: 0, +1, -1, +2, -2, ... rows from where it wants to be, a row
    // being the label's height, or about one line of text (3 gaps) for a taller label.
    const float row = gap > 0.0f ? std::min(size.y, 3.0f * gap) : size.y;
    // Each row tries the preferred side of the anchor first, then, for an arrow, the other
    // side (a short arrow's label may sit either side of its head; a point's labels stack).
    const float other_x = wanted.x + size.x <= labels[i].anchor.x ? labels[i].anchor.x + gap
                                                                 : labels[i].anchor.x - gap - size.x;
    const float mirrored = std::max(area.corner.x, std::min(other_x, end.x - size.x));
    for (int step = 0; step <= 2 * max_label_steps && !found; ++step) {
      const float rows = static_cast<float>(step % 2 == 1 ? (step + 1) / 2 : -(step / 2));
      for (const float x : {wanted.x, labels[i].is_arrow() ? mirrored : wanted.x}) {
        const ImVec2 p(x, wanted.y + rows * row);
        if (p.y < area.corner.y || p.y + size.y > end.y) continue;
        if (on_a_label(p, size) || on_an_arrow(p, size) || on_kept_out(p, size) || on_a_leader(p, size)) continue;
        if ((step > 0 || x != wanted.x) && leader_blocked(labels[i].anchor, leader_end(labels[i].anchor, p, size)))
          continue;
        corner[i] = p;
        found = true;
        break;
      }
    }
    // Crowded near its anchor: the place in the area nearest to where it wants to be, row
    // by row and across columns a label's width apart, that passes the checks, from all of
    // them (a leader line then shows where it belongs) down to labels and keep-outs only.
    const auto free_at = [&](ImVec2 p, int strictness) {
      if (on_a_label(p, size) || on_kept_out(p, size)) return false;
      if (strictness >= 1 && (on_an_arrow(p, size) || on_a_leader(p, size))) return false;
      return strictness < 2 || !leader_blocked(labels[i].anchor, leader_end(labels[i].anchor, p, size));
    };
    // The scan reaches crowded_rows and crowded_columns either way, never an unbounded
    // area's billions.
    const float row_step = std::max(row, 1.0f);
    const float column = std::max(size.x, 1.0f);
    const float top = std::max(area.corner.y, wanted.y - crowded_rows * row_step);
    const float bottom = std::min(end.y, wanted.y + crowded_rows * row_step + size.y);
    const float left = wanted.x - std::min(std::floor((wanted.x - area.corner.x) / column), crowded_columns) * column;
    const float right = std::min(end.x, wanted.x + crowded_columns * column + size.x);
    for (int strictness = 2; strictness >= 0 && !found; --strictness) {
      float nearest = std::numeric_limits<float>::infinity();
      for (float y = top; y + size.y <= bottom; y += row_step) {
        for (float x = left; x + size.x <= right; x += column) {
          const ImVec2 p(x, y);
          const float distance = std::hypot(p.x - wanted.x, p.y - wanted.y);
          if (distance >= nearest || !free_at(p, strictness)) continue;
          corner[i] = p;
          nearest = distance;
          found = true;
        }
      }
    }
    if (!found) {  // no room anywhere: keep off the labels at least, stacking below them
      ImVec2 p = wanted;
      // Each move puts the label below a placed one, so it ends after at most placed.size() moves.
      for (bool moved = true; moved;) {
        moved = false;
        for (const std::size_t j : placed) {
          if (rectangles_overlap(p, size, corner[j], labels[j].size)) {
            p.y = corner[j].y + labels[j].size.y;
            moved = true;
          }
        }
      }
      corner[i] = p;
    }
    if (std::abs(corner[i].y - wanted.y) + std::abs(corner[i].x - wanted.x) > gap)
      leaders.push_back({labels[i].anchor, leader_end(labels[i].anchor, corner[i], size)});
    placed.push_back(i);
  }
  return corner;
}

}  // namespace framelab::ui
