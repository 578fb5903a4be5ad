#pragma once
// Numbers as text, exactly as std::to_chars and std::from_chars give them (the shortest
// text that reads back to the same number; the whole text as a number in their general
// format), where emscripten's libc++ 13 has no floating-point to_chars or from_chars:
// - shortest_text is std::to_chars where the library has it (the desktop's libstdc++) and
//   portable_shortest_text, on fmt's Dragonbox (integer arithmetic only: fast in WebAssembly,
//   where musl's printf and strtod work in software long double), where it has not (the browser);
// - parse_number is strtod behind a check of from_chars's grammar, everywhere.
// tests/common/number_text_test.cpp compares both with the desktop library's standard ones.
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>

namespace framelab {

// The shortest decimal text that reads back as x, in std::to_chars(first, last, x)'s form:
// the fixed or the scientific notation, whichever is shorter (fixed on a tie);
// "inf", "-inf", "nan", "-nan". At most 24 characters.
std::string shortest_text(double x);
// The same for a float: the shortest text that reads back as the same float.
std::string shortest_text(float x);
// The same by Dragonbox (fmt's): the shortest digits, the nearest of them to x.
std::string portable_shortest_text(double x);
std::string portable_shortest_text(float x);

struct parsed_number {
  double value = 0.0;
  // std::errc() when the whole text is a number; std::errc::invalid_argument when it is not
  // (empty, a sign '+', blanks, hexadecimal, trailing characters); result_out_of_range when it
  // overflows or underflows to zero.
  std::errc error = std::errc::invalid_argument;
};

// The whole text as a double, as std::from_chars(first, last, x) with the general format
// accepts it: [-] digits [. digits] [e|E [+|-] digits], or inf, infinity, nan, nan(chars).
parsed_number parse_number(std::string_view text);

}  // namespace framelab
