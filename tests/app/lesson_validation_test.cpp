// Lessons a lecturer writes: a script is checked against the scenes it runs in before it
// plays (a bad `set`, an unknown parameter or scene: FILE:LINE and the valid names); a
// pause says where it stopped and can end by itself; the user's own lessons folder (XDG)
// is listed beside the shipped one; a view-only `set` keeps the scene running; every key
// a shipped lesson names is in the F1 help; the frame pacing of the interactive window.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "app/frame_pacing.hpp"
#include "app/gui_script.hpp"
#include "app/lesson_runner.hpp"
#include "app/script_commands.hpp"
#include "scenes/carousel.hpp"
#include "scenes/preset.hpp"
#include "scenes/registry.hpp"
#include "tests/app/cli_parse.hpp"
#include "ui/help_panel.hpp"

namespace framelab {
namespace {

namespace fs = std::filesystem;

const fs::path shipped = fs::path(FRAMELAB_SOURCE_DIR) / "assets" / "lessons";

class lesson_folder : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("framelab_lessons_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  // Loads `text` and checks it against its scenes, starting in tank-turret (the app's default).
  std::optional<std::string> refusal(const std::string& text) {
    gui_script script;
    const std::string file = write("check.lesson", text);
    if (auto error = load_gui_script(file, script)) return error;
    const scene_entry& first = *find_scene(default_scene_name);
    return validate_script_scenes(script, first, param_values::defaults(first.create()->parameters()));
  }
  fs::path dir_;
};

// [SECTION] Checked before it plays

TEST_F(lesson_folder, a_bad_set_value_is_refused_with_its_line_and_the_scene) {
  const auto error = refusal("scene carousel\nsay \"hello\"\nset initial_rate=0.5\nset initial_rate=99\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:4: set: initial_rate: must be in [-5, 5]"), std::string::npos) << *error;
  EXPECT_NE(error->find("(scene carousel)"), std::string::npos) << *error;
}

TEST_F(lesson_folder, an_unknown_parameter_is_refused_listing_the_valid_names_of_the_scene_at_that_line) {
  // `drive_speed` is tank-turret's; after `scene carousel` it is unknown.
  EXPECT_FALSE(refusal("set drive_speed=2\n"));
  const auto error = refusal("set drive_speed=2\nscene carousel\nset drive_speed=2\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:3: set: drive_speed: unknown parameter"), std::string::npos) << *error;
  for (const auto& def : find_scene("carousel")->create()->parameters()) {
    EXPECT_NE(error->find(def.name), std::string::npos) << def.name << " is not listed in: " << *error;
  }
}

TEST_F(lesson_folder, an_unknown_scene_or_a_broken_preset_is_refused_listing_the_scenes) {
  auto error = refusal("say hi\nscene carusel\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:2: scene: unknown scene 'carusel'"), std::string::npos) << *error;
  for (const auto& entry : registered_scenes()) EXPECT_NE(error->find(entry.info.name), std::string::npos);
  // A preset beside the lesson is found there and checked (here: one that names no scene).
  write("broken.json", R"({"scene": "carousel", "parameters": {"radius": -1}})");
  error = refusal("scene broken.json\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:1: "), std::string::npos) << *error;
  EXPECT_NE(error->find("radius"), std::string::npos) << *error;
  write("fine.json", R"({"scene": "carousel", "parameters": {"radius": 6}})");
  EXPECT_FALSE(refusal("scene fine.json\nset radius=7\n"));
}

// A value valid on its own but not with the others (the scene's own check) is refused too.
TEST_F(lesson_folder, a_set_the_scene_itself_refuses_is_found_before_it_plays) {
  const auto error = refusal("scene carousel\nset radius=1\n");  // the puck starts 3 m out
  ASSERT_TRUE(error);
  EXPECT_NE(error->find(":2: set: puck_position"), std::string::npos) << *error;
  EXPECT_FALSE(refusal("scene carousel\nset puck_position=-0.5,0\nset radius=1\n"));
}

// A typo in a `plot` or `camera` line is found before the lesson plays, not in the middle
// of the lecture; each name is checked against the scene running at its line, so a name
// that only a later `scene` line makes valid is refused where it is used too early.
TEST_F(lesson_folder, plot_channels_and_camera_nodes_are_checked_against_the_scene_at_their_line) {
  auto error = refusal("scene carousel\nsay hi\nplot puck_speedd\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:3: plot: no channel 'puck_speedd' in scene carousel"), std::string::npos) << *error;
  for (const auto& channel : find_scene("carousel")->create()->channels())
    EXPECT_NE(error->find(channel.name), std::string::npos) << channel.name << " is not listed";
  const std::string channel = find_scene("carousel")->create()->channels().front().name;
  EXPECT_FALSE(refusal("scene carousel\nplot " + channel + "\nplot off\n"));
  // the same channel before `scene carousel` (the app starts in tank-turret): refused there
  error = refusal("plot " + channel + "\nscene carousel\nplot " + channel + "\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:1: plot: no channel '" + channel + "' in scene tank-turret"), std::string::npos)
      << *error;

  // camera follow|ride NODE: a node of that scene, as its parameters then build it
  auto carousel = find_scene("carousel")->create();
  carousel->reset(param_values::defaults(carousel->parameters()));
  const std::string node = carousel->view().nodes.back().name;
  EXPECT_FALSE(refusal("scene carousel\ncamera follow " + node + "\ncamera ride " + node + "\ncamera frame\n"));
  error = refusal("scene carousel\ncamera distance 20\ncamera follow pukc\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:3: camera follow: no node 'pukc' in scene carousel (nodes: "), std::string::npos)
      << *error;
  EXPECT_NE(error->find(node), std::string::npos) << *error;
  error = refusal("camera ride " + node + "\nscene carousel\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:1: camera ride: no node"), std::string::npos) << *error;
}

// Predict, then reveal: `hide`/`show` of trails, bodies and arrows by kind, checked when
// the script loads like every other command.
TEST_F(lesson_folder, hide_and_show_of_the_stage_are_checked_when_the_script_loads) {
  EXPECT_FALSE(refusal("scene carousel\nhide trails\nhide arrows\nshow arrows coriolis centrifugal\nhide bodies\n"
                       "show bodies\nshow trails\nhide plots\nshow arrows\n"));
  auto error = refusal("say hi\nhide arrows coriolis coriolsi\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:2: hide: arrows: unknown kind 'coriolsi' (velocity, acceleration"),
            std::string::npos)
      << *error;
  error = refusal("show trials\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:1: show: no panel 'trials'"), std::string::npos) << *error;
  EXPECT_NE(error->find("trails, arrows [KIND...] or bodies"), std::string::npos) << *error;
  error = refusal("hide trails now\n");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("check.lesson:1: hide: 'trails' takes nothing more"), std::string::npos) << *error;
}

TEST_F(lesson_folder, every_shipped_lesson_passes_the_check) {
  for (const auto& file : find_lessons(shipped)) {
    gui_script script;
    ASSERT_FALSE(load_gui_script(file, script)) << file;
    const scene_entry& first = *find_scene(default_scene_name);
    const auto error = validate_script_scenes(script, first, param_values::defaults(first.create()->parameters()));
    EXPECT_FALSE(error) << *error;
  }
}

// [SECTION] Pauses

// What playing a lesson against a real simulation gave: what the pauses printed, and the
// frames the script took to finish.
struct played {
  std::string notices;
  int frames = 0;
  bool finished = false;
};

// Plays the lesson frame by frame until it ends or `max_frames` have passed (a test that it
// never ends gives a few times the frames it needs).
played play(const std::string& file, long long continue_after_frames, int max_frames = 10000) {
  gui_script script;
  EXPECT_FALSE(load_gui_script(file, script));
  std::ostringstream notices;
  simulation sim;
  ui::ui_state state;
  state.sim = &sim;
  script_player player(std::move(script), pause_behaviour{&notices, continue_after_frames});
  played result;
  for (; result.frames < max_frames && !player.finished(); ++result.frames) {
    EXPECT_FALSE(player.before_frame(state));
    if (sim.loaded()) sim.advance(1.0 / 60.0);
  }
  result.finished = player.finished();
  result.notices = notices.str();
  return result;
}

TEST_F(lesson_folder, a_pause_says_where_it_stopped_and_continue_after_ends_it_by_itself) {
  const std::string file = write("two_pauses.lesson", "scene carousel\nsay one\npause\nwait 10\nsay two\npause\n");
  const played unattended = play(file, 30);
  EXPECT_TRUE(unattended.finished);
  EXPECT_EQ(unattended.notices,
            "paused at " + file + ":3 (Space or Next continues)\npaused at " + file + ":6 (Space or Next continues)\n");
  // Two pauses of 30 frames and a wait of 10: the frames counted, not a guess.
  EXPECT_GE(unattended.frames, 2 * 30 + 10);
  EXPECT_LE(unattended.frames, 2 * 30 + 10 + 4);

  // Nobody presses Space: it stays at the first pause, for 4x the frames the unattended run took.
  const played attended = play(file, 0, 4 * unattended.frames);
  EXPECT_FALSE(attended.finished);
  EXPECT_EQ(attended.notices, "paused at " + file + ":3 (Space or Next continues)\n");
}

TEST_F(lesson_folder, played_unattended_the_last_caption_stays_as_long_as_a_pause) {
  const std::string ends_on_caption = write("last.lesson", "scene carousel\nsay \"the last words\"\n");
  const played unattended = play(ends_on_caption, 30);
  EXPECT_TRUE(unattended.finished);
  EXPECT_GE(unattended.frames, 30);
  EXPECT_LE(unattended.frames, 32);
  EXPECT_LE(play(ends_on_caption, 0).frames, 2) << "attended (or a test script), the end is the end";
  const played silent = play(write("silent.lesson", "scene carousel\nsay \"x\"\nsay\n"), 30);
  EXPECT_LE(silent.frames, 2) << "no caption left on screen: nothing to hold";
}

// [SECTION] The command line: --help lists the script commands, --continue-after

TEST_F(lesson_folder, help_lists_every_command_the_script_loader_accepts) {
  const auto help = cli_test::parse({"--help"});
  EXPECT_EQ(help.request.exit_code, 0);
  // The ones the issue found missing, and every one the loader knows (a line with a command
  // it does not know is refused as "unknown command").
  for (const char* name : {"set", "present", "say", "pause", "record", "scene", "wait", "shot", "quit"}) {
    EXPECT_NE(help.out.find(std::string(name) + " "), std::string::npos) << name << " missing from --help";
  }
  for (const auto& command : script_commands) {
    gui_script script;
    const auto error = load_gui_script(write("one.lesson", std::string(command.name) + "\n"), script);
    EXPECT_TRUE(!error || error->find("unknown command") == std::string::npos) << *error;
    EXPECT_NE(help.out.find(command.usage), std::string::npos) << command.usage;
  }
  gui_script script;
  const auto unknown = load_gui_script(write("one.lesson", "camra 3\n"), script);
  ASSERT_TRUE(unknown);
  EXPECT_NE(unknown->find("unknown command 'camra'"), std::string::npos) << *unknown;
}

TEST(continue_after, needs_a_script_and_a_positive_number_of_seconds) {
  const auto ok = cli_test::parse({"--script", "x.lesson", "--continue-after", "2.5"});
  EXPECT_EQ(ok.request.kind, command_kind::gui);
  EXPECT_EQ(ok.request.gui.continue_after_s, 2.5);
  for (const auto& args : std::vector<std::vector<std::string>>{{"--continue-after", "2"},
                                                                {"--script", "x", "--continue-after", "-1"},
                                                                {"--script", "x", "--continue-after", "nan"},
                                                                {"--script", "x", "--continue-after", "1e9"}}) {
    const auto refused = cli_test::parse(args);
    EXPECT_EQ(refused.request.exit_code, 2) << args.back();
    EXPECT_NE(refused.err.find("--continue-after"), std::string::npos) << refused.err;
  }
}

// [SECTION] The user's own lessons

TEST_F(lesson_folder, lessons_in_the_users_data_folder_are_listed_after_the_shipped_ones) {
  const char* saved = std::getenv("XDG_DATA_HOME");
  const std::string saved_value = saved != nullptr ? saved : "";
  ::setenv("XDG_DATA_HOME", dir_.c_str(), 1);
  fs::create_directories(dir_ / "framelab" / "lessons");
  std::ofstream(dir_ / "framelab" / "lessons" / "my-own-frames.lesson") << "say mine\n";
  std::ofstream(dir_ / "framelab" / "lessons" / "notes.txt") << "not a lesson\n";

  ASSERT_TRUE(user_lessons_directory());
  EXPECT_EQ(*user_lessons_directory(), dir_ / "framelab" / "lessons");
  const std::vector<std::string> all = find_all_lessons();
  const std::vector<std::string> builtin = find_lessons(shipped);
  ASSERT_EQ(all.size(), builtin.size() + 1);
  EXPECT_TRUE(std::equal(builtin.begin(), builtin.end(), all.begin()));
  EXPECT_EQ(all.back(), (dir_ / "framelab" / "lessons" / "my-own-frames.lesson").string());

  ::setenv("XDG_DATA_HOME", "relative/dir", 1);  // the XDG rule: only absolute paths count
  const char* home = std::getenv("HOME");
  if (home != nullptr && home[0] == '/') {
    EXPECT_EQ(*user_lessons_directory(), fs::path(home) / ".local/share/framelab/lessons");
  }
  if (saved != nullptr) {
    ::setenv("XDG_DATA_HOME", saved_value.c_str(), 1);
  } else {
    ::unsetenv("XDG_DATA_HOME");
  }
}

// [SECTION] A view-only set keeps the scene running

TEST(view_only_set, ride_platform_keeps_t_and_the_puck_while_a_physical_set_restarts) {
  simulation sim;
  ui::ui_state state;
  state.sim = &sim;
  ASSERT_TRUE(ui::open_scene(state, "carousel"));
  for (int i = 0; i < 120; ++i) sim.advance(1.0 / 60.0);
  const double t = sim.time();
  const std::vector<double> channels = sim.channel_values();
  ASSERT_GT(t, 0.5);
  ASSERT_FALSE(ui::set_scene_parameter(state, "ride_platform=true"));
  EXPECT_EQ(sim.time(), t) << "a view-only setting restarted the simulation";
  EXPECT_EQ(sim.channel_values(), channels);
  EXPECT_TRUE(dynamic_cast<const carousel&>(sim.current()).ride_platform()) << "the scene did not get the setting";
  EXPECT_TRUE(sim.parameters().boolean("ride_platform"));  // a reset or a saved preset keeps it
  sim.reset();
  EXPECT_TRUE(dynamic_cast<const carousel&>(sim.current()).ride_platform());

  for (int i = 0; i < 60; ++i) sim.advance(1.0 / 60.0);
  ASSERT_FALSE(ui::set_scene_parameter(state, "ride_platform=false"));
  EXPECT_GT(sim.time(), 0.5);
  ASSERT_FALSE(ui::set_scene_parameter(state, "mass=2"));
  EXPECT_EQ(sim.time(), 0.0) << "a physical parameter restarts the scene";
}

// [SECTION] Which frame a vector is measured in, said where the lecturer reads it (the tooltip)

TEST(parameter_frames, every_vector_parameter_names_its_frame_and_unit) {
  std::size_t vectors = 0;
  for (const auto& entry : registered_scenes()) {
    for (const auto& def : entry.create()->parameters()) {
      if (def.kind != param_kind::vector) continue;
      ++vectors;
      const std::string where = entry.info.name + "." + def.name + ": " + def.description;
      EXPECT_NE(def.description.find(" frame"), std::string::npos) << where;
      EXPECT_FALSE(def.unit.empty()) << where;
      EXPECT_NE(def.description.find(def.unit), std::string::npos) << where << " (unit " << def.unit << ")";
    }
  }
  EXPECT_GE(vectors, 7u);
}

// [SECTION] Every key a shipped lesson names is in the F1 help

// The keys a caption names: "(L)", "press Tab", "Space".
std::vector<std::string> keys_named_in(const std::string& file) {
  std::ifstream in(file);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  static const std::regex key(R"(\(([A-Z]|F[0-9]+|Space|Tab|Esc)\)|[Pp]ress ([A-Z][A-Za-z0-9]*)|\b(Space|Tab|Esc)\b)");
  std::vector<std::string> keys;
  for (std::sregex_iterator it(text.begin(), text.end(), key), end; it != end; ++it) {
    for (int group = 1; group <= 3; ++group) {
      if ((*it)[group].matched) keys.push_back((*it)[group].str());
    }
  }
  return keys;
}

TEST(help_keys, every_key_a_shipped_lesson_names_is_in_the_f1_help) {
  const std::vector<ui::help_row> rows = ui::help_rows();
  const auto listed = [&](const std::string& key) {
    return std::any_of(rows.begin(), rows.end(), [&](const ui::help_row& row) {
      return row.keys == key || row.keys.rfind(key + " ", 0) == 0;  // "Space (in a lesson)"
    });
  };
  std::size_t named = 0;
  for (const auto& file : find_lessons(shipped)) {
    for (const auto& key : keys_named_in(file)) {
      ++named;
      EXPECT_TRUE(listed(key)) << file << " names the key " << key << ", which the F1 help does not list";
    }
  }
  EXPECT_GE(named, 3u) << "the lessons name L, Tab and Space";
  EXPECT_TRUE(listed("L"));
}

// [SECTION] Frame pacing (app/frame_pacing.hpp), on a clock the test keeps

TEST(frame_pacing, frames_that_end_early_sleep_to_the_display_rate_without_drift) {
  EXPECT_EQ(pacing_rate_hz(0), 60);  // SDL could not tell
  EXPECT_EQ(pacing_rate_hz(144), 144);
  EXPECT_EQ(pacing_rate_hz(1), 60);
  frame_pacer pacer(pacing_rate_hz(60));
  double now = 0.0;
  double last_start = -1.0;
  constexpr int frames = 600;
  for (int i = 0; i < frames; ++i) {
    const double start = now;
    if (i >= 2) {  // the first frame sets the schedule; a sleep 0.4 ms long is made up by the next
      EXPECT_GE(start - last_start, 1.0 / 60.0 - 0.0004 - 1e-9) << "frame " << i << " came early";
    }
    last_start = start;
    now += 0.003;  // the frame's work: 3 ms, then swap returns at once (no vsync)
    now += pacer.sleep_after_frame(now) + (i % 3 == 0 ? 0.0004 : 0.0);  // the OS sleeps a little long now and then
  }
  // 600 frames at 60 Hz take 10 s: oversleeping does not slow the rate down.
  EXPECT_NEAR(now, frames / 60.0, 2.0 / 60.0);
}

TEST(frame_pacing, slow_frames_and_vsync_held_frames_do_not_sleep) {
  frame_pacer pacer(60);
  double now = 0.0;
  pacer.sleep_after_frame(now);
  double slept = 0.0;
  for (int i = 0; i < 100; ++i) {
    now += 0.025;  // 40 fps: slower than the display
    slept += pacer.sleep_after_frame(now);
  }
  EXPECT_EQ(slept, 0.0);
  for (int i = 0; i < 100; ++i) {
    now += 1.0 / 60.0;  // vsync holds each swap to the period
    slept += pacer.sleep_after_frame(now);
  }
  EXPECT_LT(slept, 1e-9);
  now += 5.0;  // the window waited for input: no burst of catch-up frames after
  EXPECT_EQ(pacer.sleep_after_frame(now), 0.0);
  now += 0.001;
  EXPECT_NEAR(pacer.sleep_after_frame(now), 1.0 / 60.0 - 0.001, 1e-12);
}

TEST(frame_pacing, the_window_waits_for_input_only_when_nothing_moves_and_after_it_settled) {
  EXPECT_FALSE(needs_continuous_frames({}));
  for (int which = 0; which < 6; ++which) {
    frame_demand demand;
    bool* flags[] = {&demand.simulation_running, &demand.benchmark_running, &demand.recording,
                     &demand.camera_gliding,     &demand.lesson_counting,   &demand.script_running};
    *flags[which] = true;
    EXPECT_TRUE(needs_continuous_frames(demand)) << which;
  }
  idle_tracker idle;
  EXPECT_FALSE(idle.may_wait_for_input());
  idle.frame_drawn(true);  // input
  for (int i = 0; i < settle_frames; ++i) {
    EXPECT_FALSE(idle.may_wait_for_input()) << "ImGui has not settled after " << i << " quiet frames";
    idle.frame_drawn(false);
  }
  EXPECT_TRUE(idle.may_wait_for_input());
  idle.frame_drawn(true);
  EXPECT_FALSE(idle.may_wait_for_input());
}

}  // namespace
}  // namespace framelab
