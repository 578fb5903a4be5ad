// common/number_text's portable text and its parser against the standard's own std::to_chars
// and std::from_chars (libstdc++ has them for floating point; emscripten's libc++ 13, for
// which these exist, does not).
#include "common/number_text.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "common/splitmix64.hpp"

namespace framelab {
namespace {

template <class Float>
std::string standard_text(Float x) {
  char text[64];
  const auto result = std::to_chars(text, text + sizeof text, x);
  return std::string(text, result.ptr);
}

parsed_number standard_parse(const std::string& text) {
  parsed_number r;
  double x = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x);
  if (ec == std::errc() && end != text.data() + text.size()) return r;  // not the whole text
  r.error = ec;
  if (ec == std::errc()) r.value = x;
  return r;
}

// Doubles of every kind: random bit patterns (every exponent), every power of two (where the
// numbers that read back lie unevenly around x), round decimals, and the extremes.
std::vector<double> sample_doubles() {
  std::vector<double> xs = {0.0, -0.0, 1.0, -1.0, 0.1, 0.36, 1000.0, 1e15, 1e16, 1e21, 1e22, 1e-5, 1e-4, 123456.0,
                            0.30000000000000004, std::numeric_limits<double>::max(), std::numeric_limits<double>::min(),
                            std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::infinity(),
                            -std::numeric_limits<double>::infinity()};
  for (int e = -1074; e <= 1023; ++e) xs.push_back(std::ldexp(1.0, e));
  for (int k = -30; k <= 30; ++k) xs.push_back(std::pow(10.0, k) * 1.5);
  splitmix64 random(42);
  for (int i = 0; i < 5000; ++i) {
    const double x = std::bit_cast<double>(random.next());
    if (std::isfinite(x)) xs.push_back(x);
  }
  for (int i = 0; i < 5000; ++i) xs.push_back(static_cast<double>(random.below(2000001)) / 1000.0 - 1000.0);
  // Subnormals' random bits (fewer significant bits), every power of ten the double range
  // holds (the decimal nearest each), and whole numbers of every size up to 2^63 (whose fixed
  // text is exact: the digits and zeros below 2^53, the double's own value above).
  for (int i = 0; i < 1000; ++i) xs.push_back(std::bit_cast<double>(random.next() >> 12));
  for (int k = -323; k <= 308; ++k) xs.push_back(std::strtod(("1e" + std::to_string(k)).c_str(), nullptr));
  for (int i = 0; i < 1000; ++i) xs.push_back(static_cast<double>(random.next() >> random.below(64)));
  return xs;
}

TEST(NumberText, DoubleTextIsTheStandardShortestText) {
  for (const double x : sample_doubles()) ASSERT_EQ(portable_shortest_text(x), standard_text(x)) << std::hexfloat << x;
}

TEST(NumberText, FloatTextIsTheStandardShortestText) {
  splitmix64 random(7);
  std::vector<float> xs = {0.36f, 0.1f, 1.0f, 1e10f, 16777216.0f, std::numeric_limits<float>::denorm_min(),
                           std::numeric_limits<float>::max()};
  for (int e = -149; e <= 127; ++e) xs.push_back(std::ldexp(1.0f, e));
  for (int i = 0; i < 5000; ++i) {
    const float x = std::bit_cast<float>(static_cast<std::uint32_t>(random.next()));
    if (std::isfinite(x)) xs.push_back(x);
  }
  for (const float x : xs) ASSERT_EQ(portable_shortest_text(x), standard_text(x)) << std::hexfloat << x;
}

TEST(NumberText, NotANumberKeepsItsSign) {
  EXPECT_EQ(portable_shortest_text(std::numeric_limits<double>::quiet_NaN()),
            standard_text(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_EQ(portable_shortest_text(-std::numeric_limits<double>::quiet_NaN()),
            standard_text(-std::numeric_limits<double>::quiet_NaN()));
}

TEST(NumberText, ParsesWhatFromCharsParsesAndRefusesWhatItRefuses) {
  const std::vector<std::string> texts = {
      "0", "-0", "1", "1.", ".5", "-.5", "1e5", "1E5", "1e+5", "1e-5", "2.5e-3", "inf", "-inf", "INF", "infinity",
      "Infinity", "nan", "-nan", "NaN", "nan(123)", "1e400", "-1e400", "1e-400", "4.9e-324", "2e-310", "",
      "-", "+1", " 1", "1 ", "1e", "1e+", "0x10", "1..2", ".", "e5", "1,5", "12abc", "infx", "nan(", "--1",
      "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
      "000.5"};
  for (const auto& text : texts) {
    const parsed_number ours = parse_number(text);
    const parsed_number standard = standard_parse(text);
    ASSERT_EQ(ours.error, standard.error) << "'" << text << "'";
    if (ours.error == std::errc() && !std::isnan(standard.value)) EXPECT_EQ(ours.value, standard.value) << text;
  }
}

TEST(NumberText, EveryShortestTextReadsBackExactly) {
  for (const double x : sample_doubles()) {
    const std::string text = portable_shortest_text(x);
    const parsed_number back = parse_number(text);
    ASSERT_EQ(back.error, std::errc()) << text;
    ASSERT_EQ(std::bit_cast<std::uint64_t>(back.value), std::bit_cast<std::uint64_t>(x)) << text;
  }
}

}  // namespace
}  // namespace framelab
