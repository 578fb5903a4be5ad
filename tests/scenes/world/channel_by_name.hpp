#pragma once
// A channel's value now, by its name (as the CSV heads it), for the world scene tests.
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

}  // namespace framelab::test
