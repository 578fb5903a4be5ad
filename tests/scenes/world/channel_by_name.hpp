#pragma once
// A channel's value now, by its name (as the CSV heads it), for the world scene tests;
// channel_reader keeps a scene's channel list to read many.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "scenes/scene.hpp"

namespace framelab::test {

inline double channel_by_name(const std::vector<channel_def>& channels, const std::string& name) {
  for (const auto& c : channels)
    if (c.name == name) return c.read();
  ADD_FAILURE() << "no channel " << name;
  return 0.0;
}

// Reads channels by name from a scene's channel list, built once.
struct channel_reader {
  std::vector<channel_def> all;
  explicit channel_reader(const scene& s) : all(s.channels()) {}
  double operator()(const std::string& name) const { return channel_by_name(all, name); }
};

}  // namespace framelab::test
