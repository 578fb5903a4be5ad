// `framelab sim`: the CSV it writes, and nothing written on error.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/sim_command.hpp"

#include <algorithm>

namespace framelab {
namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

sim_options tank(long long steps) {
  sim_options options;
  options.scene = "tank-turret";
  options.steps = steps;
  options.dt = 0.01;
  return options;
}

TEST(sim_command, writes_a_header_and_a_row_per_k_steps) {
  std::ostringstream out, err;
  ASSERT_EQ(run_sim(tank(10), out, err), 0) << err.str();
  const auto rows = lines(out.str());
  ASSERT_EQ(rows.size(), 12u);  // header + t = 0 + ten steps
  EXPECT_EQ(rows[0].rfind("t,hull_x,hull_z,", 0), 0u) << rows[0];
  EXPECT_EQ(rows[1].rfind("0,", 0), 0u);
  EXPECT_EQ(rows[11].rfind("0.1", 0), 0u) << rows[11];
  sim_options every = tank(10);
  every.every = 5;
  std::ostringstream out5;
  ASSERT_EQ(run_sim(every, out5, err), 0);
  EXPECT_EQ(lines(out5.str()).size(), 4u);  // header, t = 0, 0.05, 0.1
}

// --units: a second header row, one unit per column, read from the channels themselves.
TEST(sim_command, units_adds_a_row_of_each_columns_unit) {
  sim_options options = tank(2);
  options.units = true;
  std::ostringstream out, err;
  ASSERT_EQ(run_sim(options, out, err), 0) << err.str();
  const auto rows = lines(out.str());
  ASSERT_EQ(rows.size(), 5u);  // two header rows + t = 0 + two steps
  std::string expected = "s";
  for (const auto& channel : find_scene("tank-turret")->create()->channels()) expected += "," + channel.unit;
  EXPECT_EQ(rows[1], expected);
  EXPECT_EQ(rows[1].rfind("s,m,m,", 0), 0u) << rows[1];  // t, hull_x, hull_z
  EXPECT_EQ(std::count(rows[0].begin(), rows[0].end(), ','), std::count(rows[1].begin(), rows[1].end(), ','));
  std::ostringstream plain;
  ASSERT_EQ(run_sim(tank(2), plain, err), 0);
  EXPECT_EQ(lines(plain.str()).size(), 4u);  // without it, one header row as before
}

// The model's time is step x dt, as the CSV's t column: a scene file's channel that reads
// t prints exactly the t beside it (600 steps of 1/120 s: 5, not 5.000000000000038).
TEST(sim_command, a_scene_files_t_is_the_csvs_t) {
  const auto file = std::filesystem::temp_directory_path() / "framelab_model_t.json";
  std::ofstream(file) << R"({ "particles": [ { "name": "p" } ],
    "channels": [ { "name": "model_t", "unit": "s", "expression": "t" } ] })";
  sim_options options;
  options.scene = file.string();
  options.steps = 600;
  options.every = 60;
  options.dt = 1.0 / 120.0;
  std::ostringstream out, err;
  ASSERT_EQ(run_sim(options, out, err), 0) << err.str();
  std::filesystem::remove(file);
  const auto rows = lines(out.str());
  ASSERT_EQ(rows.size(), 12u);
  ASSERT_EQ(rows[0].rfind("t,model_t,", 0), 0u) << rows[0];
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::string t = rows[r].substr(0, rows[r].find(','));
    const std::string rest = rows[r].substr(t.size() + 1);
    EXPECT_EQ(rest.substr(0, rest.find(',')), t) << rows[r];  // the same shortest text: the same double
  }
  EXPECT_EQ(rows.back().rfind("5,5,", 0), 0u) << rows.back();
}

TEST(sim_command, same_inputs_give_bit_identical_output) {
  std::ostringstream a, b, err;
  run_sim(tank(500), a, err);
  run_sim(tank(500), b, err);
  EXPECT_EQ(a.str(), b.str());
}

TEST(sim_command, set_changes_the_run_and_bad_sets_exit_two) {
  std::ostringstream plain, changed, err;
  run_sim(tank(5), plain, err);
  sim_options options = tank(5);
  options.sets = {"drive_speed=6"};
  ASSERT_EQ(run_sim(options, changed, err), 0);
  EXPECT_NE(plain.str(), changed.str());
  for (const std::string bad : {"drive_speed=nan", "drive_speed=1,2", "wheels=6", "drive_speed", "=3"}) {
    options.sets = {bad};
    std::ostringstream out, bad_err;
    EXPECT_EQ(run_sim(options, out, bad_err), 2) << bad;
    EXPECT_TRUE(out.str().empty()) << bad;
    EXPECT_NE(bad_err.str().find("--set"), std::string::npos) << bad_err.str();
  }
}

TEST(sim_command, a_typed_field_runs_and_a_bad_expression_is_refused_naming_the_parameter) {
  sim_options options;
  options.scene = "vector-field";
  options.steps = 20;
  options.sets = {"field=expression", "vx=y", "vy=0.5*(1 - x^2)*y - x"};
  std::ostringstream out, err;
  ASSERT_EQ(run_sim(options, out, err), 0) << err.str();
  EXPECT_EQ(lines(out.str()).size(), 22u);  // header, t = 0 and 20 steps
  options.sets = {"field=expression", "vy=0.5*(1 - x^2)*y - sn(x)"};
  std::ostringstream bad_out, bad_err;
  EXPECT_EQ(run_sim(options, bad_out, bad_err), 2);
  EXPECT_TRUE(bad_out.str().empty());
  EXPECT_EQ(bad_err.str(), "framelab: error: --set vy: col 19: unknown function 'sn'\n");
}

TEST(sim_command, writes_files_whole_or_not_at_all) {
  const auto dir = std::filesystem::temp_directory_path() / ("framelab_sim_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  sim_options options = tank(3);
  options.csv = (dir / "out.csv").string();
  std::ostringstream out, err;
  ASSERT_EQ(run_sim(options, out, err), 0) << err.str();
  std::ifstream in(options.csv);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(lines(text.str()).size(), 5u);
  EXPECT_TRUE(out.str().empty());

  options.csv = (dir / "missing" / "out.csv").string();
  EXPECT_EQ(run_sim(options, out, err), 2);
  options = tank(3);
  options.scene = "nope";
  options.csv = (dir / "never.csv").string();
  EXPECT_EQ(run_sim(options, out, err), 2);
  EXPECT_FALSE(std::filesystem::exists(options.csv));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace framelab
