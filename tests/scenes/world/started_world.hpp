#pragma once
// A world scene started from a file's text at its parameters' defaults, for the world scene
// tests; a parse or start failure fails the test.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab::test {

inline std::shared_ptr<world_scene> started_world(const std::string& text) {
  auto spec = std::make_shared<world_spec>();
  const auto error = parse_world(text, "test", *spec);
  EXPECT_FALSE(error.has_value()) << *error;
  auto scene = std::make_shared<world_scene>(spec);
  scene->reset(param_values::defaults(scene->parameters()));
  EXPECT_FALSE(scene->failure().has_value()) << scene->failure().value_or("");
  return scene;
}

}  // namespace framelab::test
