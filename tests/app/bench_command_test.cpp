// `framelab bench`: the listing, a run of a tiny benchmark (table, JSON, CSV) and the
// exit codes.
#include "app/bench_command.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "bench/benchmark.hpp"

namespace framelab {
namespace {

// Two contenders at two sizes; "fast" spins half as long as "slow".
std::vector<bench::bench_case> spin_cases(const bench::option_values& o) {
  std::vector<bench::bench_case> cases;
  for (long long n : o.integers("sizes")) {
    for (const char* who : {"slow", "fast"}) {
      bench::bench_case c;
      c.name = std::string(who) + " " + std::to_string(n);
      c.params = {{"who", who}, {"size", std::to_string(n)}};
      c.timing.min_samples = 2;
      c.timing.max_case_seconds = 0.0;
      c.timing.min_sample_seconds = 0.0;
      const auto micros = std::chrono::microseconds(std::string(who) == "slow" ? 400 : 200);
      c.run = [micros, n](bench::case_context& ctx) {
        ctx.measure(static_cast<double>(n), [micros] {
          const auto end = std::chrono::steady_clock::now() + micros;
          while (std::chrono::steady_clock::now() < end) {
          }
        });
      };
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

const int registered = bench::register_benchmark({
    .name = "spin-test",
    .description = "spins for a while",
    .options = {{.name = "sizes",
                 .kind = bench::option_kind::integer_list,
                 .description = "sizes",
                 .default_value = "10,100",
                 .min = 1,
                 .max = 1000}},
    .cases = &spin_cases,
    .compare = {.key = "who", .baseline = "slow"},
    .plot_x = "size",
});

TEST(bench_command, lists_every_benchmark_with_its_options) {
  std::ostringstream out;
  EXPECT_EQ(run_bench_list(out), 0);
  EXPECT_NE(out.str().find("spin-test\tspins for a while"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("--sizes (default 10,100)"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("list\t"), std::string::npos);  // the list benchmark is linked in
}

TEST(bench_command, runs_prints_the_ratio_table_and_writes_json_and_csv) {
  const auto dir = std::filesystem::temp_directory_path() / ("framelab-bench-cmd-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  bench_options options;
  options.name = "spin-test";
  options.json = (dir / "r.json").string();
  options.csv = (dir / "r.csv").string();
  std::ostringstream out, err;
  ASSERT_EQ(run_bench(options, out, err, false, 1e9), 0) << err.str();
  const std::string text = out.str();
  EXPECT_NE(text.find("time(slow) / time(who)"), std::string::npos) << text;
  EXPECT_NE(text.find("host: "), std::string::npos);
  EXPECT_NE(text.find("4 cases, 4 records"), std::string::npos) << text;
  std::ifstream in(options.json);
  const auto doc = nlohmann::json::parse(in);
  ASSERT_EQ(doc["records"].size(), 4u);
  // fast spins half as long: time(slow) / time(fast) near 2 (only bounded from above by load).
  const double ratio = doc["records"][1]["ratio"].get<double>();
  EXPECT_GT(ratio, 1.0);
  EXPECT_TRUE(std::filesystem::exists(options.csv));
  std::filesystem::remove_all(dir);
}

TEST(bench_command, bad_options_exit_two_before_running) {
  bench_options options;
  options.name = "spin-test";
  options.given = {{"sizes", "0"}};
  std::ostringstream out, err;
  EXPECT_EQ(run_bench(options, out, err, false), 2);
  EXPECT_NE(err.str().find("--sizes"), std::string::npos);
  EXPECT_TRUE(out.str().empty());
}

}  // namespace
}  // namespace framelab
