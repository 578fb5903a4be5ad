// Ratios, the published comparison, the text report, CSV/JSON export (parsed back with
// nlohmann::json and a small CSV reader), and the host note from a fake /proc + /sys.
#include "bench/export.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/host_info.hpp"
#include "bench/report.hpp"

namespace framelab::bench {
namespace {

record make_record(std::string container, std::string size, double ns) {
  record r;
  r.params = {{"container", std::move(container)}, {"test", "walk, fast"}, {"size", std::move(size)}};
  r.ns_per_item = ns;
  r.ns_median = ns * 1.1;
  r.samples = 5;
  r.runs_per_sample = 7;
  r.spread = 0.25;
  r.metrics = {{"bytes_per_element", 24.0}};
  return r;
}

// base: 10 ns at size 100, 40 ns at 1000; ours: 5 and 4 -> ratios 2 and 10; "odd" has no baseline.
std::vector<record> sample_records() {
  return {make_record("base", "100", 10.0), make_record("ours", "100", 5.0), make_record("base", "1000", 40.0),
          make_record("ours", "1000", 4.0), make_record("odd", "5", 1.0)};
}

const comparison compare{.key = "container", .baseline = "base"};

TEST(report, ratios_divide_the_baseline_time_by_the_contender_time) {
  const auto records = sample_records();
  const auto ratios = compute_ratios(records, compare);
  ASSERT_EQ(ratios.size(), records.size());
  EXPECT_TRUE(std::isnan(ratios[0]));  // the baseline itself
  EXPECT_DOUBLE_EQ(ratios[1], 2.0);
  EXPECT_TRUE(std::isnan(ratios[2]));
  EXPECT_DOUBLE_EQ(ratios[3], 10.0);
  EXPECT_TRUE(std::isnan(ratios[4]));  // no baseline with its params
  for (double r : compute_ratios(records, comparison{})) EXPECT_TRUE(std::isnan(r));
}

TEST(report, published_rows_take_the_median_of_matching_cells_above_the_bound) {
  benchmark_info info;
  info.compare = compare;
  info.published = {
      {.label = "all", .match = {{"container", "ours|odd"}}, .ratio = 3.0},
      {.label = "large", .match = {{"container", "ours"}}, .min_param = "size", .min_value = 500, .ratio = 8.0},
      {.label = "none", .match = {{"container", "theirs"}}, .ratio = 1.0}};
  const auto records = sample_records();
  const auto rows = compare_with_published(info, records, compute_ratios(records, compare));
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].cells, 2);
  EXPECT_DOUBLE_EQ(rows[0].ours, 6.0);  // median of 2 and 10
  EXPECT_EQ(rows[1].cells, 1);
  EXPECT_DOUBLE_EQ(rows[1].ours, 10.0);
  EXPECT_EQ(rows[2].cells, 0);
  EXPECT_TRUE(std::isnan(rows[2].ours));
}

TEST(report, text_report_pivots_ratios_and_times_by_the_x_parameter) {
  benchmark_info info;
  info.compare = compare;
  info.plot_x = "size";
  const std::string text = format_report(info, sample_records());
  EXPECT_NE(text.find("time(base) / time(container)"), std::string::npos) << text;
  // The ratio row of ours: 2.00 at 100, 10.0 at 1000.
  EXPECT_NE(text.find("2.00  10.0"), std::string::npos) << text;
  EXPECT_NE(text.find("ns per element"), std::string::npos) << text;
  EXPECT_EQ(distinct_values(sample_records(), "size"), (std::vector<std::string>{"5", "100", "1000"}));
}

// Splits CSV lines into fields, honouring quotes.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string field;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(field);
      field.clear();
    } else if (c == '\n') {
      row.push_back(field);
      field.clear();
      rows.push_back(row);
      row.clear();
    } else {
      field += c;
    }
  }
  return rows;
}

run_report sample_report() {
  run_report report;
  report.benchmark = "demo";
  report.host = "Test CPU, 2 logical CPUs";
  report.options = {{"sizes", "100,1000"}};
  report.compare = compare;
  report.records = sample_records();
  return report;
}

class temp_dir : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("framelab-bench-export-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  static std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  std::filesystem::path dir_;
};

TEST_F(temp_dir, csv_parses_back_to_the_records) {
  const auto path = dir_ / "out.csv";
  ASSERT_FALSE(export_csv(path, sample_report()));
  const auto rows = read_csv(slurp(path));
  ASSERT_EQ(rows.size(), 6u);
  EXPECT_EQ(rows[0], (std::vector<std::string>{"container", "test", "size", "ns_per_element", "ns_median", "samples",
                                               "runs_per_sample", "spread", "ratio", "bytes_per_element"}));
  EXPECT_EQ(rows[2], (std::vector<std::string>{"ours", "walk, fast", "100", "5", "5.5", "5", "7", "0.25", "2", "24"}));
  EXPECT_EQ(rows[1][8], "");  // no ratio for the baseline
  for (const auto& row : rows) EXPECT_EQ(row.size(), rows[0].size());
}

TEST_F(temp_dir, json_parses_back_to_the_records) {
  const auto path = dir_ / "out.json";
  ASSERT_FALSE(export_json(path, sample_report()));
  const auto doc = nlohmann::json::parse(slurp(path));
  EXPECT_EQ(doc["benchmark"], "demo");
  EXPECT_EQ(doc["host"], "Test CPU, 2 logical CPUs");
  EXPECT_EQ(doc["options"]["sizes"], "100,1000");
  ASSERT_EQ(doc["records"].size(), 5u);
  const auto& r = doc["records"][3];
  EXPECT_EQ(r["container"], "ours");
  EXPECT_EQ(r["test"], "walk, fast");
  EXPECT_TRUE(r["size"].is_number_integer());  // numeric params are numbers
  EXPECT_EQ(r["size"], 1000);
  EXPECT_DOUBLE_EQ(r["ns_per_element"].get<double>(), 4.0);
  EXPECT_EQ(r["samples"], 5);
  EXPECT_DOUBLE_EQ(r["ratio"].get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(r["bytes_per_element"].get<double>(), 24.0);
  EXPECT_FALSE(doc["records"][0].contains("ratio"));
}

TEST_F(temp_dir, a_failed_export_names_the_problem_and_keeps_the_old_file) {
  const auto path = dir_ / "keep.csv";
  { std::ofstream(path) << "old"; }
  EXPECT_TRUE(export_csv(dir_ / "missing" / "x.csv", sample_report()).has_value());
  EXPECT_TRUE(export_json(dir_, sample_report()).has_value());  // a directory
  EXPECT_EQ(slurp(path), "old");
  EXPECT_TRUE(check_output_path(dir_ / "missing" / "x.csv").has_value());
  EXPECT_FALSE(check_output_path(path).has_value());
}

TEST_F(temp_dir, host_note_reads_cpuinfo_and_the_cache_tree) {
  std::filesystem::create_directories(dir_ / "proc");
  std::ofstream(dir_ / "proc/cpuinfo") << "processor\t: 0\nmodel name\t: Test CPU 9000\ncpu MHz\t: 1\n\n"
                                          "processor\t: 1\nmodel name\t: Test CPU 9000\n";
  const auto cache = dir_ / "sys/devices/system/cpu/cpu0/cache";
  const std::vector<std::tuple<const char*, const char*, const char*, const char*>> levels{
      {"index0", "1", "Data", "48K"},
      {"index1", "1", "Instruction", "32K"},
      {"index2", "2", "Unified", "2048K"},
      {"index3", "3", "Unified", "266240K"}};
  for (const auto& [index, level, type, size] : levels) {
    std::filesystem::create_directories(cache / index);
    std::ofstream(cache / index / "level") << level << "\n";
    std::ofstream(cache / index / "type") << type << "\n";
    std::ofstream(cache / index / "size") << size << "\n";
  }
  const host_info host = read_host_info(dir_);
  EXPECT_EQ(host.cpu_model, "Test CPU 9000");
  EXPECT_EQ(host.logical_cpus, 2);
  ASSERT_EQ(host.caches.size(), 4u);
  EXPECT_EQ(host_note(host), "Test CPU 9000, 2 logical CPUs; L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB");
  // Nothing there: still a sentence.
  EXPECT_EQ(host_note(read_host_info(dir_ / "nowhere")), "unknown CPU; cache sizes not reported");
  EXPECT_FALSE(this_host_note().empty());
}

}  // namespace
}  // namespace framelab::bench
