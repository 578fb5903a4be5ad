#include "ui/default_layout.hpp"

#include <algorithm>

namespace framelab::ui {

namespace {

struct column {
  std::vector<std::size_t> members;  // indices into the needs, top to bottom
  float x = 0.0f;
  float width = 0.0f;
};

float widest(std::span<const panel_need> needs, const std::vector<std::size_t>& members, float at_most) {
  float width = 0.0f;
  for (const std::size_t i : members) width = std::max(width, needs[i].width);
  return std::min(width, at_most);
}

// The height a column's panels need, stacked with gaps.
float needed_height(const column& c, std::span<const panel_need> needs, float gap) {
  float needed = c.members.empty() ? 0.0f : gap * static_cast<float>(c.members.size() - 1);
  for (const std::size_t i : c.members) needed += needs[i].height;
  return needed;
}

// A column too short for its panels hands some (the lowest first) to the other column
// where they fit there.
void balance(column& from, column& to, std::span<const panel_need> needs, float room, float gap) {
  for (std::size_t k = from.members.size(); k-- > 0 && needed_height(from, needs, gap) > room;) {
    const std::size_t i = from.members[k];
    if (needed_height(to, needs, gap) + gap + needs[i].height > room) continue;
    to.members.push_back(i);
    from.members.erase(from.members.begin() + static_cast<std::ptrdiff_t>(k));
  }
}

// Stacks the column's panels between top and bottom: each gets its need plus a share of
// the height left over in proportion to its need. False (and nothing placed) when their
// needs do not fit.
bool stack(const column& c, std::span<const panel_need> needs, float top, float bottom, float gap,
           std::vector<panel_rect>& rects) {
  if (c.members.empty()) return true;
  const float needed = needed_height(c, needs, gap);
  if (needed > bottom - top) return false;
  const float spare = bottom - top - needed;
  const float share = needed > 0.0f ? spare / (needed - gap * static_cast<float>(c.members.size() - 1)) : 0.0f;
  float y = top;
  for (const std::size_t i : c.members) {
    const float height = needs[i].height * (1.0f + share);
    rects[i] = {ImVec2(c.x, y), ImVec2(c.width, height)};
    y += height + gap;
  }
  return true;
}

}  // namespace

panel_rect stage_rect(ImVec2 display) {
  const float margin = 0.5f * (1.0f - stage_clear_fraction);
  return {ImVec2(margin * display.x, margin * display.y),
          ImVec2(stage_clear_fraction * display.x, stage_clear_fraction * display.y)};
}

panel_rect free_area(const layout_plan& plan, ImVec2 display, float menu_height, float gap) {
  const panel_rect stage = stage_rect(display);
  const ImVec2 stage_end(stage.position.x + stage.size.x, stage.position.y + stage.size.y);
  float left = 0.0f, top = menu_height, right = display.x, bottom = display.y;
  const auto keep_off = [&](const panel_rect& r) {
    const ImVec2 end(r.position.x + r.size.x, r.position.y + r.size.y);
    if (end.x <= stage.position.x) {
      left = std::max(left, end.x + gap);
    } else if (r.position.x >= stage_end.x) {
      right = std::min(right, r.position.x - gap);
    } else if (end.y <= stage.position.y) {
      top = std::max(top, end.y + gap);
    } else if (r.position.y >= stage_end.y) {
      bottom = std::min(bottom, r.position.y - gap);
    }
  };
  if (plan.sections) keep_off(plan.column);
  for (std::size_t i = 0; i < plan.rects.size(); ++i) {
    if (i >= plan.in_column.size() || plan.in_column[i] == 0) keep_off(plan.rects[i]);
  }
  return {ImVec2(left, top), ImVec2(std::max(1.0f, right - left), std::max(1.0f, bottom - top))};
}

layout_plan plan_layout(std::span<const panel_need> needs, ImVec2 display, float menu_height, float gap) {
  const panel_rect stage = stage_rect(display);
  const float top = menu_height + gap;
  const float bottom = std::max(top + 1.0f, display.y - gap);
  const float side_max = std::max(1.0f, stage.position.x - 2.0f * gap);  // a column ends a gap before the stage
  const float stage_right = stage.position.x + stage.size.x;
  const float top_room = stage.position.y - gap - top;
  const float bottom_room = bottom - (stage.position.y + stage.size.y + gap);
  layout_plan plan;
  plan.rects.assign(needs.size(), panel_rect{});
  plan.in_column.assign(needs.size(), 0);

  // Strips above and below the stage for the panels that fit there; the others join a column.
  column left, right;
  std::vector<std::size_t> top_strip, bottom_strip, centre;
  for (std::size_t i = 0; i < needs.size(); ++i) {
    switch (needs[i].place) {
      case panel_place::top:
        (needs[i].height <= top_room ? top_strip : left.members).push_back(i);
        break;
      case panel_place::bottom:
        (needs[i].height <= bottom_room ? bottom_strip : right.members).push_back(i);
        break;
      case panel_place::left:
        left.members.push_back(i);
        break;
      case panel_place::right:
        right.members.push_back(i);
        break;
      case panel_place::centre:
        centre.push_back(i);
        break;
    }
  }
  // A transport that left its strip opens the left column (it is used most).
  std::stable_partition(left.members.begin(), left.members.end(),
                        [&](std::size_t i) { return needs[i].place == panel_place::top; });
  balance(right, left, needs, bottom - top, gap);
  balance(left, right, needs, bottom - top, gap);
  left.width = widest(needs, left.members, side_max);
  left.x = gap;
  right.width = widest(needs, right.members, side_max);
  right.x = display.x - gap - right.width;

  if (!stack(left, needs, top, bottom, gap, plan.rects) || !stack(right, needs, top, bottom, gap, plan.rects)) {
    // One column of sections on the left, holding every side panel.
    std::vector<std::size_t> all = left.members;
    all.insert(all.end(), right.members.begin(), right.members.end());
    plan.sections = true;
    plan.column = {ImVec2(gap, top), ImVec2(widest(needs, all, side_max), bottom - top)};
    for (const std::size_t i : all) {
      plan.in_column[i] = 1;
      plan.rects[i] = plan.column;
    }
  }
  const float strip_x = stage.position.x;
  const float strip_width = stage_right - stage.position.x;
  float y = top;
  for (const std::size_t i : top_strip) {
    plan.rects[i] = {ImVec2(strip_x, y), ImVec2(strip_width, needs[i].height)};
    y += needs[i].height + gap;
  }
  for (const std::size_t i : bottom_strip) {
    plan.rects[i] = {ImVec2(strip_x, bottom - bottom_room), ImVec2(strip_width, bottom_room)};
  }
  for (const std::size_t i : centre) {
    plan.rects[i] = {ImVec2(strip_x, top), ImVec2(display.x - gap - strip_x, bottom - top)};
  }
  return plan;
}

}  // namespace framelab::ui
