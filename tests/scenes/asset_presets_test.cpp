// Every preset shipped in assets/scenes loads cleanly and names a registered scene.
#include <filesystem>

#include <gtest/gtest.h>

#include "scenes/preset.hpp"

namespace framelab {
namespace {

TEST(asset_presets, every_shipped_preset_loads) {
  const std::filesystem::path dir = std::filesystem::path(FRAMELAB_SOURCE_DIR) / "assets" / "scenes";
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    preset p;
    const auto error = load_preset(entry.path(), p);
    EXPECT_FALSE(error) << *error;
    EXPECT_NE(find_scene(p.scene), nullptr) << entry.path();
    ++count;
  }
  EXPECT_GT(count, 0) << "no presets found in " << dir;
}

}  // namespace
}  // namespace framelab
