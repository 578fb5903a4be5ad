// Inputs fuzz_cli (tests/fuzz) found, kept as regression tests: each is a command line
// that once broke a promise of app/cli.hpp ("an error is exit code 2 and one line").
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/app/cli_parse.hpp"

namespace framelab {
namespace {

using cli_test::parse;
using cli_test::parsed;

void expect_one_line_error(const parsed& p) {
  EXPECT_EQ(p.request.kind, command_kind::exit);
  EXPECT_EQ(p.request.exit_code, 2);
  EXPECT_TRUE(p.out.empty());
  EXPECT_EQ(p.err.rfind("framelab: error: ", 0), 0u) << p.err;
  ASSERT_FALSE(p.err.empty());
  EXPECT_EQ(p.err.find('\n'), p.err.size() - 1) << "more than one line: " << p.err;
}

// fuzz_cli, crash-c23d2fb4: unexpected arguments holding a newline (and other control
// bytes) were echoed raw, so the error spilled over two lines.
TEST(cli_fuzz_regressions, an_unexpected_argument_with_a_newline_stays_on_one_line) {
  // The fuzzer's argv words (it splits its input on NUL bytes).
  const parsed p = parse({"s\xce\x05\n", "\xd0`", "", "ho+ -", "", "", "\"ne -\x01", "", "\"ne x  x --frames 0 --out \"\""});
  expect_one_line_error(p);
  EXPECT_NE(p.err.find("\\n"), std::string::npos) << "the newline is shown escaped: " << p.err;
  EXPECT_NE(p.err.find("\\x01"), std::string::npos) << p.err;
}

// The same promise for the messages framelab's own validation writes (a bad --size).
TEST(cli_fuzz_regressions, a_bad_value_with_control_characters_stays_on_one_line) {
  expect_one_line_error(parse({"shot", "--scene", "carousel", "--size", "6\n4x64", "--out", "x.png"}));
  expect_one_line_error(parse({"bench", "no\rsuch\x7f"}));
}

}  // namespace
}  // namespace framelab
