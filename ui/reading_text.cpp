#include "ui/reading_text.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace framelab::ui {

std::string reading_text(double value, int digits) {
  if (std::isfinite(value) && std::abs(value) < reading_round_off) value = 0.0;  // also turns -0 into 0
  char text[64];
  if (digits >= 0) {
    std::snprintf(text, sizeof text, "%.*f", std::min(digits, 12), value);
  } else {
    std::snprintf(text, sizeof text, "%.4g", value);
  }
  std::string out = text;
  // a value that rounds to zero at these digits (-0.0004 with 3) reads without its sign
  if (out.front() == '-' && out.find_first_not_of("-0.") == std::string::npos) out.erase(0, 1);
  return out;
}

}  // namespace framelab::ui
