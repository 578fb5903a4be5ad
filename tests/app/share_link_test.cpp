// Share links (app/share_link.hpp) and the page's URL (app/cli.hpp: parse_page_url): a URL
// means what the same command line means; a link made from a running scene opens to the same
// scene, parameters and first CSV rows.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "app/cli.hpp"
#include "app/share_link.hpp"
#include "app/sim_command.hpp"
#include "app/world_files.hpp"
#include "tests/app/cli_parse.hpp"

namespace framelab {
namespace {

void expect_same_gui(const gui_options& a, const gui_options& b) {
  EXPECT_EQ(a.scene, b.scene);
  EXPECT_EQ(a.sets, b.sets);
  EXPECT_EQ(a.present, b.present);
  EXPECT_EQ(a.lesson, b.lesson);
  EXPECT_EQ(a.ui_scale_percent, b.ui_scale_percent);
}

TEST(page_url, means_what_the_same_command_line_means) {
  std::vector<std::string> problems;
  const cli_request url = parse_page_url(
      "?scene=carousel&set=initial_rate=1.5&present=1&ui-scale=200&lesson=carousel-coriolis&set=radius%3D3", problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  const auto line = cli_test::parse({"--scene", "carousel", "--set", "initial_rate=1.5", "--present", "--ui-scale", "200",
                                     "--lesson", "carousel-coriolis", "--set", "radius=3"});
  ASSERT_EQ(line.request.kind, command_kind::gui);
  EXPECT_EQ(url.kind, command_kind::gui);
  expect_same_gui(url.gui, line.request.gui);
  EXPECT_EQ(parse_page_url("?present=0", problems).gui.present, false);
  EXPECT_EQ(parse_page_url("?present", problems).gui.present, true);
  EXPECT_TRUE(problems.empty());
}

TEST(page_url, an_unknown_or_bad_parameter_is_named_and_the_others_apply) {
  std::vector<std::string> problems;
  const cli_request url = parse_page_url("?scene=carousel&colour=red&ui-scale=999&size=10x10&set=initial_rate=1.5", problems);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_NE(problems[0].find("unknown URL parameter 'colour'"), std::string::npos) << problems[0];
  EXPECT_NE(problems[0].find("(known: scene, set, present, lesson"), std::string::npos) << problems[0];
  EXPECT_NE(problems[1].find("ui-scale=999"), std::string::npos) << problems[1];
  EXPECT_NE(problems[2].find("'size'"), std::string::npos) << problems[2];
  EXPECT_EQ(url.gui.scene, "carousel");
  EXPECT_EQ(url.gui.sets, std::vector<std::string>{"initial_rate=1.5"});
  EXPECT_EQ(url.gui.ui_scale_percent, 0);
}

TEST(page_url, query_text_round_trips_through_the_browsers_decoding) {
  const std::vector<std::pair<std::string, std::string>> pairs{
      {"scene", "/link/my file+1.json"}, {"set", "label=a&b #c=100%"}, {"present", "1"}};
  const std::string query = page_url_query(pairs);
  EXPECT_EQ(query.find_first_of(" #+"), std::string::npos) << query;
  EXPECT_EQ(url_query_pairs(query), pairs);
  EXPECT_EQ(page_url_query({{"set", "initial_rate=1.5"}}), "?set=initial_rate=1.5");  // readable as typed
}

std::string first_rows(const std::string& scene, const std::vector<std::string>& sets) {
  sim_options options;
  options.scene = scene;
  options.sets = sets;
  options.steps = 20;
  std::ostringstream out, err;
  EXPECT_EQ(run_sim(options, out, err), 0) << err.str();
  return out.str();
}

// The link's scene and parameters, as the page would open them; a carried file written to `folder`.
gui_options open_link(const share_link& link, const std::filesystem::path& folder) {
  std::vector<std::string> problems;
  gui_options gui = parse_page_url(link.query, problems).gui;
  EXPECT_TRUE(problems.empty()) << problems.front();
  if (!link.file_text.empty()) {
    gui.scene = (folder / link.file_name).string();
    std::ofstream(gui.scene) << link.file_text;
  }
  return gui;
}

TEST(share_link, a_built_in_scene_with_changed_parameters_opens_the_same) {
  simulation sim;
  ASSERT_FALSE(prepare_simulation("carousel", {"initial_rate=1.5", "radius=3.25"}, sim));
  const share_link link = make_share_link(sim, {}, true, 150);
  EXPECT_TRUE(link.file_text.empty());
  const gui_options opened = open_link(link, {});
  EXPECT_EQ(opened.scene, "carousel");
  EXPECT_TRUE(opened.present);
  EXPECT_EQ(opened.ui_scale_percent, 150);
  EXPECT_EQ(first_rows(opened.scene, opened.sets), first_rows("carousel", {"initial_rate=1.5", "radius=3.25"}));
  simulation defaults;
  ASSERT_FALSE(prepare_simulation("carousel", {}, defaults));
  EXPECT_EQ(make_share_link(defaults, {}, false, 100).query, "?scene=carousel");
}

TEST(share_link, a_scene_file_of_ones_own_travels_whole_and_opens_to_the_same_rows) {
  const auto folder = std::filesystem::temp_directory_path() / "framelab_share_link_test";
  std::filesystem::create_directories(folder / "opened");
  const auto own = folder / "opened" / "my-pendulum.json";
  std::filesystem::copy_file(worlds_directory() / "foucault-pendulum.json", own,
                             std::filesystem::copy_options::overwrite_existing);
  simulation sim;
  ASSERT_FALSE(prepare_simulation(own.string(), {"latitude=-33.9"}, sim));
  const share_link link = make_share_link(sim, find_world_files(worlds_directory()), false, 100);
  EXPECT_EQ(link.file_name, "my-pendulum.json");
  ASSERT_FALSE(link.file_text.empty());
  const gui_options opened = open_link(link, folder);
  ASSERT_EQ(opened.sets.size(), 1u);  // the changed parameter only (in a text that reads back exactly)
  EXPECT_TRUE(opened.sets[0].starts_with("latitude=-33.")) << opened.sets[0];
  EXPECT_EQ(first_rows(opened.scene, opened.sets), first_rows(own.string(), {"latitude=-33.9"}));
  std::filesystem::remove_all(folder);
}

TEST(share_link, an_unedited_shipped_file_is_named_by_its_place_in_the_page) {
  const auto shipped = (worlds_directory() / "foucault-pendulum.json").string();
  simulation sim;
  ASSERT_FALSE(prepare_simulation(shipped, {}, sim));
  const share_link link = make_share_link(sim, find_world_files(worlds_directory()), false, 100);
  EXPECT_TRUE(link.file_text.empty());
  EXPECT_EQ(link.query, "?scene=/assets/worlds/foucault-pendulum.json");
}

}  // namespace
}  // namespace framelab
