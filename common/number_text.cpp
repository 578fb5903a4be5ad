#include "common/number_text.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>

namespace framelab {

namespace {

// A number's decimal digits (no trailing zeros) and exponent: x = d.ddd x 10^exponent.
struct decimal {
  bool negative = false;
  std::string digits;
  int exponent = 0;
};

// printf's "%.(p-1)e" of x, the correctly rounded p-digit decimal, taken apart.
decimal rounded_decimal(double x, int p) {
  char text[40];
  std::snprintf(text, sizeof text, "%.*e", p - 1, x);
  decimal d;
  const char* c = text;
  if (*c == '-') {
    d.negative = true;
    ++c;
  }
  for (; *c != 'e'; ++c)
    if (*c != '.') d.digits.push_back(*c);
  d.exponent = std::atoi(c + 1);
  return d;
}

// The decimal of the same precision one unit in the last digit further from zero.
decimal next_away_from_zero(decimal d) {
  std::size_t i = d.digits.size();
  while (i > 0 && d.digits[i - 1] == '9') d.digits[--i] = '0';
  if (i > 0) {
    ++d.digits[i - 1];
  } else {  // 99..9 -> 100..0
    d.digits.insert(d.digits.begin(), '1');
    d.digits.pop_back();
    ++d.exponent;
  }
  return d;
}

void drop_trailing_zeros(decimal& d) {
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
}

template <class Float>
Float read_back(const decimal& d) {
  const int integer_exponent = d.exponent - static_cast<int>(d.digits.size()) + 1;  // digits as an integer
  const std::string text = (d.negative ? "-" : "") + d.digits + "e" + std::to_string(integer_exponent);
  if constexpr (sizeof(Float) == sizeof(float))
    return std::strtof(text.c_str(), nullptr);
  else
    return std::strtod(text.c_str(), nullptr);
}

// The p-digit decimal nearest to x among those that read back as x, if any. Where x is a
// power of two the numbers that read back as x reach twice as far above it as below, so
// the nearest p-digit decimal may fall short below while the next one above reads back.
template <class Float>
std::optional<decimal> reading_back_decimal(Float x, int p) {
  decimal d = rounded_decimal(x, p);
  const Float back = read_back<Float>(d);
  if (back == x) return d;
  if (std::fabs(back) < std::fabs(x)) {
    d = next_away_from_zero(d);
    if (read_back<Float>(d) == x) return d;
  }
  return std::nullopt;
}

// The shortest digits that read back as x: the nearest decimal of the first precision p
// that has one reading back, its trailing zeros dropped (a decimal that reads back stays
// one at every higher precision), which is also the nearest of the shortest. A normal
// number starts at the first precision (15 for double, 6 for float): up to it, the decimals
// of one precision are further apart (10^(1-p) relative) than the numbers that read back as
// x span (2^-52, 2^-23 relative), so at most one of them reads back and its trailing zeros
// dropped are the shortest. A subnormal number, with fewer bits, starts at 1.
template <class Float>
decimal shortest_decimal(Float x, int first_precision, int last_precision) {
  if (std::fabs(x) < std::numeric_limits<Float>::min()) first_precision = 1;
  for (int p = first_precision; p <= last_precision; ++p) {
    if (auto d = reading_back_decimal(x, p)) {
      drop_trailing_zeros(*d);
      return *d;
    }
  }
  decimal d = rounded_decimal(x, last_precision);  // not reached: 17 (9) digits always read back
  drop_trailing_zeros(d);
  return d;
}

std::string scientific_text(const decimal& d) {
  std::string text = d.negative ? "-" : "";
  text += d.digits[0];
  if (d.digits.size() > 1) text += "." + d.digits.substr(1);
  const int e = std::abs(d.exponent);
  text += d.exponent < 0 ? "e-" : "e+";
  text += (e < 10 ? "0" : "") + std::to_string(e);
  return text;
}

// Fixed notation: digits, with zeros to the point or after "0.". A whole number is written
// exactly, as std::to_chars does: its text has as many characters whatever the digits, and
// of such texts the standard takes the nearest to x.
std::string fixed_text(const decimal& d, double x) {
  std::string text = d.negative ? "-" : "";
  const auto n = static_cast<int>(d.digits.size());
  if (d.exponent < 0) return text + "0." + std::string(static_cast<std::size_t>(-d.exponent - 1), '0') + d.digits;
  if (d.exponent >= n - 1) {
    char whole[320];
    std::snprintf(whole, sizeof whole, "%.0f", x);
    return whole;
  }
  const auto point = static_cast<std::size_t>(d.exponent + 1);
  return text + d.digits.substr(0, point) + "." + d.digits.substr(point);
}

template <class Float>
std::string shortest_text_of(Float x, int first_precision, int last_precision) {
  if (std::isnan(x)) return std::signbit(x) ? "-nan" : "nan";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  const decimal d = shortest_decimal(x, first_precision, last_precision);
  std::string fixed = fixed_text(d, static_cast<double>(x));
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

std::string portable_shortest_text(double x) { return shortest_text_of(x, 15, 17); }

std::string portable_shortest_text(float x) { return shortest_text_of(x, 6, 9); }

// The standard library's own where it has one: ~50x faster than the search above, which
// writes a CSV of `sim` (100,000s of numbers) with std::to_chars's speed on the desktop.
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
