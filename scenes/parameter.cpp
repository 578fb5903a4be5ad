#include "scenes/parameter.hpp"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "common/number_text.hpp"

namespace framelab {

param_def number_param(std::string name, double value, double min, double max, std::string unit,
                       std::string description) {
  return {std::move(name), param_kind::number, value, min, max, std::move(unit), std::move(description), 1, {}};
}

param_def integer_param(std::string name, std::int64_t value, std::int64_t min, std::int64_t max,
                        std::string description) {
  return {std::move(name), param_kind::integer, value, static_cast<double>(min), static_cast<double>(max), "",
          std::move(description), 1, {}};
}

param_def boolean_param(std::string name, bool value, std::string description) {
  return {std::move(name), param_kind::boolean, value, 0.0, 1.0, "", std::move(description), 1, {}};
}

param_def vector_param(std::string name, std::vector<double> value, double min, double max, std::string unit,
                       std::string description) {
  const std::size_t n = value.size();
  return {std::move(name), param_kind::vector, std::move(value), min, max, std::move(unit), std::move(description),
          n, {}};
}

param_def choice_param(std::string name, std::string value, std::vector<std::string> choices,
                       std::string description) {
  return {std::move(name), param_kind::choice, std::move(value), 0.0, 0.0, "", std::move(description), 1,
          std::move(choices)};
}

param_def text_param(std::string name, std::string value, std::string description, std::size_t max_length) {
  param_def def{std::move(name), param_kind::text, std::move(value), 0.0, 0.0, "", std::move(description), 1, {}};
  def.max_length = max_length;
  return def;
}

param_def view_only(param_def def) {
  def.view_only = true;
  return def;
}

namespace {

std::optional<std::string> check_number(const param_def& def, double x) {
  if (!std::isfinite(x)) return "must be a finite number, got " + shortest_text(x);
  if (x < def.min || x > def.max) {
    return "must be in [" + shortest_text(def.min) + ", " + shortest_text(def.max) + "]" +
           (def.unit.empty() ? "" : " " + def.unit) + ", got " + shortest_text(x);
  }
  return std::nullopt;
}

// Parses a whole string as a double (no trailing characters, no empty string).
std::optional<double> to_double(std::string text) {
  while (!text.empty() && text.front() == ' ') text.erase(text.begin());
  while (!text.empty() && text.back() == ' ') text.pop_back();
  if (text.empty()) return std::nullopt;
  const parsed_number x = parse_number(text);
  if (x.error != std::errc()) return std::nullopt;
  return x.value;
}

// One line of at most max_length bytes: no control characters (they would break the
// one-line messages, the CSV-free text form and the UI's single-line field).
std::optional<std::string> check_text(const param_def& def, const std::string& text) {
  if (text.size() > def.max_length) {
    return "must be at most " + std::to_string(def.max_length) + " characters, got " + std::to_string(text.size());
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) return "must be one line of text: control character at col " + std::to_string(i + 1);
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> validate_param(const param_def& def, const param_value& value) {
  switch (def.kind) {
    case param_kind::number:
      if (!std::holds_alternative<double>(value)) return std::string("expected a number");
      return check_number(def, std::get<double>(value));
    case param_kind::integer:
      if (!std::holds_alternative<std::int64_t>(value)) return std::string("expected an integer");
      return check_number(def, static_cast<double>(std::get<std::int64_t>(value)));
    case param_kind::boolean:
      if (!std::holds_alternative<bool>(value)) return std::string("expected true or false");
      return std::nullopt;
    case param_kind::vector: {
      if (!std::holds_alternative<std::vector<double>>(value)) {
        return "expected " + std::to_string(def.components) + " comma-separated numbers";
      }
      const auto& v = std::get<std::vector<double>>(value);
      if (v.size() != def.components) {
        return "expected " + std::to_string(def.components) + " components, got " + std::to_string(v.size());
      }
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (auto error = check_number(def, v[i])) return "component " + std::to_string(i + 1) + " " + *error;
      }
      return std::nullopt;
    }
    case param_kind::choice: {
      if (!std::holds_alternative<std::string>(value)) return std::string("expected a name");
      const auto& name = std::get<std::string>(value);
      for (const auto& choice : def.choices) {
        if (choice == name) return std::nullopt;
      }
      std::string list;
      for (const auto& choice : def.choices) append_separated(list, ", ", choice);
      return "must be one of " + list + ", got '" + name + "'";
    }
    case param_kind::text:
      if (!std::holds_alternative<std::string>(value)) return std::string("expected a string");
      return check_text(def, std::get<std::string>(value));
  }
  return std::string("unknown parameter kind");
}

std::optional<std::string> parse_param(const param_def& def, const std::string& text, param_value& out) {
  param_value parsed;
  switch (def.kind) {
    case param_kind::number: {
      const auto x = to_double(text);
      if (!x) return "expected a number, got '" + text + "'";
      parsed = *x;
      break;
    }
    case param_kind::integer: {
      std::int64_t n = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
      if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        return "expected an integer, got '" + text + "'";
      }
      parsed = n;
      break;
    }
    case param_kind::boolean:
      if (text == "true" || text == "1" || text == "on") {
        parsed = true;
      } else if (text == "false" || text == "0" || text == "off") {
        parsed = false;
      } else {
        return "expected true or false, got '" + text + "'";
      }
      break;
    case param_kind::vector: {
      std::vector<double> v;
      std::size_t start = 0;
      while (true) {
        const std::size_t comma = text.find(',', start);
        const auto x = to_double(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (!x) return "expected comma-separated numbers, got '" + text + "'";
        v.push_back(*x);
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
      parsed = std::move(v);
      break;
    }
    case param_kind::choice:
    case param_kind::text:
      parsed = text;
      break;
  }
  if (auto error = validate_param(def, parsed)) return error;
  out = std::move(parsed);
  return std::nullopt;
}

std::string format_param(const param_value& value) {
  struct formatter {
    std::string operator()(double x) const { return shortest_text(x); }
    std::string operator()(std::int64_t n) const { return std::to_string(n); }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(const std::vector<double>& v) const {
      std::string text;
      for (double x : v) append_separated(text, ",", shortest_text(x));
      return text;
    }
    std::string operator()(const std::string& s) const { return s; }
  };
  return std::visit(formatter{}, value);
}

param_values param_values::defaults(const std::vector<param_def>& defs) {
  param_values values;
  for (const auto& def : defs) values.set(def.name, def.default_value);
  return values;
}

const param_value& param_values::get(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) throw std::out_of_range("no parameter named '" + name + "'");
  return it->second;
}

void append_separated(std::string& list, const char* separator, const std::string& item) {
  if (!list.empty()) list += separator;
  list += item;
}

const param_def* find_param(const std::vector<param_def>& defs, const std::string& name) {
  for (const auto& def : defs) {
    if (def.name == name) return &def;
  }
  return nullptr;
}

std::string unknown_param_reason(const std::vector<param_def>& defs, const std::string& scene_name) {
  std::string names;
  for (const auto& def : defs) append_separated(names, ", ", def.name);
  return "unknown parameter" + (scene_name.empty() ? "" : " of scene " + scene_name) + " (valid: " + names + ")";
}

}  // namespace framelab

namespace framelab {
std::optional<std::string> validate_params(const std::vector<param_def>& defs, const param_values& values) {
  for (const auto& [name, value] : values.all()) {
    const param_def* def = find_param(defs, name);
    if (def == nullptr) return name + ": " + unknown_param_reason(defs);
    if (auto error = validate_param(*def, value)) return name + ": " + *error;
  }
  for (const auto& def : defs) {
    if (!values.contains(def.name)) return def.name + ": missing";
  }
  return std::nullopt;
}
}  // namespace framelab
