#pragma once
// "WxH" window sizes, as --size and the script command `window` take them.
#include <charconv>
#include <string>
#include <string_view>

namespace framelab {

inline constexpr int max_window_side = 16384;

// "WxH": two runs of decimal digits around one 'x' (no signs, no spaces), each side in
// [min_side, max_window_side]. Leaves width and height alone when it returns false.
inline bool parse_size(const std::string& text, int& width, int& height, int min_side = 64) {
  const auto side = [min_side](std::string_view digits, int& value) {
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return !digits.empty() && digits.front() != '-' && ec == std::errc{} && end == digits.data() + digits.size() &&
           value >= min_side && value <= max_window_side;
  };
  const auto x = text.find('x');
  if (x == std::string::npos) return false;
  int w = 0;
  int h = 0;
  if (!side(std::string_view(text).substr(0, x), w) || !side(std::string_view(text).substr(x + 1), h)) return false;
  width = w;
  height = h;
  return true;
}

}  // namespace framelab
