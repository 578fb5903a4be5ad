// Lessons in the real window (under xvfb-run): a shipped lesson plays unattended to its end
// with --continue-after, saying where each pause stopped; a script the scenes refuse is
// refused before any window opens (exit code 2, FILE:LINE, the valid names); the caption
// and the presentation readouts show on the very frame after `present on` and `say`.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gui_test_support.hpp"
#include "scenes/registry.hpp"

namespace framelab {
namespace {

namespace fs = std::filesystem;
using gui_test::png_picture;
using gui_test::run;

const std::string exe = FRAMELAB_EXE;

class lesson_window : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("framelab_lesson_gui_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(lesson_window, a_shipped_lesson_plays_to_its_end_unattended_with_continue_after) {
  const std::string lesson = (fs::path(FRAMELAB_SOURCE_DIR) / "assets/lessons/carousel-coriolis.lesson").string();
  // Where its pauses are, read from the file itself.
  std::vector<int> pause_lines;
  std::ifstream in(lesson);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.rfind("pause", 0) == 0) pause_lines.push_back(number);
  }
  ASSERT_GE(pause_lines.size(), 2u);
  int exit_code = -1;
  const std::string output =
      run(exe + " --script " + lesson + " --continue-after 0.1 --size 960x540 </dev/null", exit_code);
  EXPECT_EQ(exit_code, 0) << output;
  std::size_t at = 0;
  for (const int number : pause_lines) {
    const std::string notice = "paused at " + lesson + ":" + std::to_string(number) + " (Space or Next continues)";
    const std::size_t found = output.find(notice, at);
    EXPECT_NE(found, std::string::npos) << "missing or out of order: " << notice << "\n" << output;
    if (found != std::string::npos) at = found;
  }
  EXPECT_EQ(output.find("error"), std::string::npos) << output;
}

TEST_F(lesson_window, a_script_its_scenes_refuse_is_refused_before_the_window_opens) {
  struct refused_case {
    std::string text;
    std::string reason;  // after FILE:LINE
    std::vector<std::string> listed;
  };
  const std::vector<refused_case> cases = {
      {"scene carousel\nwait 10\nshot " + (dir_ / "never.png").string() + "\nset initial_rate=99\n",
       ":4: set: initial_rate: must be in [-5, 5]",
       {}},
      {"scene carousel\nset no_such_thing=1\n", ":2: set: no_such_thing: unknown parameter", {"initial_rate", "mass"}},
      {"say hello\nscene carusel\n", ":2: scene: unknown scene 'carusel'", {"carousel", "tank-turret", "free-body"}},
  };
  for (const auto& c : cases) {
    const std::string file = write("refused.txt", c.text);
    int exit_code = -1;
    const std::string output = run(exe + " --script " + file, exit_code);
    EXPECT_EQ(exit_code, 2) << output;
    EXPECT_NE(output.find("framelab: error: " + file + c.reason), std::string::npos) << output;
    for (const auto& name : c.listed) EXPECT_NE(output.find(name), std::string::npos) << name << ": " << output;
    EXPECT_EQ(output.find("wrote"), std::string::npos) << "a step ran before the refusal: " << output;
    EXPECT_FALSE(fs::exists(dir_ / "never.png"));
  }
}

// The pixels of a region that belong to an overlay window (ImGui's near-black window
// background) and to its text (bright).
struct overlay_pixels {
  int box = 0;
  int text = 0;
};

overlay_pixels overlay_in(const png_picture& p, int x0, int y0, int x1, int y1) {
  const auto lum = [](int r, int g, int b) { return (299 * r + 587 * g + 114 * b) / 1000; };
  return {p.count([&](int r, int g, int b) { return lum(r, g, b) < 24; }, x0, y0, x1, y1),
          p.count([&](int r, int g, int b) { return lum(r, g, b) > 170; }, x0, y0, x1, y1)};
}

// One process: the frame right after `present on` + `say`, then the same after the
// overlays had frames to settle. The first must already show the caption (bottom middle)
// and the readouts (top left) as the settled one does.
TEST_F(lesson_window, the_caption_and_readouts_show_on_the_first_frame_after_present_and_say) {
  const std::string first = (dir_ / "first.png").string();
  const std::string settled = (dir_ / "settled.png").string();
  const std::string script = write("caption.txt",
                                   "scene carousel\nkey space\npresent on\nsay \"Coriolis: 2 w x v\"\n"
                                   "shot " +
                                       first + "\nwait 5\nshot " + settled + "\n");
  int exit_code = -1;
  const std::string output = run(exe + " --script " + script, exit_code);
  ASSERT_EQ(exit_code, 0) << output;
  const png_picture a(first);
  const png_picture b(settled);
  ASSERT_TRUE(a.loaded() && b.loaded());
  const int w = a.width;
  const int h = a.height;
  const struct {
    const char* what;
    int x0, y0, x1, y1;
  } regions[] = {{"caption", w / 5, h * 2 / 3, w * 4 / 5, h}, {"readouts", 0, 0, w / 3, h / 4}};
  for (const auto& r : regions) {
    const overlay_pixels now = overlay_in(a, r.x0, r.y0, r.x1, r.y1);
    const overlay_pixels later = overlay_in(b, r.x0, r.y0, r.x1, r.y1);
    ASSERT_GT(later.box, 2000) << r.what << ": no overlay in the settled frame";
    ASSERT_GT(later.text, 50) << r.what;
    EXPECT_GT(now.box, later.box * 9 / 10) << r.what << " is missing on the first frame";
    EXPECT_GT(now.text, later.text * 7 / 10) << r.what << "'s text is missing on the first frame";
  }
}

}  // namespace
}  // namespace framelab
