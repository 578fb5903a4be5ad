// GUI smoke test: runs the real `framelab shot` (SDL window, GL renderer, ImGui
// panels) for every registered scene and every shipped world scene file
// (assets/worlds/*.json) and checks the PNG: right size, a real picture
// (many distinct colours), the ImGui main menu bar drawn across the top, and a frame
// time printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "scenes/registry.hpp"
#include "tests/gui/gui_test_support.hpp"

namespace {

using framelab::gui_test::run;

constexpr int width = 640;
constexpr int height = 400;

class shot_test : public testing::TestWithParam<std::string> {};

TEST_P(shot_test, writes_a_non_blank_png_with_panels) {
  const auto dir = std::filesystem::temp_directory_path() / ("framelab_shot_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto png = dir / (std::filesystem::path(GetParam()).stem().string() + ".png");  // a name or a file
  int exit_code = -1;
  const std::string output = run(std::string(FRAMELAB_EXE) + " shot --scene " + GetParam() + " --frames 30 --size " +
                                     std::to_string(width) + "x" + std::to_string(height) + " --out " + png.string(),
                                 exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  EXPECT_NE(output.find("mean frame time"), std::string::npos) << output;

  framelab::gui_test::expect_framelab_picture(png.string(), width, height);
  std::filesystem::remove_all(dir);
}

// `shot --present`: the picture as the class sees it, without the menu bar and the panels (a
// plain shot has them: expect_framelab_picture above).
TEST(shot_present_test, takes_the_picture_in_presentation_mode) {
  const auto dir = std::filesystem::temp_directory_path() / ("framelab_shot_present_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto png = dir / "present.png";
  int exit_code = -1;
  const std::string output = run(std::string(FRAMELAB_EXE) + " shot --present --scene carousel --frames 10 --size " +
                                     std::to_string(width) + "x" + std::to_string(height) + " --out " + png.string(),
                                 exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  const framelab::gui_test::png_picture picture(png.string());
  ASSERT_TRUE(picture.loaded()) << output;
  EXPECT_LT(picture.menu_bar_pixels(), picture.width / 10) << "the menu bar shows: " << png;
  if (!HasFailure()) std::filesystem::remove_all(dir);
}

// Poinsot's construction (free-body and tennis-racket with poinsot=true), at 1280x720 after
// 4 s, paused and shot twice: as it is, and with the trails hidden (a script's `hide trails`;
// the camera stays). The pixels the trails changed show the polhode (magenta, violet where the
// translucent energy ellipsoid covers it: hues 240-300 degrees) and the herpolhode (yellow,
// green on the cyan invariable plane: hues 90-150). Their labels are the same in both shots,
// so a construction whose curves are not drawn finds next to none (the |L| sphere's red and
// grey curves, the orange omega circle: other hues; a few blended pixels).
class poinsot_shot_test : public testing::TestWithParam<std::string> {};

// The hue of (r, g, b) in degrees [0, 360), or -1 when nearly grey (saturation below 0.25).
double hue_degrees(int r, int g, int b) {
  const int high = std::max({r, g, b}), low = std::min({r, g, b});
  if (high == 0 || high - low < 0.25 * high) return -1.0;
  const double span = high - low;
  const double h = high == r ? (g - b) / span : high == g ? 2.0 + (b - r) / span : 4.0 + (r - g) / span;
  return std::fmod(60.0 * h + 360.0, 360.0);
}

TEST_P(poinsot_shot_test, shows_the_polhode_and_the_herpolhode) {
  constexpr int big_width = 1280, big_height = 720;
  constexpr int min_curve_pixels = 60;  // each curve drew 130-270 in a run that looked right
  const framelab::gui_test::shot_folder dir("framelab_poinsot");
  const auto shown = dir.path / (GetParam() + ".png"), hidden = dir.path / (GetParam() + "_no_trails.png");
  const auto script = dir.path / (GetParam() + ".script");
  std::ofstream(script) << "wait 240\nkey space\nshot " << shown.string() << "\nhide trails\nwait 2\nshot "
                        << hidden.string() << "\nquit\n";
  int exit_code = -1;
  const std::string size = std::to_string(big_width) + "x" + std::to_string(big_height);
  const std::string output = run(std::string(FRAMELAB_EXE) + " --scene " + GetParam() +
                                     " --set poinsot=true --script " + script.string() + " --size " + size,
                                 exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  framelab::gui_test::expect_framelab_picture(shown.string(), big_width, big_height);
  const framelab::gui_test::png_picture with(shown.string()), without(hidden.string());
  ASSERT_TRUE(with.loaded() && without.loaded() && with.width == without.width && with.height == without.height);
  int polhode = 0, herpolhode = 0;
  for (int y = 0; y < with.height; ++y) {
    for (int x = 0; x < with.width; ++x) {
      const unsigned char *a = with.at(x, y), *b = without.at(x, y);
      if (std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])}) <= 40) continue;
      const double hue = hue_degrees(a[0], a[1], a[2]);
      polhode += hue >= 240.0 && hue < 300.0 ? 1 : 0;
      herpolhode += hue >= 90.0 && hue < 150.0 ? 1 : 0;
    }
  }
  EXPECT_GE(polhode, min_curve_pixels) << shown;
  EXPECT_GE(herpolhode, min_curve_pixels) << shown;
  dir.remove_unless_kept(HasFailure());
}

INSTANTIATE_TEST_SUITE_P(poinsot, poinsot_shot_test, testing::Values("free-body", "tennis-racket"),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return info.param == "free-body" ? std::string("free_body") : std::string("tennis_racket");
                         });

// Translucent bodies drawn after lines: collisions' show_pairs turns the balls see-through
// and draws the candidate pairs as lines. Outside the box the stage must look as without
// the pairs (the translucent balls once read the lines' points as their transforms and
// filled the window). Compared: the stage right of the Transport panel, 1280x720.
TEST(pairs_shot_test, see_through_balls_stay_in_their_box_when_pairs_are_drawn) {
  constexpr int big_width = 1280, big_height = 720;
  const auto dir = std::filesystem::temp_directory_path() / ("framelab_pairs_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto shot = [&](bool pairs) {
    const auto png = dir / (pairs ? "pairs.png" : "plain.png");
    int exit_code = -1;
    const std::string output = run(std::string(FRAMELAB_EXE) + " shot --scene collisions --set show_pairs=" +
                                       (pairs ? "true" : "false") + " --frames 30 --size " + std::to_string(big_width) +
                                       "x" + std::to_string(big_height) + " --out " + png.string(),
                                   exit_code);
    EXPECT_EQ(exit_code, 0) << output;
    return framelab::gui_test::png_picture(png.string());
  };
  const framelab::gui_test::png_picture plain = shot(false), pairs = shot(true);
  ASSERT_TRUE(plain.loaded() && pairs.loaded());
  const int x0 = 1000, x1 = big_width, y0 = 40, y1 = 200;
  int changed = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      for (int c = 0; c < 3; ++c) {
        if (std::abs(int(plain.at(x, y)[c]) - int(pairs.at(x, y)[c])) > 24) {
          ++changed;
          break;
        }
      }
    }
  }
  EXPECT_LT(changed, (x1 - x0) * (y1 - y0) / 50) << "the stage outside the box changed where pairs are drawn";
  if (!HasFailure()) std::filesystem::remove_all(dir);
}

std::vector<std::string> scene_names() {
  std::vector<std::string> names;
  for (const auto& entry : framelab::registered_scenes()) names.push_back(entry.info.name);
  std::vector<std::string> files;  // the shipped world scene files, by path
  for (const auto& f : std::filesystem::directory_iterator(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds"))
    if (f.path().extension() == ".json") files.push_back(f.path().string());
  std::sort(files.begin(), files.end());
  names.insert(names.end(), files.begin(), files.end());
  return names;
}

INSTANTIATE_TEST_SUITE_P(every_scene, shot_test, testing::ValuesIn(scene_names()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = std::filesystem::path(info.param).stem().string();
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

}  // namespace
