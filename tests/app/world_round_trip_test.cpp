// Load, save, load: `framelab sim` writes the same CSV, byte for byte, for a shipped world
// file and the file the world writer saved from it.
#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>

#include "app/sim_command.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_writer.hpp"

namespace framelab {
namespace {

std::string sim_csv(const std::string& scene) {
  sim_options options;
  options.scene = scene;
  options.steps = 900;
  std::ostringstream out, err;
  EXPECT_EQ(run_sim(options, out, err), 0) << err.str();
  return out.str();
}

TEST(world_round_trip, saved_files_give_the_same_sim_csv) {
  const auto dir = std::filesystem::temp_directory_path() / "framelab_world_round_trip";
  std::filesystem::create_directories(dir);
  for (const char* name : {"foucault-pendulum.json", "stone-drop.json", "epicycles.json", "ferris-wheel.json",
                           "spinning-top.json"}) {
    const std::string shipped = std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/" + name;
    world_spec spec;
    const auto error = load_world(shipped, spec);
    ASSERT_FALSE(error.has_value()) << *error;
    const std::string saved = (dir / name).string();
    ASSERT_FALSE(save_world(saved, spec).has_value());
    const std::string first = sim_csv(shipped);
    EXPECT_GT(first.size(), 10000u) << name;
    EXPECT_TRUE(first == sim_csv(saved)) << name << ": the CSVs differ";
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace framelab
