#pragma once
// located_json: a JSON document (comments allowed) whose every value and object key
// remembers where it starts in the text, so that a scene file's loader can name
// file:line:column in each message. nlohmann-json 3.11 keeps no positions on its
// values; here its own SAX parser (json::sax_parse) reads the text through an iterator
// that publishes how far the lexer has read, and each event's start is found from there
// (a key or string: back to its opening quote; a number: back over its characters;
// { and [: the character just read). No JSON is parsed by hand.
//
// Limits (refused with a message, never a crash): the text's size, the nesting depth
// and the number of values; the limits are parameters so a caller can choose them.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace framelab {

struct json_limits {
  std::size_t max_bytes = 4u << 20;   // 4 MiB
  std::size_t max_depth = 64;         // objects and arrays inside each other
  std::size_t max_values = 400'000;   // every value, keys not counted
};

// 1-based line and column (column in bytes) of a byte offset in `text`.
struct text_position {
  std::size_t line = 1, column = 1;
};
text_position position_of(std::string_view text, std::size_t offset);

// `message` with control characters written as escapes (\n, \t, \xNN), so a key or name
// echoed from the file cannot break a one-line "file:line:column: ..." report.
std::string one_line(std::string_view message);

class located_json {
 public:
  enum class kind : std::uint8_t { null, boolean, number, string, array, object };

  kind type() const { return kind_; }
  bool is_object() const { return kind_ == kind::object; }
  bool is_array() const { return kind_ == kind::array; }
  bool is_number() const { return kind_ == kind::number; }
  bool is_string() const { return kind_ == kind::string; }
  bool is_boolean() const { return kind_ == kind::boolean; }
  double number() const { return number_; }
  bool boolean() const { return boolean_; }
  const std::string& text() const { return text_; }  // a string's value
  // Object members in file order (a key given twice is refused by the parser).
  const std::vector<std::pair<std::string, located_json>>& members() const { return members_; }
  const std::vector<std::size_t>& key_offsets() const { return key_offsets_; }
  const std::vector<located_json>& items() const { return items_; }  // array elements
  const located_json* find(std::string_view key) const;
  std::size_t offset() const { return offset_; }  // where the value starts in the text
  static const char* kind_name(kind k);

 private:
  friend class located_json_builder;
  kind kind_ = kind::null;
  bool boolean_ = false;
  double number_ = 0.0;
  std::string text_;
  std::vector<std::pair<std::string, located_json>> members_;
  std::vector<std::size_t> key_offsets_;  // members_[i]'s key starts here
  std::vector<located_json> items_;
  std::size_t offset_ = 0;
};

// Parses `text` (JSON with // and /* */ comments). On failure returns
// "line:column: reason" and leaves `out` untouched.
std::optional<std::string> parse_located_json(std::string_view text, located_json& out, const json_limits& limits = {});

}  // namespace framelab
