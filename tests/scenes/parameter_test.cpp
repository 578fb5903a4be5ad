// Parameter declarations: parsing the text form, validation and formatting.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "scenes/parameter.hpp"

namespace framelab {
namespace {

const param_def speed = number_param("speed", 3.0, 0.0, 10.0, "m/s", "speed");
const param_def terms = integer_param("terms", 2, 1, 3, "Magnus terms");
const param_def gyro = boolean_param("gyro", true, "gyroscopic term");
const param_def inertia = vector_param("inertia", {1.0, 2.0, 3.0}, 1e-6, 1e6, "kg m^2", "moments");
const param_def method = choice_param("integrator", "midpoint", {"explicit-euler", "magnus", "midpoint"}, "method");
const param_def formula = text_param("vx", "y", "V_x(x, y)", 12);

TEST(parameter, parses_every_kind) {
  param_value v;
  EXPECT_FALSE(parse_param(speed, "2.5", v));
  EXPECT_EQ(std::get<double>(v), 2.5);
  EXPECT_FALSE(parse_param(terms, "3", v));
  EXPECT_EQ(std::get<std::int64_t>(v), 3);
  EXPECT_FALSE(parse_param(gyro, "false", v));
  EXPECT_EQ(std::get<bool>(v), false);
  EXPECT_FALSE(parse_param(inertia, "0.5,2,3", v));
  EXPECT_EQ(std::get<std::vector<double>>(v), (std::vector<double>{0.5, 2.0, 3.0}));
  EXPECT_FALSE(parse_param(method, "magnus", v));
  EXPECT_EQ(std::get<std::string>(v), "magnus");
}

TEST(parameter, rejects_bad_text_and_leaves_the_value_untouched) {
  param_value v = 7.0;
  for (const char* text : {"", "abc", "1.5x", "nan", "inf", "-1", "11", "1e99"}) {
    const auto error = parse_param(speed, text, v);
    EXPECT_TRUE(error.has_value()) << text;
    EXPECT_EQ(std::get<double>(v), 7.0) << text;
  }
  EXPECT_TRUE(parse_param(terms, "2.5", v));
  EXPECT_TRUE(parse_param(terms, "4", v));
  EXPECT_TRUE(parse_param(gyro, "maybe", v));
  EXPECT_TRUE(parse_param(inertia, "1,2", v));
  EXPECT_TRUE(parse_param(inertia, "0,1,1", v));
  EXPECT_TRUE(parse_param(inertia, "1,,1", v));
  EXPECT_TRUE(parse_param(method, "rk5", v));
}

TEST(parameter, error_messages_name_the_range_and_unit) {
  param_value v;
  const auto error = parse_param(speed, "12", v);
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("[0, 10]"), std::string::npos) << *error;
  EXPECT_NE(error->find("m/s"), std::string::npos) << *error;
}

TEST(parameter, validation_rejects_wrong_kinds_and_non_finite_values) {
  EXPECT_TRUE(validate_param(speed, std::numeric_limits<double>::quiet_NaN()));
  EXPECT_TRUE(validate_param(speed, std::string("fast")));
  EXPECT_TRUE(validate_param(terms, 2.0));
  EXPECT_TRUE(validate_param(inertia, std::vector<double>{1.0, std::numeric_limits<double>::infinity(), 1.0}));
  EXPECT_FALSE(validate_param(inertia, std::vector<double>{1.0, 1.0, 1.0}));
}

TEST(parameter, format_round_trips_through_parse) {
  for (const auto& [def, value] : std::vector<std::pair<param_def, param_value>>{
           {speed, 0.1 + 0.2}, {terms, std::int64_t{3}}, {gyro, false},
           {inertia, std::vector<double>{1.0 / 3.0, 2.0, 2.9999999999999996}}, {method, std::string("magnus")},
           {formula, std::string(" x = y, 2 ")}}) {
    param_value parsed;
    ASSERT_FALSE(parse_param(def, format_param(value), parsed)) << format_param(value);
    EXPECT_EQ(parsed, value) << format_param(value);
  }
}

// A number typed by hand reads back as typed (share links and messages show "0.1", not
// "0.10000000000000001"): the shortest text of its double is the typed text.
TEST(parameter, a_typed_number_formats_as_typed) {
  const param_def latitude = number_param("latitude", 0.0, -1e6, 1e6, "deg", "latitude");
  for (const char* typed : {"0.1", "-33.9", "2.5", "1e-07", "12345.678"}) {
    param_value parsed;
    ASSERT_FALSE(parse_param(latitude, typed, parsed)) << typed;
    EXPECT_EQ(format_param(parsed), typed);
  }
}

TEST(parameter, text_is_one_line_up_to_its_length_and_kept_as_typed) {
  param_value v;
  EXPECT_FALSE(parse_param(formula, "", v));
  EXPECT_EQ(std::get<std::string>(v), "");
  EXPECT_FALSE(parse_param(formula, "sin(x)*\xc3\xa9", v));  // any bytes of UTF-8: meaning is the scene's business
  EXPECT_FALSE(parse_param(formula, std::string(12, 'x'), v));
  v = std::string("kept");
  EXPECT_EQ(*parse_param(formula, std::string(13, 'x'), v), "must be at most 12 characters, got 13");
  EXPECT_EQ(*parse_param(formula, "x\ny", v), "must be one line of text: control character at col 2");
  EXPECT_TRUE(parse_param(formula, std::string("x\0y", 3), v));
  EXPECT_TRUE(parse_param(formula, "\x7f", v));
  EXPECT_EQ(std::get<std::string>(v), "kept");
  EXPECT_EQ(*validate_param(formula, 1.0), "expected a string");
  EXPECT_EQ(text_param("t", "", "").max_length, default_text_length);
  param_values values = param_values::defaults({formula});
  EXPECT_EQ(values.text("vx"), "y");
}

TEST(parameter, a_set_is_valid_only_when_complete_and_declared) {
  const std::vector<param_def> defs{speed, gyro};
  param_values values = param_values::defaults(defs);
  EXPECT_FALSE(validate_params(defs, values));
  values.set("colour", std::string("red"));
  ASSERT_TRUE(validate_params(defs, values));
  EXPECT_EQ(validate_params(defs, values)->rfind("colour:", 0), 0u);
  param_values partial;
  partial.set("speed", 1.0);
  ASSERT_TRUE(validate_params(defs, partial));
  EXPECT_NE(validate_params(defs, partial)->find("gyro"), std::string::npos);
}

}  // namespace
}  // namespace framelab
