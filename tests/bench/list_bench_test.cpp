// The list benchmarks' work (bench/cases/list_cases.hpp) against independent references
// (a std::vector simulation of each creation order, std::sort), the same list order for
// std::list and contiguous_list, and the registered `list` benchmark run end to end on a
// tiny selection.
#include <gtest/gtest.h>

#include <list>
#include <numeric>
#include <random>

#include "bench/cases/list_cases.hpp"
#include "bench/report.hpp"
#include "bench/runner.hpp"
#include "core/containers/contiguous_list.hpp"
#include "tests/bench/run_benchmark.hpp"

namespace framelab::bench {
namespace {

template <class List>
std::vector<std::uint64_t> keys_of(const List& list) {
  std::vector<std::uint64_t> keys;
  for (const auto& v : list) keys.push_back(v.key());
  return keys;
}

// The keys build_list draws, in draw order.
std::vector<std::uint64_t> drawn_keys(std::size_t n, std::uint64_t seed, std::size_t bytes) {
  std::mt19937_64 keys(seed);
  std::vector<std::uint64_t> out;
  const std::uint64_t mask = bytes >= 8 ? ~0ull : (1ull << (8 * bytes)) - 1;
  for (std::size_t i = 0; i < n; ++i) out.push_back(keys() & mask);
  return out;
}

TEST(list_cases, values_have_exactly_their_size_and_keep_their_key) {
  EXPECT_EQ(sizeof(value<1>), 1u);
  EXPECT_EQ(sizeof(value<1024>), 1024u);
  EXPECT_EQ(value<8>::from_key(0x0123456789abcdefull).key(), 0x0123456789abcdefull);
  EXPECT_EQ(value<1>::from_key(0x1ff).key(), 0xffu);  // one byte of key
}

TEST(list_cases, back_and_mid_orders_match_a_vector_simulation) {
  for (std::size_t n : {0u, 1u, 2u, 3u, 10u, 101u}) {
    const auto drawn = drawn_keys(n, 7, 8);
    std::vector<std::uint64_t> mid;  // insert at index floor(size / 2)
    for (auto k : drawn) mid.insert(mid.begin() + static_cast<std::ptrdiff_t>(mid.size() / 2), k);

    std::list<value<8>> a;
    build_list(a, n, creation_order::back, 7);
    EXPECT_EQ(keys_of(a), drawn) << n;
    indexed_contiguous_list<value<8>, std::uint8_t> b;
    build_list(b, n, creation_order::mid, 7);
    EXPECT_EQ(keys_of(b), mid) << n;
    std::list<value<8>> c;
    build_list(c, n, creation_order::mid, 7);
    EXPECT_EQ(keys_of(c), mid) << n;
  }
}

TEST(list_cases, random_and_aged_orders_are_the_same_for_both_lists) {
  for (auto order : {creation_order::random, creation_order::aged}) {
    std::list<value<16>> a;
    indexed_contiguous_list<value<16>, std::uint16_t> b;
    build_list(a, 5000, order, 11);
    build_list(b, 5000, order, 11);
    const auto ka = keys_of(a);
    EXPECT_EQ(ka, keys_of(b));
    // A permutation of the drawn keys, and not the drawn order itself.
    auto sorted = ka;
    auto drawn = drawn_keys(5000, 11, 16);
    EXPECT_NE(ka, drawn);
    std::sort(sorted.begin(), sorted.end());
    std::sort(drawn.begin(), drawn.end());
    EXPECT_EQ(sorted, drawn);
  }
  // Random: the values pushed to the front come out in reverse draw order, before the others.
  std::list<value<8>> r;
  build_list(r, 1000, creation_order::random, 3);
  std::mt19937_64 coin(3 ^ 0x9e3779b97f4a7c15ull);
  const auto drawn = drawn_keys(1000, 3, 8);
  std::vector<std::uint64_t> front, back;
  for (auto k : drawn) (coin() & 1u ? front : back).push_back(k);
  std::reverse(front.begin(), front.end());
  front.insert(front.end(), back.begin(), back.end());
  EXPECT_EQ(keys_of(r), front);
}

TEST(list_cases, aged_lists_are_scattered_in_memory) {
  // After aging, list order is unrelated to storage order: consecutive list elements are
  // rarely neighbours in the value array.
  indexed_contiguous_list<value<8>, std::uint16_t> list;
  build_list(list, 10000, creation_order::aged, 5);
  const value<8>* base = list.values().data();
  int neighbours = 0;
  const value<8>* previous = nullptr;
  for (const auto& v : list) {
    if (previous != nullptr && std::abs(&v - previous) == 1) ++neighbours;
    previous = &v;
  }
  EXPECT_LT(neighbours, 100);  // expected about 2 for a random permutation
  EXPECT_NE(base, nullptr);
}

TEST(list_cases, traversal_and_accumulate_see_every_element) {
  indexed_contiguous_list<value<32>, std::uint16_t> list;
  build_list(list, 3000, creation_order::random, 9);
  EXPECT_EQ(pure_traversal(list), 3000u);
  const auto drawn = drawn_keys(3000, 9, 32);
  EXPECT_EQ(accumulate_keys(list), std::accumulate(drawn.begin(), drawn.end(), std::uint64_t{0}));
  std::list<value<32>> empty;
  EXPECT_EQ(pure_traversal(empty), 0u);
}

TEST(list_cases, sorted_insertion_sorts_like_std_sort_in_every_container) {
  auto expected = drawn_keys(700, 21, 8);
  std::sort(expected.begin(), expected.end());
  std::list<value<8>> a;
  indexed_contiguous_list<value<8>, std::uint16_t> b;
  std::vector<value<8>> c;
  const auto never = [] { return false; };
  EXPECT_TRUE(insert_sorted(a, 700, 21, never));
  EXPECT_TRUE(insert_sorted(b, 700, 21, never));
  EXPECT_TRUE(insert_sorted(c, 700, 21, never));
  EXPECT_EQ(keys_of(a), expected);
  EXPECT_EQ(keys_of(b), expected);
  EXPECT_EQ(keys_of(c), expected);
  // A stop request ends it early.
  std::list<value<8>> d;
  EXPECT_FALSE(insert_sorted(d, 700, 21, [] { return true; }));
  EXPECT_EQ(d.size(), 64u);
}

// [SECTION] The registered benchmark

TEST(list_benchmark, options_and_cases) {
  const benchmark_info* info = find_benchmark("list");
  ASSERT_NE(info, nullptr);
  option_values v;
  ASSERT_FALSE(resolve_options(*info, {}, v));
  std::vector<bench_case> cases;
  ASSERT_FALSE(make_cases(*info, v, cases));
  // Traversal + accumulate share one case per (order, value size, size, container):
  // 4 orders x 8 value sizes x 13 sizes x 2; sorted: 8 value sizes x 7 sizes <= 10000 x 3.
  EXPECT_EQ(cases.size(), 4u * 8u * 13u * 2u + 8u * 7u * 3u);

  ASSERT_FALSE(resolve_options(*info, {{"quick", "true"}}, v));
  EXPECT_EQ(v.text("value-bytes"), "8,64,1024");
  EXPECT_EQ(v.text("sizes"), "100,1000,10000,100000,1000000");
  ASSERT_FALSE(make_cases(*info, v, cases));
  EXPECT_EQ(cases.size(), 2u * 3u * 5u * 2u + 3u * 2u * 3u);

  EXPECT_TRUE(resolve_options(*info, {{"value-bytes", "3"}}, v).has_value());
  EXPECT_TRUE(resolve_options(*info, {{"sizes", "0"}}, v).has_value());
}

TEST(list_benchmark, a_tiny_run_gives_the_articles_fields_and_ratios) {
  const benchmark_info* info = find_benchmark("list");
  ASSERT_NE(info, nullptr);
  const auto records = test::run_benchmark(
      "list", {{"quick", "true"}, {"sizes", "100,300"}, {"value-bytes", "8,64"}, {"orders", "aged"}});
  // traversal + accumulate: 2 value sizes x 2 sizes x 2 containers x 2 tests; sorted: 2 x 2 x 3.
  ASSERT_EQ(records.size(), 16u + 12u);
  for (const auto& rec : records) {
    for (const char* field : {"container", "test", "order", "value_bytes", "size"})
      EXPECT_FALSE(rec.param(field).empty()) << field;
    EXPECT_GT(rec.ns_per_item, 0.0);
    EXPECT_EQ(rec.unit, "element");
  }
  EXPECT_EQ(records[0].param("container"), "std::list");
  EXPECT_EQ(records[0].param("test"), "traversal");
  EXPECT_EQ(records[1].param("test"), "accumulate");
  EXPECT_EQ(records[2].param("container"), "contiguous_list");
  // Ours reports its index type (uint8_t for 100 elements, uint16_t for 300) and its
  // memory: at least sizeof(T) + 2 sizeof(Index) per element, at most twice that (the
  // vectors' growth) plus the sentinel. std::list's is measured from 1000 elements up.
  for (const auto& rec : records) {
    double index_bytes = 0, bytes = -1;
    for (const auto& [k, x] : rec.metrics) {
      if (k == "index_bytes") index_bytes = x;
      if (k == "bytes_per_element") bytes = x;
    }
    if (rec.param("container") != "contiguous_list") {
      if (rec.param("test") != "sorted") {
        EXPECT_EQ(bytes, -1.0);
      }
      continue;
    }
    if (rec.param("test") == "sorted") continue;
    EXPECT_EQ(index_bytes, rec.param("size") == "100" ? 1.0 : 2.0);
    const double n = std::stod(rec.param("size"));
    const double bound = std::stod(rec.param("value_bytes")) + 2.0 * index_bytes;
    EXPECT_GE(bytes, bound);
    EXPECT_LE(bytes, 2.0 * bound + 2.0 * index_bytes / n);
  }
  const auto ratios = compute_ratios(records, info->compare);
  int with_ratio = 0;
  for (double x : ratios) with_ratio += std::isnan(x) ? 0 : 1;
  EXPECT_EQ(with_ratio, 8 + 8);  // every contiguous_list and std::vector record
}

}  // namespace
}  // namespace framelab::bench
