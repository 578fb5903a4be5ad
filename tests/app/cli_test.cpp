// Command-line parsing: every subcommand, and every kind of bad argument exits with
// code 2 and one line naming it.
#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "app/world_files.hpp"
#include "scenes/world/world_loader.hpp"
#include "tests/app/cli_parse.hpp"

namespace framelab {
namespace {

using cli_test::parse;
using cli_test::parsed;

// Each command line exits with code 2, prints nothing to stdout and one line to stderr
// that contains the expected text (the argument it names).
void expect_each_exits_two_naming(const std::vector<std::pair<std::vector<std::string>, std::string>>& cases) {
  for (const auto& [args, expected] : cases) {
    const auto p = parse(args);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_EQ(p.request.kind, command_kind::exit) << joined;
    EXPECT_EQ(p.request.exit_code, 2) << joined;
    EXPECT_NE(p.err.find(expected), std::string::npos) << joined << "-> " << p.err;
    EXPECT_EQ(std::count(p.err.begin(), p.err.end(), '\n'), 1) << joined << "-> " << p.err;
    EXPECT_TRUE(p.out.empty()) << joined;
  }
}

TEST(cli, no_arguments_open_the_gui_on_the_default_scene) {
  const auto p = parse({});
  EXPECT_EQ(p.request.kind, command_kind::gui);
  EXPECT_EQ(p.request.gui.scene, "tank-turret");
  EXPECT_EQ(parse({"--scene", "carousel"}).request.gui.scene, "carousel");
}

TEST(cli, the_gui_takes_a_script_and_a_window_size) {
  const auto p = parse({"--scene", "crash", "--script", "demo.script", "--size", "800x500"});
  ASSERT_EQ(p.request.kind, command_kind::gui) << p.err;
  EXPECT_EQ(p.request.gui.script, "demo.script");
  EXPECT_EQ(p.request.gui.width, 800);
  EXPECT_EQ(p.request.gui.height, 500);
  for (const char* bad : {"0x0", "10x10", "800", "800x", "x500", "800x500x2", "nanxnan", " 800x500", "800x 500",
                          "800x\n500", "+800x500", "800x-500", "99999999999x500"}) {
    const auto refused = parse({"--size", bad});
    EXPECT_EQ(refused.request.kind, command_kind::exit) << bad;
    EXPECT_EQ(refused.request.exit_code, 2) << bad;
    EXPECT_NE(refused.err.find("--size"), std::string::npos) << refused.err;
  }
}

TEST(cli, sim_takes_every_option) {
  const auto p = parse({"sim", "--scene", "tank-turret", "--set", "drive_speed=2", "--set", "drive_radius=5", "--dt",
                        "0.01", "--steps", "100", "--every", "10", "--csv", "out.csv"});
  ASSERT_EQ(p.request.kind, command_kind::sim) << p.err;
  EXPECT_EQ(p.request.sim.scene, "tank-turret");
  EXPECT_EQ(p.request.sim.sets, (std::vector<std::string>{"drive_speed=2", "drive_radius=5"}));
  EXPECT_EQ(p.request.sim.dt, 0.01);
  EXPECT_EQ(p.request.sim.steps, 100);
  EXPECT_EQ(p.request.sim.every, 10);
  EXPECT_EQ(p.request.sim.csv, "out.csv");
}

TEST(cli, shot_takes_size_frames_and_out) {
  const auto p = parse({"shot", "--scene", "tank-turret", "--frames", "5", "--size", "800x600", "--out", "x.png"});
  ASSERT_EQ(p.request.kind, command_kind::shot) << p.err;
  EXPECT_EQ(p.request.shot.width, 800);
  EXPECT_EQ(p.request.shot.height, 600);
  EXPECT_EQ(p.request.shot.frames, 5);
  EXPECT_EQ(p.request.shot.out, "x.png");
  EXPECT_FALSE(p.request.shot.draw_hidden);  // a large ball batch's hidden balls are culled
  EXPECT_TRUE(parse({"shot", "--scene", "collisions", "--out", "x.png", "--draw-hidden"}).request.shot.draw_hidden);
  EXPECT_FALSE(p.request.shot.real_time);  // 1/60 s a frame, whatever the machine's speed
  EXPECT_TRUE(parse({"shot", "--scene", "collisions", "--out", "x.png", "--real-time"}).request.shot.real_time);
  EXPECT_FALSE(p.request.shot.present);  // the window with its panels
  EXPECT_TRUE(parse({"shot", "--scene", "collisions", "--out", "x.png", "--present"}).request.shot.present);
}

TEST(cli, record_takes_seconds_fps_size_and_out) {
  const auto p = parse({"record", "--scene", "carousel", "--set", "speed=2", "--seconds", "2.5", "--fps", "24",
                        "--size", "640x360", "--out", "demo.mp4"});
  ASSERT_EQ(p.request.kind, command_kind::record) << p.err;
  EXPECT_EQ(p.request.record.scene, "carousel");
  EXPECT_EQ(p.request.record.sets, std::vector<std::string>{"speed=2"});
  EXPECT_EQ(p.request.record.seconds, 2.5);
  EXPECT_EQ(p.request.record.fps, 24);
  EXPECT_EQ(p.request.record.frames(), 60);
  EXPECT_EQ(p.request.record.width, 640);
  EXPECT_EQ(p.request.record.height, 360);
  EXPECT_EQ(p.request.record.out, "demo.mp4");

  const auto defaults = parse({"record", "--scene", "carousel", "--out", "demo.gif"});
  ASSERT_EQ(defaults.request.kind, command_kind::record) << defaults.err;
  EXPECT_EQ(defaults.request.record.frames(), 300);  // 10 s at 30 fps
  EXPECT_EQ(defaults.request.record.width, 1280);
  EXPECT_EQ(defaults.request.record.height, 720);
  // An odd size is fine for a GIF or a folder of PNGs.
  EXPECT_EQ(parse({"record", "--scene", "carousel", "--size", "321x241", "--out", "frames/"}).request.kind,
            command_kind::record);
  EXPECT_EQ(parse({"record", "--scene", "carousel", "--seconds", "0.01", "--out", "a.gif"}).request.record.frames(), 1);
}

TEST(cli, bad_record_arguments_exit_two_with_one_line_naming_them) {
  const std::vector<std::string> base{"record", "--scene", "carousel"};
  const auto with = [&](std::vector<std::string> more) {
    std::vector<std::string> args = base;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  expect_each_exits_two_naming({
      {with({}), "--out"},
      {{"record", "--out", "x.mp4"}, "--scene"},
      {with({"--out", "x.mp4", "--seconds", "0"}), "--seconds"},
      {with({"--out", "x.mp4", "--seconds", "-1"}), "--seconds"},
      {with({"--out", "x.mp4", "--seconds", "601"}), "--seconds"},
      {with({"--out", "x.mp4", "--seconds", "nan"}), "--seconds"},
      {with({"--out", "x.mp4", "--seconds", "inf"}), "--seconds"},
      {with({"--out", "x.mp4", "--fps", "0"}), "--fps"},
      {with({"--out", "x.mp4", "--fps", "121"}), "--fps"},
      {with({"--out", "x.mp4", "--fps", "2.5"}), "--fps"},
      {with({"--out", "x.gif", "--fps", "51"}), "--fps: a GIF plays at most 50 fps"},
      {with({"--out", "x.mp4", "--size", "800"}), "--size"},
      {with({"--out", "x.mp4", "--size", "10x10"}), "--size"},
      {with({"--out", "x.mp4", "--size", "321x240"}), "--size: H.264 (.mp4) needs an even width and height"},
      {with({"--out", "x.avi"}), "--out: x.avi: unknown extension '.avi'; use .mp4, .gif, .webm, or a folder"},
      {with({"--out", "demo"}), "--out: demo: no extension"},
      {with({"--out", ""}), "--out"},
  });
}

TEST(cli, gui_shot_and_record_take_an_interface_size_from_100_to_300_percent) {
  EXPECT_EQ(parse({"--ui-scale", "200"}).request.gui.ui_scale_percent, 200);
  EXPECT_EQ(parse({"shot", "--scene", "carousel", "--out", "x.png", "--ui-scale", "300"}).request.shot.ui_scale_percent,
            300);
  EXPECT_EQ(
      parse({"record", "--scene", "carousel", "--out", "x.gif", "--ui-scale", "100"}).request.record.ui_scale_percent,
      100);
  EXPECT_EQ(parse({}).request.gui.ui_scale_percent, 0) << "not given: the saved size";
  expect_each_exits_two_naming({
      {{"--ui-scale", "99"}, "--ui-scale: expected a whole number of percent from 100 to 300, got '99'"},
      {{"--ui-scale", "301"}, "--ui-scale: expected a whole number of percent from 100 to 300, got '301'"},
      {{"--ui-scale", "-200"}, "--ui-scale"},
      {{"--ui-scale", "150%"}, "--ui-scale"},
      {{"--ui-scale", "2.5"}, "--ui-scale"},
      {{"shot", "--scene", "carousel", "--out", "x.png", "--ui-scale", "0"}, "--ui-scale"},
      {{"record", "--scene", "carousel", "--out", "x.gif", "--ui-scale", "1000"}, "--ui-scale"},
  });
  EXPECT_NE(parse({"--help"}).out.find("--ui-scale"), std::string::npos);
}

TEST(cli, help_and_version_exit_zero) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--help"}, {"--version"}, {"sim", "--help"}, {"shot", "--help"}, {"record", "--help"}, {"list-scenes", "--help"}}) {
    const auto p = parse(args);
    EXPECT_EQ(p.request.kind, command_kind::exit);
    EXPECT_EQ(p.request.exit_code, 0) << args[0];
    EXPECT_FALSE(p.out.empty()) << args[0];
  }
  EXPECT_NE(parse({"--version"}).out.find("framelab"), std::string::npos);
}

// Each bad command line: exit code 2, exactly one line on stderr naming `expected`.
TEST(cli, bad_arguments_exit_two_with_one_line_naming_them) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--frobnicate"}, "--frobnicate"},
      {{"sim"}, "--scene"},
      {{"sim", "--scene"}, "--scene"},
      {{"sim", "--scene", "tank-turret", "--dt", "0"}, "--dt"},
      {{"sim", "--scene", "tank-turret", "--dt", "-1"}, "--dt"},
      {{"sim", "--scene", "tank-turret", "--dt", "nan"}, "--dt"},
      {{"sim", "--scene", "tank-turret", "--dt", "inf"}, "--dt"},
      {{"sim", "--scene", "tank-turret", "--dt", "fast"}, "--dt"},
      {{"sim", "--scene", "tank-turret", "--steps", "1e99"}, "--steps"},
      {{"sim", "--scene", "tank-turret", "--steps", "-3"}, "--steps"},
      {{"sim", "--scene", "tank-turret", "--every", "0"}, "--every"},
      {{"shot", "--scene", "tank-turret", "--out", "x.png", "--size", "0x0"}, "--size"},
      {{"shot", "--scene", "tank-turret", "--out", "x.png", "--size", "800"}, "--size"},
      {{"shot", "--scene", "tank-turret", "--out", "x.png", "--frames", "0"}, "--frames"},
      {{"shot", "--scene", "tank-turret"}, "--out"},
      {{"sim", "shot"}, "--scene"},
      // the window's own options before a subcommand: said, not ignored
      {{"--present", "shot", "--scene", "tank-turret", "--out", "x.png"}, "--present"},
      {{"--size", "800x600", "shot", "--scene", "tank-turret", "--out", "x.png"}, "--size"},
      {{"--scene", "carousel", "sim", "--scene", "tank-turret"}, "--scene"},
  };
  expect_each_exits_two_naming(cases);
}

TEST(cli, bench_list_and_bench_with_options) {
  const auto listed = parse({"bench", "--list"});
  ASSERT_EQ(listed.request.kind, command_kind::bench) << listed.err;
  EXPECT_TRUE(listed.request.bench.list);

  const auto p = parse({"bench", "list", "--quick", "--sizes", "100,1e3", "--value-bytes", "8,64", "--orders",
                        "random", "--tests", "traversal", "--json", "out.json", "--csv", "out.csv"});
  ASSERT_EQ(p.request.kind, command_kind::bench) << p.err;
  EXPECT_FALSE(p.request.bench.list);
  EXPECT_EQ(p.request.bench.name, "list");
  EXPECT_EQ(p.request.bench.given,
            (std::map<std::string, std::string>{{"quick", "true"},
                                                {"sizes", "100,1e3"},
                                                {"value-bytes", "8,64"},
                                                {"orders", "random"},
                                                {"tests", "traversal"}}));
  EXPECT_EQ(p.request.bench.json, "out.json");
  EXPECT_EQ(p.request.bench.csv, "out.csv");

  const auto plain = parse({"bench", "list"});
  ASSERT_EQ(plain.request.kind, command_kind::bench) << plain.err;
  EXPECT_TRUE(plain.request.bench.given.empty());
  EXPECT_TRUE(plain.request.bench.json.empty());
}

TEST(cli, bench_help_exits_zero) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"bench", "--help"}, {"bench", "list", "--help"}}) {
    const auto p = parse(args);
    EXPECT_EQ(p.request.kind, command_kind::exit);
    EXPECT_EQ(p.request.exit_code, 0);
  }
  EXPECT_NE(parse({"bench", "--help"}).out.find("--list"), std::string::npos);
  EXPECT_NE(parse({"bench", "list", "--help"}).out.find("--value-bytes"), std::string::npos);
}

TEST(cli, bad_bench_arguments_exit_two_with_one_line_naming_them) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"bench"}, "name a benchmark"},
      {{"bench", "nosuch"}, "no benchmark named 'nosuch'"},
      {{"bench", "list", "--sizes", "12x"}, "--sizes: '12x' is not an integer"},
      {{"bench", "list", "--sizes", "0"}, "--sizes"},
      {{"bench", "list", "--sizes"}, "--sizes"},
      {{"bench", "list", "--orders", "sideways"}, "--orders: 'sideways'"},
      {{"bench", "list", "--value-bytes", "3"}, "--value-bytes: '3'"},
      {{"bench", "list", "--tests", "bogo"}, "--tests"},
      {{"bench", "list", "--sorted-max", "-1"}, "--sorted-max"},
      {{"bench", "list", "--frobnicate"}, "--frobnicate"},
      {{"bench", "list", "--tests", "sorted", "--sizes", "1000000"}, "no case"},
      {{"bench", "list", "--json", "/nonexistent-dir/x.json"}, "--json"},
      {{"bench", "list", "--csv", "/nonexistent-dir/x.csv"}, "--csv"},
  };
  expect_each_exits_two_naming(cases);
}

TEST(cli, size_parser_accepts_only_wxh_in_range) {
  int w = 0, h = 0;
  EXPECT_TRUE(parse_size("1280x720", w, h));
  EXPECT_EQ(w, 1280);
  EXPECT_EQ(h, 720);
  for (const char* bad : {"", "x", "1280x", "x720", "1280x720x3", "12x720", "1280x99999", "ax b", "1280 x720"}) {
    EXPECT_FALSE(parse_size(bad, w, h)) << bad;
  }
}

}  // namespace
}  // namespace framelab

namespace framelab {
namespace {

// list-scenes: the built-in scenes, then every shipped scene file by its path (what
// --scene takes), category and summary, as the file itself says them.
TEST(cli, list_scenes_lists_the_shipped_scene_files_too) {
  const auto files = find_world_files(std::filesystem::path(FRAMELAB_SOURCE_DIR) / "assets" / "worlds");
  ASSERT_GE(files.size(), 5u);
  std::ostringstream out;
  EXPECT_EQ(run_list_scenes(out, files), 0);
  const std::string text = out.str();
  for (const auto& entry : registered_scenes()) EXPECT_NE(text.find(entry.info.name + "\t"), std::string::npos);
  for (const auto& file : files) {
    world_spec spec;
    ASSERT_FALSE(load_world(file, spec)) << file;
    const std::string line = file + "\t" + spec.category + "\t" + (spec.summary.empty() ? spec.title : spec.summary);
    EXPECT_NE(text.find(line + "\n"), std::string::npos) << line;
  }
  EXPECT_LT(text.find(registered_scenes().back().info.name), text.find(files.front()));  // after the built-ins
}

}  // namespace
}  // namespace framelab
