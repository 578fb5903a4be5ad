// Labels in the 3D view never cover each other nor an arrow: checked by brute force on
// random crowds of arrows (pair by pair for labels; for arrows, points sampled densely
// along each arrow tested against each label's rectangle), on labels sharing one
// anchor, and with labels that need no move (an arrow's label beyond its head).
#include "ui/label_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace framelab::ui {
namespace {

constexpr float gap = 6.0f;

bool inside(ImVec2 p, ImVec2 corner, ImVec2 size) {
  return p.x >= corner.x && p.x <= corner.x + size.x && p.y >= corner.y && p.y <= corner.y + size.y;
}

// Some point of the segment tail -> head, sampled every 1/1000 of it, inside the rectangle.
bool sampled_segment_meets(ImVec2 tail, ImVec2 head, ImVec2 corner, ImVec2 size) {
  for (int k = 0; k <= 1000; ++k) {
    const float t = static_cast<float>(k) / 1000.0f;
    if (inside(ImVec2(tail.x + t * (head.x - tail.x), tail.y + t * (head.y - tail.y)), corner, size)) return true;
  }
  return false;
}

void expect_no_overlap(const std::vector<label_box>& labels, const std::vector<ImVec2>& corners) {
  ASSERT_EQ(corners.size(), labels.size());
  for (std::size_t i = 0; i < labels.size(); ++i) {
    for (std::size_t j = i + 1; j < labels.size(); ++j) {
      EXPECT_FALSE(rectangles_overlap(corners[i], labels[i].size, corners[j], labels[j].size))
          << "labels " << i << " and " << j;
    }
  }
}

void expect_off_every_arrow(const std::vector<label_box>& labels, const std::vector<ImVec2>& corners) {
  for (std::size_t i = 0; i < labels.size(); ++i) {
    for (std::size_t a = 0; a < labels.size(); ++a) {
      if (!labels[a].is_arrow()) continue;
      EXPECT_FALSE(sampled_segment_meets(labels[a].tail, labels[a].anchor, corners[i], labels[i].size))
          << "label " << i << " covers arrow " << a;
    }
  }
}

TEST(label_layout, segment_and_rectangle_agree_with_sampling) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> coordinate(0.0f, 100.0f), extent(1.0f, 40.0f);
  int meets = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const ImVec2 p(coordinate(rng), coordinate(rng)), q(coordinate(rng), coordinate(rng));
    const ImVec2 corner(coordinate(rng), coordinate(rng)), size(extent(rng), extent(rng));
    const bool sampled = sampled_segment_meets(p, q, corner, size);
    // Sampling (every 1/1000) can miss a corner the segment only grazes: the exact test must
    // then miss the rectangle shrunk by a sampling step on each side.
    if (sampled) {
      EXPECT_TRUE(segment_meets_rectangle(p, q, corner, size)) << "trial " << trial;
    } else {
      const ImVec2 shrunk_corner(corner.x + 0.2f, corner.y + 0.2f), shrunk_size(size.x - 0.4f, size.y - 0.4f);
      EXPECT_FALSE(segment_meets_rectangle(p, q, shrunk_corner, shrunk_size)) << "trial " << trial;
    }
    meets += sampled ? 1 : 0;
  }
  EXPECT_GT(meets, 200);
  EXPECT_LT(meets, 1800);
}

// `count` arrows with tails in [low, high) (pixels), 30 to 300 px long in any direction,
// each with a label of text height `text` and a random width.
std::vector<label_box> random_arrows(std::mt19937& rng, std::size_t count, ImVec2 low, ImVec2 high, float text) {
  std::uniform_real_distribution<float> x(low.x, high.x), y(low.y, high.y), w(60.0f, 400.0f);
  std::uniform_real_distribution<float> angle(0.0f, 6.2831853f), length(30.0f, 300.0f);
  std::vector<label_box> labels(count);
  for (auto& label : labels) {
    const ImVec2 tail(x(rng), y(rng));
    const float a = angle(rng);
    const float l = length(rng);
    label = {ImVec2(tail.x + l * std::cos(a), tail.y + l * std::sin(a)), ImVec2(w(rng), text), tail};
  }
  return labels;
}

// As presentation mode lays them out: inside the window, off the readouts and the transport bar.
TEST(label_layout, random_arrows_keep_their_labels_inside_the_window_and_off_the_overlays) {
  std::mt19937 rng(8);
  label_area area;
  area.size = ImVec2(1920.0f, 1080.0f);
  area.keep_out = {{ImVec2(0.0f, 0.0f), ImVec2(620.0f, 230.0f)}, {ImVec2(700.0f, 1030.0f), ImVec2(500.0f, 50.0f)}};
  for (int trial = 0; trial < 100; ++trial) {
    const auto count = static_cast<std::size_t>(1 + trial % 8);
    const std::vector<label_box> labels = random_arrows(rng, count, {-100.0f, -100.0f}, {2000.0f, 1150.0f}, 36.0f);
    const std::vector<ImVec2> corners = place_labels(labels, gap, area);
    expect_no_overlap(labels, corners);
    expect_off_every_arrow(labels, corners);
    for (std::size_t i = 0; i < labels.size(); ++i) {
      EXPECT_GE(corners[i].x, 0.0f);
      EXPECT_GE(corners[i].y, 0.0f);
      EXPECT_LE(corners[i].x + labels[i].size.x, 1920.0f);
      EXPECT_LE(corners[i].y + labels[i].size.y, 1080.0f);
      for (const auto& r : area.keep_out)
        EXPECT_FALSE(rectangles_overlap(corners[i], labels[i].size, r.corner, r.size)) << "trial " << trial;
    }
  }
}

TEST(label_layout, random_arrows_at_1920x1080_keep_their_labels_off_every_arrow_and_label) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 100; ++trial) {
    const auto count = static_cast<std::size_t>(1 + trial % 10);
    const std::vector<label_box> labels = random_arrows(rng, count, {200.0f, 150.0f}, {1700.0f, 900.0f}, 28.0f);
    const std::vector<ImVec2> corners = place_labels(labels, gap);
    expect_no_overlap(labels, corners);
    expect_off_every_arrow(labels, corners);
  }
}

// A lone arrow's label stays off its own arrow and next to its head (its nearest point
// within `gap` of the head), whichever way the arrow points (the Coriolis arrow pointing
// left used to hide under its own label).
TEST(label_layout, a_lone_arrow_label_sits_next_to_its_head_and_off_its_arrow) {
  for (int k = 0; k < 32; ++k) {
    const float a = 6.2831853f * static_cast<float>(k) / 32.0f;
    const ImVec2 tail(500.0f, 500.0f);
    const ImVec2 head(tail.x + 120.0f * std::cos(a), tail.y + 120.0f * std::sin(a));
    const label_box label{head, ImVec2(180.0f, 27.0f), tail};
    const ImVec2 corner = place_labels({label}, gap)[0];
    EXPECT_FLOAT_EQ(corner.x, preferred_corner(label, gap).x);
    EXPECT_FLOAT_EQ(corner.y, preferred_corner(label, gap).y);
    EXPECT_FALSE(sampled_segment_meets(tail, head, corner, label.size)) << "direction " << k;
    const float nearest_x = std::clamp(head.x, corner.x, corner.x + label.size.x);
    const float nearest_y = std::clamp(head.y, corner.y, corner.y + label.size.y);
    EXPECT_LE(std::hypot(nearest_x - head.x, nearest_y - head.y), gap * 1.001f) << "direction " << k;
  }
}

TEST(label_layout, labels_at_one_point_stack_one_line_apart) {
  const std::vector<label_box> labels(4, label_box{ImVec2(100.0f, 100.0f), ImVec2(80.0f, 15.0f)});
  const std::vector<ImVec2> corners = place_labels(labels, 0.0f);
  expect_no_overlap(labels, corners);
  std::vector<float> rows;
  for (const ImVec2 c : corners) {
    EXPECT_FLOAT_EQ(c.x, 100.0f);
    rows.push_back(c.y);
  }
  std::sort(rows.begin(), rows.end());
  for (std::size_t i = 1; i < rows.size(); ++i) EXPECT_FLOAT_EQ(rows[i] - rows[i - 1], 15.0f);
}

TEST(label_layout, labels_far_apart_stay_where_they_want_to_be) {
  const std::vector<label_box> labels = {{ImVec2(0.0f, 100.0f), ImVec2(50.0f, 15.0f)},
                                         {ImVec2(200.0f, 100.0f), ImVec2(50.0f, 15.0f)},
                                         {ImVec2(0.0f, 200.0f), ImVec2(50.0f, 15.0f)}};
  const std::vector<ImVec2> corners = place_labels(labels, gap);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    EXPECT_FLOAT_EQ(corners[i].x, labels[i].anchor.x + gap);
    EXPECT_FLOAT_EQ(corners[i].y, labels[i].anchor.y - 15.0f - 0.5f * gap);
  }
}


// A label whose whole neighbourhood is kept out lands at the free place nearest to where
// it wants to be (found here by scanning every 4 px of the window), not at the window's
// far corner: within one label's width and height of that place.
TEST(label_layout, a_crowded_label_lands_near_its_anchor_not_in_a_far_corner) {
  label_area area;
  area.size = ImVec2(1920.0f, 1080.0f);
  area.keep_out.push_back({ImVec2(1400.0f, 0.0f), ImVec2(500.0f, 1080.0f)});
  const label_box label{ImVec2(1500.0f, 800.0f), ImVec2(180.0f, 27.0f)};
  const ImVec2 wanted = preferred_corner(label, gap);
  float nearest_free = std::numeric_limits<float>::infinity();
  for (float y = 0.0f; y + label.size.y <= area.size.y; y += 4.0f) {
    for (float x = 0.0f; x + label.size.x <= area.size.x; x += 4.0f) {
      const auto& k = area.keep_out[0];
      if (rectangles_overlap(ImVec2(x, y), label.size, k.corner, k.size)) continue;
      nearest_free = std::min(nearest_free, std::hypot(x - wanted.x, y - wanted.y));
    }
  }
  const ImVec2 corner = place_labels({label}, gap, area)[0];
  EXPECT_FALSE(rectangles_overlap(corner, label.size, area.keep_out[0].corner, area.keep_out[0].size));
  EXPECT_LE(std::hypot(corner.x - wanted.x, corner.y - wanted.y), nearest_free + label.size.x + label.size.y)
      << "placed at " << corner.x << ", " << corner.y;
}

}  // namespace
}  // namespace framelab::ui
