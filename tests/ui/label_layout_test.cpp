// Labels in the 3D view never cover each other: checked pair by pair (brute force) on
// random crowds, on labels sharing one anchor, and with labels that need no move.
#include "ui/label_layout.hpp"

#include <gtest/gtest.h>

#include <random>

namespace framelab::ui {
namespace {

void expect_no_overlap(const std::vector<label_box>& labels, const std::vector<ImVec2>& corners) {
  ASSERT_EQ(corners.size(), labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    for (std::size_t j = i + 1; j < labels.size(); ++j) {
      EXPECT_FALSE(rectangles_overlap(corners[i], labels[i].size, corners[j], labels[j].size))
          << "labels " << i << " and " << j;
    }
  }
}

TEST(label_layout, random_crowds_end_without_overlaps_and_move_only_down) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> x(0.0f, 400.0f), y(0.0f, 300.0f), w(20.0f, 160.0f);
  const ImVec2 offset(6.0f, -9.0f);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<label_box> labels(static_cast<std::size_t>(1 + trial));
    for (auto& label : labels) label = {ImVec2(x(rng), y(rng)), ImVec2(w(rng), 16.0f)};
    const std::vector<ImVec2> corners = place_labels(labels, offset);
    expect_no_overlap(labels, corners);
    for (std::size_t i = 0; i < labels.size(); ++i) {
      EXPECT_FLOAT_EQ(corners[i].x, labels[i].anchor.x + offset.x);  // same column as its arrow
      EXPECT_GE(corners[i].y, labels[i].anchor.y + offset.y);        // never above where it wants to be
    }
  }
}

TEST(label_layout, labels_at_one_point_stack_one_line_apart) {
  const std::vector<label_box> labels(4, label_box{ImVec2(100.0f, 100.0f), ImVec2(80.0f, 15.0f)});
  const std::vector<ImVec2> corners = place_labels(labels, ImVec2(0.0f, 0.0f));
  expect_no_overlap(labels, corners);
  for (std::size_t i = 0; i < corners.size(); ++i)
    EXPECT_FLOAT_EQ(corners[i].y, 100.0f + 15.0f * static_cast<float>(i));
}

TEST(label_layout, labels_far_apart_stay_where_they_are) {
  const std::vector<label_box> labels = {{ImVec2(0.0f, 0.0f), ImVec2(50.0f, 15.0f)},
                                         {ImVec2(200.0f, 0.0f), ImVec2(50.0f, 15.0f)},
                                         {ImVec2(0.0f, 100.0f), ImVec2(50.0f, 15.0f)}};
  const std::vector<ImVec2> corners = place_labels(labels, ImVec2(5.0f, -7.0f));
  for (std::size_t i = 0; i < labels.size(); ++i) {
    EXPECT_FLOAT_EQ(corners[i].x, labels[i].anchor.x + 5.0f);
    EXPECT_FLOAT_EQ(corners[i].y, labels[i].anchor.y - 7.0f);
  }
}

}  // namespace
}  // namespace framelab::ui
