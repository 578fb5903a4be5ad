#pragma once
// Text labels in the 3D view (arrow values, scene notes) placed so that none covers
// another and none covers an arrow or a spring. An arrow's label wants to sit just beside
// its head, on the side the arrow points to on screen (so it never hides the head it names);
// a scene note's label wants to sit up and to the right of its point. A label that would
// overlap a label already placed, an arrow or a spring, moves up or down by rows (its own height,
// at most about a line of text) to the nearest free place, and the app draws a thin leader line back to the
// anchor. Labels are placed top to bottom.
#include <imgui.h>

#include <vector>

namespace framelab::ui {

struct label_box {
  ImVec2 anchor;  // screen point the label belongs to (an arrow's head; pixels)
  ImVec2 size;    // the text's size (pixels)
  ImVec2 tail{anchor};  // an arrow's origin on screen; == anchor for a label of a point
  bool is_arrow() const { return tail.x != anchor.x || tail.y != anchor.y; }
};

// Where labels may go: inside the stage's free area (a label is moved in from its edges;
// the panels lie outside it) and off the keep-out rectangles (presentation mode's
// readouts, plot and transport bar, and the bodies small enough to keep off).
struct label_area {
  ImVec2 corner{0.0f, 0.0f};    // the area's top left, pixels
  ImVec2 size{1.0e9f, 1.0e9f};  // its size, pixels
  struct rect {
    ImVec2 corner;
    ImVec2 size;
  };
  std::vector<rect> keep_out;
  // The small bodies on screen: a label keeps off them like a keep-out, but a leader line
  // may cross them (a leader across a body beats a label far away).
  std::vector<rect> bodies;
  // Curves drawn on the stage that are part of the physics (a spring's coil), as screen
  // polylines with their bounding boxes: a label keeps off them as off an arrow (the box
  // first, so a label far from a curve costs one test).
  struct curve {
    std::vector<ImVec2> points;
    rect bounds;
  };
  std::vector<curve> curves;
};

// Where a label wants its top-left corner: for an arrow, beside the head on the side it
// points to (right or left of it for an arrow pointing mostly sideways, else below or
// above), `gap` pixels off it; for a point, at anchor + (gap, -size.y - gap / 2) (above right).
ImVec2 preferred_corner(const label_box& label, float gap);

// The top-left corner of each label, in the input order: no two rectangles overlap
// (touching edges allowed); when a free row exists within max_label_steps steps, no
// rectangle (grown by gap / 2) crosses an arrow (the segment tail -> anchor of a label
// with a tail), one of the area's curves, a keep-out rectangle or the leader line of a
// label placed before it, and its own leader line (anchor -> leader_end) crosses no placed
// label and no keep-out;
// every label inside the area when it fits; a label with no conflict stays at its
// preferred corner (moved inside the area).
std::vector<ImVec2> place_labels(const std::vector<label_box>& labels, float gap, const label_area& area = {});
inline constexpr int max_label_steps = 24;

// The point of the label's box [corner, corner + size] nearest its anchor: where the
// leader line of a moved label ends.
ImVec2 leader_end(ImVec2 anchor, ImVec2 corner, ImVec2 size);

// True when the rectangles [a, a + a_size) and [b, b + b_size) overlap with positive area.
bool rectangles_overlap(ImVec2 a, ImVec2 a_size, ImVec2 b, ImVec2 b_size);

// True when the segment from p to q meets the rectangle [corner, corner + size].
bool segment_meets_rectangle(ImVec2 p, ImVec2 q, ImVec2 corner, ImVec2 size);

}  // namespace framelab::ui
