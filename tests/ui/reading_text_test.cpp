// The one function that turns a read-out value into text (ui/reading_text.hpp): round-off
// reads 0, digits after the point when a file asks for them, never "-0".
#include "ui/reading_text.hpp"

#include <gtest/gtest.h>

#include <cstdio>

namespace framelab::ui {
namespace reading_text_test {

std::string printf_text(const char* format, double x) {
  char text[64];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

TEST(reading_text, round_off_reads_zero) {
  // what the screenshots showed
  EXPECT_EQ(reading_text(1.262e-11), "0");
  EXPECT_EQ(reading_text(2.776e-17), "0");
  EXPECT_EQ(reading_text(-2.776e-17), "0");
  EXPECT_EQ(reading_text(-0.0), "0");
  EXPECT_EQ(reading_text(1.262e-11, 3), "0.000");
  EXPECT_EQ(reading_text(-0.0004, 3), "0.000");  // rounds to zero at 3 digits: no sign
}

TEST(reading_text, other_values_keep_four_significant_digits_or_the_digits_asked) {
  for (const double x : {12.3456, -0.0123456, 5.0, 1.5e-6, -3.2e7}) {
    EXPECT_EQ(reading_text(x), printf_text("%.4g", x)) << x;
    EXPECT_EQ(reading_text(x, 3), printf_text("%.3f", x)) << x;
  }
  EXPECT_EQ(reading_text(-1.23456, 2), "-1.23");
  EXPECT_EQ(reading_text(2.0, 0), "2");
}

}  // namespace reading_text_test
}  // namespace framelab::ui
