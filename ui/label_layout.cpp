#include "ui/label_layout.hpp"

#include <algorithm>
#include <numeric>

namespace framelab::ui {

bool rectangles_overlap(ImVec2 a, ImVec2 a_size, ImVec2 b, ImVec2 b_size) {
  return a.x < b.x + b_size.x && b.x < a.x + a_size.x && a.y < b.y + b_size.y && b.y < a.y + a_size.y;
}

std::vector<ImVec2> place_labels(const std::vector<label_box>& labels, ImVec2 offset) {
  std::vector<std::size_t> order(labels.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return labels[a].anchor.y < labels[b].anchor.y; });
  std::vector<ImVec2> corner(labels.size());
  std::vector<std::size_t> placed;
  for (const std::size_t i : order) {
    ImVec2 p(labels[i].anchor.x + offset.x, labels[i].anchor.y + offset.y);
    // Each move puts the label below a placed one, so it ends after at most placed.size() moves.
    for (bool moved = true; moved;) {
      moved = false;
      for (const std::size_t j : placed) {
        if (rectangles_overlap(p, labels[i].size, corner[j], labels[j].size)) {
          p.y = corner[j].y + labels[j].size.y;
          moved = true;
        }
      }
    }
    corner[i] = p;
    placed.push_back(i);
  }
  return corner;
}

}  // namespace framelab::ui
