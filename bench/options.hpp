#pragma once
// The options a benchmark declares (bench/benchmark.hpp). The command line turns each
// into `--name VALUE` (a flag into `--name`), the Benchmarks panel into a checkbox, a
// row of checkboxes or a text field. Values travel as text and are checked against the
// declaration before any case is made, so a bad value is one message naming the option.
//
//   kind          command line          panel                     read with
//   flag          --quick               checkbox                  values.flag("quick")
//   integer       --sorted-max 10000    text field                values.integer("sorted-max")
//   integer_list  --sizes 100,1e3,1e6   text field                values.integers("sizes")
//   choice_list   --orders back,random  one checkbox per choice   values.choices("orders")
//
// Integers accept 1000000, 1'000'000, 1_000_000 and 1e6 (an exact integer); a choice
// list accepts "all". Lists keep the order given, without duplicates.
#include <climits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace framelab::bench {

enum class option_kind { flag, integer, integer_list, choice_list };

struct option_spec {
  std::string name{};  // without dashes: "sizes" is --sizes
  option_kind kind = option_kind::flag;
  std::string description{};           // one line, for --help and the panel's tooltip
  std::string default_value{};         // as typed: "100,1000" / "all" / "10000"; a flag is off by default
  std::vector<std::string> choices{};  // choice_list only: the allowed values
  long long min = 0;                   // integer, integer_list: the allowed range
  long long max = LLONG_MAX;
  // integer, integer_list: the largest value a run in slices takes (bench/runner.hpp: the
  // browser's page, one case a frame). A case's untimed set-up and a single timed call are
  // not cut into slices, so a larger one would hold the page's frame for longer than ~0.1 s
  // (measured in the page: README "In a browser"); cap_for_slices applies it.
  long long slice_max = LLONG_MAX;
};

// The values of a benchmark's options after checking: every declared option has one
// (given or default), in canonical text ("1,8,64", "back,random", "true").
class option_values {
 public:
  bool flag(std::string_view name) const;
  long long integer(std::string_view name) const;
  std::vector<long long> integers(std::string_view name) const;
  std::vector<std::string> choices(std::string_view name) const;
  // The canonical text ("" for an unknown name).
  const std::string& text(std::string_view name) const;
  // True when the user set the option (false: the default is in use).
  bool given(std::string_view name) const;

  // For benchmark_info::adjust_defaults: replaces the default of an option the user
  // did not set (the value is checked afterwards like any other).
  void set_default(const std::string& name, std::string text);

  // Every option: name -> canonical text.
  const std::map<std::string, std::string, std::less<>>& all() const { return text_; }

 private:
  friend std::optional<std::string> make_option_values(const std::vector<option_spec>&,
                                                       const std::map<std::string, std::string>&, option_values&);
  friend std::optional<std::string> check_option_values(const std::vector<option_spec>&, option_values&);
  friend std::vector<std::string> cap_for_slices(const std::vector<option_spec>&, option_values&);
  std::map<std::string, std::string, std::less<>> text_;
  std::set<std::string, std::less<>> given_;
};

// Parses one integer ("1000000", "1'000'000", "1_000_000", "1e6"); nothing if malformed.
std::optional<long long> parse_integer(std::string_view text);

// Checks a text value against its declaration and returns the canonical text, or the
// reason it is wrong ("'12x' is not an integer", "'sideways' is not one of back, mid").
std::optional<std::string> canonical_option_text(const option_spec& spec, std::string_view text,
                                                 std::string& canonical);

// Fills `values` from the options the user gave (name -> text; a flag's text is
// "true"/"false", or empty for true), then the defaults. Returns "--name: reason" for the
// first bad or unknown option; `values` is then unspecified.
std::optional<std::string> make_option_values(const std::vector<option_spec>& specs,
                                              const std::map<std::string, std::string>& given, option_values& values);

// Re-checks every value (after adjust_defaults); "--name: reason" for the first bad one.
std::optional<std::string> check_option_values(const std::vector<option_spec>& specs, option_values& values);

// For a run in slices (checked values): a list loses its values above the option's
// slice_max (all of them above: slice_max alone), an integer is lowered to it. Returns one
// line per option that changed: "sizes up to 100000 (left out: 1000000)".
std::vector<std::string> cap_for_slices(const std::vector<option_spec>& specs, option_values& values);

}  // namespace framelab::bench
