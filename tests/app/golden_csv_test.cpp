// Determinism: a lecturer's demo replays exactly. For every scene, `framelab sim` with
// the default parameters and dt gives a CSV whose hash matches the one recorded in
// tests/app/golden_hashes.txt (as Box2D keeps a hash per sample), and two runs in one
// process give byte-identical output. Channels measured on the host (wall-clock times)
// are left out of both.
//
// The hash is taken over the values printed to 9 significant digits, so that a libm
// differing in the last bit on another CPU does not break it; byte identity between
// runs is checked at full precision. After an intended change to a scene's physics,
// re-record with:  FRAMELAB_UPDATE_GOLDEN=1 build/release/tests/release_tests --gtest_filter='golden_csv.*'
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/sim_command.hpp"
#include "scenes/registry.hpp"
#include "scenes/simulation.hpp"

namespace framelab {
namespace {

constexpr long long golden_steps = 1200;  // 10 s at the default 1/120 s
constexpr long long golden_every = 10;
constexpr int golden_digits = 9;
const std::string golden_file = std::string(FRAMELAB_SOURCE_DIR) + "/tests/app/golden_hashes.txt";

std::string run_scene(const std::string& scene) {
  sim_options options;
  options.scene = scene;
  options.steps = golden_steps;
  options.every = golden_every;
  std::ostringstream out, err;
  EXPECT_EQ(run_sim(options, out, err), 0) << scene << ": " << err.str();
  return out.str();
}

// The columns to compare: all but the measured ones (t is column 0).
std::vector<bool> deterministic_columns(const std::string& scene) {
  const scene_entry* entry = find_scene(scene);
  std::vector<bool> keep{true};
  for (const auto& channel : entry->create()->channels()) keep.push_back(!channel.measured);
  return keep;
}

// The CSV with measured columns removed and, when `digits` > 0, values reprinted.
std::string comparable(const std::string& csv, const std::vector<bool>& keep, int digits) {
  std::istringstream lines(csv);
  std::string result;
  bool header = true;
  for (std::string line; std::getline(lines, line); header = false) {
    std::istringstream cells(line);
    std::size_t column = 0;
    for (std::string cell; std::getline(cells, cell, ','); ++column) {
      if (column < keep.size() && !keep[column]) continue;
      if (!header && digits > 0) {
        char text[64];
        std::snprintf(text, sizeof text, "%.*g", digits, std::strtod(cell.c_str(), nullptr));
        cell = text;
      }
      result += cell + ",";
    }
    result += "\n";
  }
  return result;
}

// FNV-1a, 64 bits.
std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::map<std::string, std::string> read_golden() {
  std::map<std::string, std::string> golden;
  std::ifstream in(golden_file);
  for (std::string scene, hash; in >> scene >> hash;) {
    if (scene.rfind("#", 0) == 0) {
      std::getline(in, scene);
      continue;
    }
    golden[scene] = hash;
  }
  return golden;
}

TEST(golden_csv, every_scene_replays_its_recorded_hash) {
  const bool update = std::getenv("FRAMELAB_UPDATE_GOLDEN") != nullptr;
  const auto golden = read_golden();
  std::string recorded = "# scene  FNV-1a of `framelab sim` CSV at defaults, " + std::to_string(golden_steps) +
                         " steps, every " + std::to_string(golden_every) + ", " + std::to_string(golden_digits) +
                         " significant digits (tests/app/golden_csv_test.cpp)\n";
  for (const auto& entry : registered_scenes()) {
    const std::string& scene = entry.info.name;
    const std::string hash = hex(fnv1a(comparable(run_scene(scene), deterministic_columns(scene), golden_digits)));
    recorded += scene + " " + hash + "\n";
    if (update) continue;
    const auto known = golden.find(scene);
    ASSERT_NE(known, golden.end()) << scene << " has no golden hash; record it with FRAMELAB_UPDATE_GOLDEN=1";
    EXPECT_EQ(hash, known->second) << scene << ": the run no longer replays the recorded one. If the physics "
                                   << "changed on purpose, re-record with FRAMELAB_UPDATE_GOLDEN=1";
  }
  if (update) std::ofstream(golden_file) << recorded;
}

TEST(golden_csv, two_runs_give_byte_identical_output) {
  for (const auto& entry : registered_scenes()) {
    const std::string& scene = entry.info.name;
    const std::vector<bool> keep = deterministic_columns(scene);
    EXPECT_EQ(comparable(run_scene(scene), keep, 0), comparable(run_scene(scene), keep, 0)) << scene;
  }
}

}  // namespace
}  // namespace framelab
