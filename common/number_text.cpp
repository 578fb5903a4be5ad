#include "common/number_text.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include <fmt/format.h>  // header-only (FMT_HEADER_ONLY): fmt::detail::dragonbox

namespace framelab {

namespace {

// A number's decimal digits (no trailing zeros) and exponent: x = d.ddd x 10^exponent.
struct decimal {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};

// The shortest digits that read back as x, the nearest to x of those (ties to an even last
// digit), by Dragonbox (Jeon, "Dragonbox: A New Floating-Point Binary-to-Decimal Conversion
// Algorithm", 2020; fmt's implementation): x = significand x 10^e with the fewest digits in the
// interval of decimals that read back as x, found with integer arithmetic only.
template <class Float>
decimal shortest_decimal(Float x) {
  const auto shortest = fmt::detail::dragonbox::to_decimal(std::fabs(x));
  decimal d;
  d.negative = std::signbit(x);
  d.digits = std::to_string(shortest.significand);
  d.exponent = shortest.exponent + static_cast<int>(d.digits.size()) - 1;  // significand x 10^e = d.ddd x 10^exponent
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

// Each text is appended to one string with room for it (short texts are most of a CSV's
// time in WebAssembly, where every allocation counts).
std::string signed_text(const decimal& d) {
  std::string text;
  text.reserve(32);
  if (d.negative) text += '-';
  return text;
}

std::string scientific_text(const decimal& d) {
  std::string text = signed_text(d);
  text += d.digits[0];
  if (d.digits.size() > 1) (text += '.').append(d.digits, 1);
  const int e = std::abs(d.exponent);
  text += d.exponent < 0 ? "e-" : "e+";
  if (e < 10) text += '0';
  return text += std::to_string(e);
}

// Fixed notation: digits, with zeros to the point or after "0.". A whole number is written
// exactly, as std::to_chars does: its text has as many characters whatever the digits, and
// of such texts the standard takes the nearest to x. Below 2^53 (a float: 2^24), where the
// numbers are a unit or less apart, that is the digits and zeros (a whole decimal within half a
// unit of the whole x).
template <class Float>
std::string fixed_text(const decimal& d, Float x) {
  std::string text = signed_text(d);
  const auto n = static_cast<int>(d.digits.size());
  if (d.exponent < 0) return (text += "0.").append(static_cast<std::size_t>(-d.exponent - 1), '0') += d.digits;
  if (d.exponent >= n - 1 && std::fabs(x) < std::ldexp(Float(1), std::numeric_limits<Float>::digits))
    return (text += d.digits).append(static_cast<std::size_t>(d.exponent - n + 1), '0');
  if (d.exponent >= n - 1) {
    char whole[320];
    std::snprintf(whole, sizeof whole, "%.0f", static_cast<double>(x));
    return whole;
  }
  const auto point = static_cast<std::size_t>(d.exponent + 1);
  return (text.append(d.digits, 0, point) += '.').append(d.digits, point);
}

template <class Float>
std::string shortest_text_of(Float x) {
  if (std::isnan(x)) return std::signbit(x) ? "-nan" : "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  const decimal d = shortest_decimal(x);
  std::string fixed = fixed_text(d, x);
  std::string scientific = scientific_text(d);
  return scientific.size() < fixed.size() ? scientific : fixed;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// text starts with word, letters compared without case
bool starts_with_word(std::string_view text, std::string_view word) {
  if (text.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i)
    if (lower(text[i]) != word[i]) return false;
  return true;
}

// The length of the longest start of text that std::from_chars's general format reads.
std::size_t number_length(std::string_view text) {
  std::size_t i = text.empty() || text[0] != '-' ? 0 : 1;
  const std::string_view rest = text.substr(i);
  if (starts_with_word(rest, "infinity")) return i + 8;
  if (starts_with_word(rest, "inf")) return i + 3;
  if (starts_with_word(rest, "nan")) {
    i += 3;
    std::size_t j = i;
    if (j < text.size() && text[j] == '(') {
      ++j;
      while (j < text.size() && (is_digit(text[j]) || text[j] == '_' || (lower(text[j]) >= 'a' && lower(text[j]) <= 'z')))
        ++j;
      if (j < text.size() && text[j] == ')') return j + 1;
    }
    return i;
  }
  std::size_t mantissa_digits = 0;
  for (; i < text.size() && is_digit(text[i]); ++i) ++mantissa_digits;
  if (i < text.size() && text[i] == '.')
    for (++i; i < text.size() && is_digit(text[i]); ++i) ++mantissa_digits;
  if (mantissa_digits == 0) return 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < text.size() && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < text.size() && is_digit(text[j])) {
      while (j < text.size() && is_digit(text[j])) ++j;
      i = j;
    }
  }
  return i;
}

}  // namespace

std::string portable_shortest_text(double x) { return shortest_text_of(x); }

std::string portable_shortest_text(float x) { return shortest_text_of(x); }

// The standard library's own where it has one (the desktop's libstdc++): the CSVs of `sim`
// (100,000s of numbers) as they always were.
#if defined(__cpp_lib_to_chars)
template <class Float>
std::string standard_shortest_text(Float x) {
  char text[32];
  const auto result = std::to_chars(text, text + sizeof text, x);
  return std::string(text, result.ptr);
}
std::string shortest_text(double x) { return standard_shortest_text(x); }
std::string shortest_text(float x) { return standard_shortest_text(x); }
#else
std::string shortest_text(double x) { return portable_shortest_text(x); }
std::string shortest_text(float x) { return portable_shortest_text(x); }
#endif

parsed_number parse_number(std::string_view text) {
  parsed_number result;
  if (text.empty() || number_length(text) != text.size()) return result;
  const std::string whole(text);
  errno = 0;
  const double x = std::strtod(whole.c_str(), nullptr);
  if (errno == ERANGE && (x == 0 || std::isinf(x))) {
    result.error = std::errc::result_out_of_range;
    return result;
  }
  result.value = x;
  result.error = std::errc();
  return result;
}

}  // namespace framelab
