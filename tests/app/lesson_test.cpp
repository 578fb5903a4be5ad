// Lessons: the shipped ones load, name real scenes or presets beside them, say and pause; played step by step
// against a real simulation, each pause holds the lesson until the lecturer goes on,
// and the captions change only then. Captions keep their text ('#' and quotes inside).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "app/gui_script.hpp"
#include "app/lesson_runner.hpp"
#include "scenes/preset.hpp"
#include "scenes/registry.hpp"
#include "ui/benchmarks_panel.hpp"
#include "ui/presentation.hpp"

namespace framelab {
namespace {

namespace fs = std::filesystem;

const fs::path shipped = fs::path(FRAMELAB_SOURCE_DIR) / "assets" / "lessons";

std::size_t count_steps(const gui_script& script, const std::string& command) {
  return static_cast<std::size_t>(std::count_if(script.steps.begin(), script.steps.end(),
                                                [&](const script_step& s) { return s.command == command; }));
}

TEST(lessons, three_ship_and_each_loads_with_real_scenes_captions_and_pauses) {
  const std::vector<std::string> files = find_lessons(shipped);
  ASSERT_EQ(files.size(), 3u);
  for (const auto& file : files) {
    gui_script script;
    ASSERT_FALSE(load_gui_script(file, script)) << file;
    EXPECT_GE(count_steps(script, "say"), 3u) << file;
    EXPECT_GE(count_steps(script, "pause"), 2u) << file;
    for (const auto& step : script.steps) {
      if (step.command != "scene") continue;
      // A scene name, or a preset beside the lesson that loads.
      const std::string& what = step.args.at(0);
      preset loaded;
      const bool known =
          find_scene(what) != nullptr || !load_preset((fs::path(file).parent_path() / what).string(), loaded);
      EXPECT_TRUE(known) << file << ":" << step.line << ": " << what;
    }
  }
}

// Plays `file` to its end with a real simulation, going on after each pause once the
// caption has stayed put for a few frames. Returns the captions shown, in order.
std::vector<std::string> play_through(const std::string& file, std::size_t& pauses) {
  gui_script script;
  EXPECT_FALSE(load_gui_script(file, script));
  simulation sim;
  ui::ui_state state;
  state.sim = &sim;
  script_player player(std::move(script));
  std::vector<std::string> captions;
  pauses = 0;
  for (int frame = 0; frame < 100000 && !player.finished(); ++frame) {
    const auto error = player.before_frame(state);
    EXPECT_FALSE(error) << *error;
    if (error) break;
    if (captions.empty() || captions.back() != state.lesson.caption) captions.push_back(state.lesson.caption);
    if (state.lesson.waiting) {
      ++pauses;
      const std::string held = state.lesson.caption;
      for (int k = 0; k < 5; ++k) {
        EXPECT_FALSE(player.before_frame(state));
        EXPECT_EQ(state.lesson.caption, held) << "a paused lesson moved on by itself";
        EXPECT_TRUE(state.lesson.waiting);
      }
      ui::continue_lesson(state);
    }
    if (sim.loaded()) sim.advance(1.0 / 60.0);
  }
  EXPECT_TRUE(player.finished()) << file;
  EXPECT_TRUE(ui::presenting(state)) << file << ": lessons run in presentation mode";
  return captions;
}

TEST(lessons, each_pause_holds_the_lesson_until_the_lecturer_goes_on) {
  for (const auto& file : find_lessons(shipped)) {
    gui_script script;
    ASSERT_FALSE(load_gui_script(file, script));
    std::size_t pauses = 0;
    const std::vector<std::string> captions = play_through(file, pauses);
    EXPECT_EQ(pauses, count_steps(script, "pause")) << file;
    EXPECT_GE(captions.size(), count_steps(script, "say")) << file;
  }
}

class script_file : public testing::Test {
 protected:
  void SetUp() override {
    file_ = fs::temp_directory_path() / ("framelab_lesson_" + std::to_string(::getpid()) + ".lesson");
  }
  void TearDown() override { fs::remove(file_); }
  std::string write(const std::string& text) {
    std::ofstream(file_) << text;
    return file_.string();
  }
  fs::path file_;
};

TEST_F(script_file, say_keeps_the_rest_of_the_line_without_its_quotes) {
  gui_script script;
  ASSERT_FALSE(
      load_gui_script(write("say \"Press #1: 2 w x v, 'quoted'\"  # a comment\nsay   plain words  \nsay\n"), script));
  ASSERT_EQ(script.steps.size(), 3u);
  EXPECT_EQ(script.steps[0].args.at(0), "Press #1: 2 w x v, 'quoted'");
  EXPECT_EQ(script.steps[1].args.at(0), "plain words");
  EXPECT_TRUE(script.steps[2].args.empty());  // clears the caption
}

TEST_F(script_file, bad_lesson_lines_are_refused_with_file_and_line) {
  gui_script script;
  auto error = load_gui_script(write("say hello\npresent maybe\n"), script);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find(":2: present: expected on or off"), std::string::npos) << *error;
  error = load_gui_script(write("pause now\n"), script);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find(":1: 'pause' takes 0 argument(s)"), std::string::npos) << *error;
  error = load_gui_script(write("record start slides.mp4 slides\n"), script);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find(":1: record: 'record start FILE' records the window or the stage, got 'slides'"),
            std::string::npos)
      << *error;
  EXPECT_FALSE(load_gui_script(write("record start slides.mp4 stage\nrecord stop\n"), script));
  error = load_gui_script(write("key ctrl+q\n"), script);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("unknown key 'ctrl+q'"), std::string::npos) << *error;
}

// `set` changes one parameter of the running scene exactly as its text form says (the
// value the simulation then holds, read back), restarts it, and refuses an unknown
// name, a value out of range or a missing '=' naming the line, changing nothing.
TEST_F(script_file, set_changes_a_parameter_of_the_running_scene_or_names_the_problem) {
  gui_script script;
  auto error = load_gui_script(write("set angular_accel\n"), script);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find(":1: set: expected NAME=VALUE"), std::string::npos) << *error;

  ASSERT_FALSE(load_gui_script(write("scene carousel\nwait 30\nset initial_rate=0.75\nset puck_velocity=1,0.5\n"
                                     "set initial_rate=99\n"),
                               script));
  simulation sim;
  ui::ui_state state;
  state.sim = &sim;
  script_player player(std::move(script));
  std::optional<std::string> failure;
  for (int frame = 0; frame < 100 && !failure && !player.finished(); ++frame) {
    failure = player.before_frame(state);
    sim.advance(1.0 / 60.0);
  }
  ASSERT_TRUE(failure) << "initial_rate=99 is out of its range [-5, 5]";
  EXPECT_NE(failure->find(":5: set: initial_rate"), std::string::npos) << *failure;
  EXPECT_NE(failure->find("carousel"), std::string::npos) << *failure;
  EXPECT_EQ(sim.parameters().number("initial_rate"), 0.75);  // the refused value changed nothing
  EXPECT_EQ(sim.parameters().vector("puck_velocity"), (std::vector<double>{1.0, 0.5}));
  EXPECT_EQ(state.edited, sim.parameters());  // the Parameters panel shows what runs
  EXPECT_LT(sim.time(), 0.1) << "a set restarts the scene";
}

// ImGui brings a tab forward a frame after it is asked: a shot right after `bench tab`
// must wait for it, or the picture shows the tab before.
TEST_F(script_file, a_shot_after_bench_tab_waits_for_the_tab) {
  gui_script script;
  ASSERT_FALSE(load_gui_script(write("bench tab Table\nshot after_tab.png\n"), script));
  ui::ui_state state;
  script_player player(std::move(script));
  int frame = 0;
  std::string shot;
  for (; frame < 20 && shot.empty(); ++frame) {
    ASSERT_FALSE(player.before_frame(state));
    if (frame == 0) {
      EXPECT_EQ(ui::benchmarks_of(state).show_tab, "Table");
    }
    shot = player.take_shot_request();
  }
  EXPECT_EQ(shot, "after_tab.png");
  const int shot_frame = frame - 1;
  EXPECT_EQ(shot_frame - 1, bench_tab_frames) << "frames drawn between the tab request and the shot";
  EXPECT_GE(bench_tab_frames, 2) << "the tab shows on the frame after the request, the table fits after that";
}

TEST_F(script_file, the_runner_starts_stops_and_reports_a_broken_lesson) {
  simulation sim;
  ui::ui_state state;
  state.sim = &sim;
  lesson_runner runner;
  // Checked entirely before it starts: an unknown scene is refused, naming the line.
  state.lesson_to_start = write("say \"hello\"\nscene no-such-scene\n");
  runner.before_frame(state);
  EXPECT_FALSE(runner.playing());
  EXPECT_TRUE(state.message_is_error);
  EXPECT_NE(state.message.find("Lesson not started: " + file_.string() + ":2: "), std::string::npos) << state.message;
  EXPECT_NE(state.message.find("unknown scene 'no-such-scene'"), std::string::npos) << state.message;
  EXPECT_TRUE(state.lesson.title.empty());
  EXPECT_TRUE(state.lesson.caption.empty()) << "nothing of a refused lesson runs";

  // A step that fails while it plays (a benchmark option the panel refuses) stops it.
  state.lesson_to_start = write("bench set no_such_option 3\n");
  runner.before_frame(state);
  EXPECT_FALSE(runner.playing());
  EXPECT_NE(state.message.find("Lesson stopped"), std::string::npos) << state.message;

  state.lesson_to_start = write("scene carousel\nsay \"first\"\npause\nsay second\n");
  runner.before_frame(state);
  EXPECT_TRUE(runner.playing());
  EXPECT_EQ(state.lesson.caption, "first");
  EXPECT_TRUE(state.lesson.waiting);
  EXPECT_EQ(state.lesson.title, ui::lesson_name(file_.string()));
  state.lesson.stop_requested = true;  // "End lesson"
  runner.before_frame(state);
  EXPECT_FALSE(runner.playing());
  EXPECT_TRUE(state.lesson.caption.empty());
  EXPECT_FALSE(state.lesson.waiting);

  state.lesson_to_start = (fs::temp_directory_path() / "framelab no such lesson.lesson").string();
  runner.before_frame(state);
  EXPECT_FALSE(runner.playing());
  EXPECT_NE(state.message.find("Lesson not started"), std::string::npos) << state.message;
}

}  // namespace
}  // namespace framelab
