#pragma once
// Text labels in the 3D view (arrow values, scene notes) placed so that none covers
// another: each label wants to sit at its anchor plus an offset; one that would overlap
// a label already placed moves straight down below it (the labels stack), and the app
// draws a thin leader line back to the anchor. Labels are placed top to bottom.
#include <imgui.h>

#include <vector>

namespace framelab::ui {

struct label_box {
  ImVec2 anchor;  // screen point the label belongs to (pixels)
  ImVec2 size;    // the text's size (pixels)
};

// The top-left corner of each label, in the input order; no two resulting rectangles
// overlap (touching edges allowed), and a label with no conflict stays at anchor + offset.
std::vector<ImVec2> place_labels(const std::vector<label_box>& labels, ImVec2 offset);

// True when the rectangles [a, a + a_size) and [b, b + b_size) overlap with positive area.
bool rectangles_overlap(ImVec2 a, ImVec2 a_size, ImVec2 b, ImVec2 b_size);

}  // namespace framelab::ui
