// Benchmark options: the text forms accepted, canonical values, defaults and their
// adjustment, and one message naming the option for every bad value.
#include <gtest/gtest.h>

#include "bench/benchmark.hpp"

namespace framelab::bench {
namespace {

std::vector<option_spec> specs() {
  return {
      {.name = "quick", .kind = option_kind::flag, .description = "fewer"},
      {.name = "sizes",
       .kind = option_kind::integer_list,
       .description = "sizes",
       .default_value = "100,1000",
       .min = 1,
       .max = 1'000'000},
      {.name = "orders",
       .kind = option_kind::choice_list,
       .description = "orders",
       .default_value = "all",
       .choices = {"back", "mid", "random"}},
      {.name = "limit",
       .kind = option_kind::integer,
       .description = "limit",
       .default_value = "50",
       .min = 1,
       .max = 99},
  };
}

TEST(options, parse_integer_accepts_the_usual_spellings) {
  EXPECT_EQ(parse_integer("1000000"), 1000000);
  EXPECT_EQ(parse_integer("1'000'000"), 1000000);
  EXPECT_EQ(parse_integer("1_000_000"), 1000000);
  EXPECT_EQ(parse_integer("1e6"), 1000000);
  EXPECT_EQ(parse_integer("2.5e2"), 250);
  EXPECT_EQ(parse_integer("-3"), -3);
  for (const char* bad : {"", "x", "12x", "1.5", "1e", "1e99", "0x10", " "}) EXPECT_FALSE(parse_integer(bad)) << bad;
}

TEST(options, defaults_fill_what_was_not_given) {
  option_values v;
  ASSERT_FALSE(make_option_values(specs(), {}, v));
  ASSERT_FALSE(check_option_values(specs(), v));
  EXPECT_FALSE(v.flag("quick"));
  EXPECT_EQ(v.integers("sizes"), (std::vector<long long>{100, 1000}));
  EXPECT_EQ(v.choices("orders"), (std::vector<std::string>{"back", "mid", "random"}));  // "all" expanded
  EXPECT_EQ(v.integer("limit"), 50);
  EXPECT_FALSE(v.given("sizes"));
}

TEST(options, given_values_become_canonical) {
  option_values v;
  ASSERT_FALSE(make_option_values(
      specs(), {{"quick", ""}, {"sizes", "1e3, 10, 1'000, 7"}, {"orders", "random,back,random"}, {"limit", "9"}}, v));
  EXPECT_TRUE(v.flag("quick"));
  EXPECT_EQ(v.text("sizes"), "1000,10,7");  // order kept, duplicates dropped
  EXPECT_EQ(v.text("orders"), "random,back");
  EXPECT_EQ(v.integer("limit"), 9);
  EXPECT_TRUE(v.given("sizes"));
  // set_default only touches what the user did not set.
  v.set_default("sizes", "5");
  EXPECT_EQ(v.text("sizes"), "1000,10,7");
}

TEST(options, every_bad_value_names_its_option) {
  const std::vector<std::pair<std::map<std::string, std::string>, std::string>> cases{
      {{{"sizes", "12x"}}, "--sizes: '12x' is not an integer"},
      {{{"sizes", "0"}}, "--sizes: '0' is outside [1, 1000000]"},
      {{{"sizes", "100,,200"}}, "--sizes: empty value"},
      {{{"orders", "sideways"}}, "--orders: 'sideways' is not one of back, mid, random (or all)"},
      {{{"orders", ""}}, "--orders: empty value"},
      {{{"limit", "100"}}, "--limit: '100' is outside [1, 99]"},
      {{{"limit", "1,2"}}, "--limit: '1,2' is not an integer"},
      {{{"quick", "maybe"}}, "--quick: 'maybe' is not true or false"},
      {{{"colour", "red"}}, "--colour: no such option"},
  };
  for (const auto& [given, expected] : cases) {
    option_values v;
    const auto error = make_option_values(specs(), given, v);
    ASSERT_TRUE(error.has_value()) << expected;
    EXPECT_EQ(error->rfind(expected, 0), 0u) << *error;
  }
}

// A registered benchmark whose --quick narrows the default sizes.
std::vector<bench_case> no_cases(const option_values& o) {
  std::vector<bench_case> cases;
  for (long long n : o.integers("sizes")) cases.push_back({.name = std::to_string(n)});
  return cases;
}
void quick_defaults(option_values& o) {
  if (o.flag("quick")) o.set_default("sizes", "10");
}
const int registered = register_benchmark({.name = "options-test",
                                           .description = "test",
                                           .options = specs(),
                                           .cases = &no_cases,
                                           .adjust_defaults = &quick_defaults});

TEST(options, resolve_applies_the_benchmarks_default_adjustment) {
  const benchmark_info* info = find_benchmark("options-test");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("sizes"), "10");
  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}, {"sizes", "3,4"}}, v));
  EXPECT_EQ(v.text("sizes"), "3,4");
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  EXPECT_EQ(cases.size(), 2u);
}

TEST(options, a_run_in_slices_leaves_out_list_values_above_slice_max_and_lowers_an_integer) {
  std::vector<option_spec> capped = specs();
  capped[1].slice_max = 500;  // sizes
  capped[3].slice_max = 20;   // limit
  option_values v;
  ASSERT_FALSE(make_option_values(capped, {{"sizes", "1e3,10,7e5,100"}}, v));
  ASSERT_FALSE(check_option_values(capped, v));
  const std::vector<std::string> changed = cap_for_slices(capped, v);
  EXPECT_EQ(v.text("sizes"), "10,100");  // order kept
  EXPECT_EQ(v.integer("limit"), 20);     // the default 50, lowered
  EXPECT_EQ(changed, (std::vector<std::string>{"sizes up to 500 (left out: 1000,700000)", "limit up to 20 (left out: 50)"}));

  // Every value above: the cap itself; nothing above: unchanged, and no line.
  ASSERT_FALSE(make_option_values(capped, {{"sizes", "800,900"}, {"limit", "5"}}, v));
  ASSERT_FALSE(check_option_values(capped, v));
  EXPECT_EQ(cap_for_slices(capped, v), (std::vector<std::string>{"sizes up to 500 (left out: 800,900)"}));
  EXPECT_EQ(v.text("sizes"), "500");
  EXPECT_EQ(v.integer("limit"), 5);
  ASSERT_FALSE(make_option_values(capped, {{"sizes", "1,2"}, {"limit", "5"}}, v));
  ASSERT_FALSE(check_option_values(capped, v));
  EXPECT_TRUE(cap_for_slices(capped, v).empty());
  EXPECT_EQ(v.text("sizes"), "1,2");
}

TEST(registry, refuses_duplicates_and_benchmarks_without_cases) {
  EXPECT_THROW(register_benchmark({.name = "options-test", .cases = &no_cases}), std::logic_error);
  EXPECT_THROW(register_benchmark({.name = "no-cases"}), std::logic_error);
  EXPECT_THROW(register_benchmark({.name = "", .cases = &no_cases}), std::logic_error);
  EXPECT_EQ(find_benchmark("no-cases"), nullptr);
  EXPECT_GE(registered, 1);
}

}  // namespace
}  // namespace framelab::bench
