#pragma once
// Scene parameters declared as data: name, kind, default, range, unit and
// description. The UI generates its widgets from these declarations, the CLI
// parses `--set key=value` against them, and presets are validated by them.
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace framelab {

enum class param_kind { number, integer, boolean, vector, choice, text };

// number: double; integer: int64; boolean: bool; vector: fixed-length doubles;
// choice: one of param_def::choices; text: one line of at most param_def::max_length bytes.
using param_value = std::variant<double, std::int64_t, bool, std::vector<double>, std::string>;

struct param_def {
  std::string name;
  param_kind kind = param_kind::number;
  param_value default_value = 0.0;
  double min = -std::numeric_limits<double>::max();  // inclusive, per component
  double max = std::numeric_limits<double>::max();   // inclusive, per component
  std::string unit;                                  // "m", "rad/s", "kg m^2", "" for none
  std::string description;                           // one line, shown as a tooltip
  std::size_t components = 1;                        // vector length
  std::vector<std::string> choices;                  // for choice
  std::size_t max_length = 0;                        // for text: the longest value, in bytes
  // How the scene is shown, not what it simulates (e.g. a camera that rides along): a
  // change is applied to the running scene without a restart (simulation::set_parameters).
  bool view_only = false;
};

// `def` marked view-only: view_only(boolean_param("ride_platform", ...)).
param_def view_only(param_def def);

inline constexpr std::size_t default_text_length = 256;  // bytes

param_def number_param(std::string name, double value, double min, double max, std::string unit,
                       std::string description);
param_def integer_param(std::string name, std::int64_t value, std::int64_t min, std::int64_t max,
                        std::string description);
param_def boolean_param(std::string name, bool value, std::string description);
param_def vector_param(std::string name, std::vector<double> value, double min, double max, std::string unit,
                       std::string description);
param_def choice_param(std::string name, std::string value, std::vector<std::string> choices,
                       std::string description);
param_def text_param(std::string name, std::string value, std::string description,
                     std::size_t max_length = default_text_length);

// Checks a value against its declaration: kind, length, finiteness, range, choice; text:
// length and one line (no control characters). What the text means is the scene's to check.
// Returns the reason it is invalid, or nothing when it is valid.
std::optional<std::string> validate_param(const param_def& def, const param_value& value);

// Parses the command-line / text form: "1.5", "7", "true", "0.1,5,0.1", "midpoint", any text.
// Returns the reason on failure (the value is then left untouched).
std::optional<std::string> parse_param(const param_def& def, const std::string& text, param_value& out);

// The text form parse_param accepts (round-trips exactly for doubles).
std::string format_param(const param_value& value);

// A complete set of values for one scene, keyed by parameter name.
class param_values {
 public:
  param_values() = default;
  static param_values defaults(const std::vector<param_def>& defs);

  void set(const std::string& name, param_value value) { values_[name] = std::move(value); }
  bool contains(const std::string& name) const { return values_.count(name) != 0; }
  const param_value& get(const std::string& name) const;

  double number(const std::string& name) const { return std::get<double>(get(name)); }
  std::int64_t integer(const std::string& name) const { return std::get<std::int64_t>(get(name)); }
  bool boolean(const std::string& name) const { return std::get<bool>(get(name)); }
  const std::vector<double>& vector(const std::string& name) const { return std::get<std::vector<double>>(get(name)); }
  const std::string& choice(const std::string& name) const { return std::get<std::string>(get(name)); }
  const std::string& text(const std::string& name) const { return std::get<std::string>(get(name)); }

  const std::map<std::string, param_value>& all() const { return values_; }
  friend bool operator==(const param_values&, const param_values&) = default;

 private:
  std::map<std::string, param_value> values_;
};

const param_def* find_param(const std::vector<param_def>& defs, const std::string& name);

// "unknown parameter [of scene S] (valid: a, b, c)": what every refusal of an undeclared
// name says (sim --set, presets, scripts' set), so that the user sees what to type.
std::string unknown_param_reason(const std::vector<param_def>& defs, const std::string& scene_name = "");

// Appends `item` to a `separator`-separated list held in `list`.
void append_separated(std::string& list, const char* separator, const std::string& item);

}  // namespace framelab

namespace framelab {
// Validates a whole set against the declarations: every declared parameter present
// and valid, no undeclared one. Returns "name: reason" for the first problem.
std::optional<std::string> validate_params(const std::vector<param_def>& defs, const param_values& values);
}  // namespace framelab
