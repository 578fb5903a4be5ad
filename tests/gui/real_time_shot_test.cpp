// `shot --real-time` runs its frames as the interactive window does: each advances the
// simulation by the real time it took (scenes/simulation.hpp's clock, within the frame
// budget), not by 1/60 s. So the simulation cannot get ahead of the clock: its time at the
// last frame is at most the wall time of the whole run, and over the frames the shot counts
// it reports at most one step more than the time they took. A fixed clock would run
// 120 frames of this small window (a few ms each) to t = 2 s, far ahead of both.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <string>

#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::run;

TEST(real_time_shot_test, the_simulation_keeps_to_the_clock) {
  const auto png = std::filesystem::temp_directory_path() / ("framelab_real_time_" + std::to_string(::getpid()) + ".png");
  int exit_code = -1;
  const auto start = std::chrono::steady_clock::now();
  const std::string output = run(std::string(FRAMELAB_EXE) + " shot --scene carousel --frames 120 --size 640x400 --out " +
                                     png.string() + " --real-time",
                                 exit_code);
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(exit_code, 0) << output;
  framelab::gui_test::expect_framelab_picture(png.string(), 640, 400);
  std::filesystem::remove(png);

  std::smatch t, report;
  ASSERT_TRUE(std::regex_search(output, t, std::regex("t = ([0-9.e+-]+) s\\)"))) << output;
  const double simulated_at_last_frame = std::stod(t[1]);
  EXPECT_GT(simulated_at_last_frame, 0.0) << output;
  EXPECT_LE(simulated_at_last_frame, wall_s) << output;

  ASSERT_TRUE(std::regex_search(output, report,
                                std::regex("simulated ([0-9.e+-]+) s in those frames' ([0-9.e+-]+) s \\(([0-9.e+-]+)x")))
      << output;
  const double simulated = std::stod(report[1]), real = std::stod(report[2]), factor = std::stod(report[3]);
  constexpr double dt = 1.0 / 120.0;  // the carousel's step
  EXPECT_GT(simulated, 0.0) << output;
  EXPECT_LE(simulated, real + dt) << output;
  EXPECT_NEAR(factor, simulated / real, 1e-3 * factor) << output;
}

}  // namespace
