#include "bench/options.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace framelab::bench {

namespace {

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

std::vector<std::string> split_commas(std::string_view text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const auto comma = text.find(',', start);
    parts.push_back(trim(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return parts;
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? separator : "") + parts[i];
  return out;
}

const option_spec* find_spec(const std::vector<option_spec>& specs, std::string_view name) {
  for (const auto& s : specs)
    if (s.name == name) return &s;
  return nullptr;
}

std::string range_text(const option_spec& spec) {
  return "[" + std::to_string(spec.min) + ", " + std::to_string(spec.max) + "]";
}

std::optional<std::string> check_integer(const option_spec& spec, const std::string& item, long long& value) {
  if (item.empty()) return std::string("empty value");
  const auto parsed = parse_integer(item);
  if (!parsed) return "'" + item + "' is not an integer";
  if (*parsed < spec.min || *parsed > spec.max) return "'" + item + "' is outside " + range_text(spec);
  value = *parsed;
  return std::nullopt;
}

}  // namespace

std::optional<long long> parse_integer(std::string_view text) {
  std::string digits;
  for (char c : text)
    if (c != '\'' && c != '_') digits += c;
  if (digits.empty() || digits.size() > 32) return std::nullopt;
  try {
    std::size_t used = 0;
    if (digits.find_first_of("eE.") == std::string::npos) {
      const long long v = std::stoll(digits, &used);
      if (used != digits.size()) return std::nullopt;
      return v;
    }
    const double v = std::stod(digits, &used);
    if (used != digits.size() || !std::isfinite(v) || v != std::floor(v) || std::abs(v) > 9.0e18) return std::nullopt;
    return static_cast<long long>(v);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::optional<std::string> canonical_option_text(const option_spec& spec, std::string_view text,
                                                 std::string& canonical) {
  const std::string t = trim(text);
  switch (spec.kind) {
    case option_kind::flag:
      if (t.empty() || t == "true" || t == "1" || t == "on" || t == "yes") {
        canonical = "true";
      } else if (t == "false" || t == "0" || t == "off" || t == "no") {
        canonical = "false";
      } else {
        return "'" + t + "' is not true or false";
      }
      return std::nullopt;
    case option_kind::integer: {
      long long v = 0;
      if (auto error = check_integer(spec, t, v)) return error;
      canonical = std::to_string(v);
      return std::nullopt;
    }
    case option_kind::integer_list: {
      std::vector<std::string> out;
      std::vector<long long> seen;
      for (const auto& item : split_commas(t)) {
        long long v = 0;
        if (auto error = check_integer(spec, item, v)) return error;
        if (std::find(seen.begin(), seen.end(), v) != seen.end()) continue;
        seen.push_back(v);
        out.push_back(std::to_string(v));
      }
      canonical = join(out, ",");
      return std::nullopt;
    }
    case option_kind::choice_list: {
      if (t == "all") {
        canonical = join(spec.choices, ",");
        return std::nullopt;
      }
      std::vector<std::string> out;
      for (const auto& item : split_commas(t)) {
        if (item.empty()) return std::string("empty value (choose from " + join(spec.choices, ", ") + ", or all)");
        if (std::find(spec.choices.begin(), spec.choices.end(), item) == spec.choices.end()) {
          return "'" + item + "' is not one of " + join(spec.choices, ", ") + " (or all)";
        }
        if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(item);
      }
      canonical = join(out, ",");
      return std::nullopt;
    }
  }
  return std::string("unknown option kind");
}

std::optional<std::string> make_option_values(const std::vector<option_spec>& specs,
                                              const std::map<std::string, std::string>& given, option_values& values) {
  values = option_values{};
  for (const auto& [name, text] : given) {
    const option_spec* spec = find_spec(specs, name);
    if (spec == nullptr) return "--" + name + ": no such option";
    std::string canonical;
    if (auto error = canonical_option_text(*spec, text, canonical)) return "--" + name + ": " + *error;
    values.text_[name] = canonical;
    values.given_.insert(name);
  }
  for (const auto& spec : specs) {
    if (values.text_.count(spec.name)) continue;
    values.text_[spec.name] =
        spec.kind == option_kind::flag && spec.default_value.empty() ? "false" : spec.default_value;
  }
  return std::nullopt;
}

std::optional<std::string> check_option_values(const std::vector<option_spec>& specs, option_values& values) {
  for (const auto& spec : specs) {
    std::string canonical;
    if (auto error = canonical_option_text(spec, values.text(spec.name), canonical)) {
      return "--" + spec.name + ": " + *error + (values.given(spec.name) ? "" : " (the default)");
    }
    values.text_[spec.name] = canonical;
  }
  return std::nullopt;
}

std::vector<std::string> cap_for_slices(const std::vector<option_spec>& specs, option_values& values) {
  std::vector<std::string> changed;
  for (const auto& spec : specs) {
    if (spec.slice_max == LLONG_MAX) continue;
    if (spec.kind != option_kind::integer && spec.kind != option_kind::integer_list) continue;
    std::string kept;
    std::string left_out;
    for (const long long value : values.integers(spec.name)) {
      std::string& into = value <= spec.slice_max ? kept : left_out;
      into += (into.empty() ? "" : ",") + std::to_string(value);
    }
    if (left_out.empty()) continue;
    if (kept.empty() || spec.kind == option_kind::integer) kept = std::to_string(spec.slice_max);
    values.text_[spec.name] = kept;
    changed.push_back(spec.name + " up to " + std::to_string(spec.slice_max) + " (left out: " + left_out + ")");
  }
  return changed;
}

bool option_values::flag(std::string_view name) const {
  return text(name) == "true";
}

long long option_values::integer(std::string_view name) const {
  return parse_integer(text(name)).value_or(0);
}

std::vector<long long> option_values::integers(std::string_view name) const {
  std::vector<long long> out;
  const std::string& t = text(name);
  if (t.empty()) return out;
  for (const auto& item : split_commas(t))
    if (auto v = parse_integer(item)) out.push_back(*v);
  return out;
}

std::vector<std::string> option_values::choices(std::string_view name) const {
  const std::string& t = text(name);
  if (t.empty()) return {};
  return split_commas(t);
}

const std::string& option_values::text(std::string_view name) const {
  static const std::string empty;
  const auto it = text_.find(name);
  return it == text_.end() ? empty : it->second;
}

bool option_values::given(std::string_view name) const {
  return given_.find(name) != given_.end();
}

void option_values::set_default(const std::string& name, std::string text) {
  if (!given(name)) text_[name] = std::move(text);
}

}  // namespace framelab::bench
