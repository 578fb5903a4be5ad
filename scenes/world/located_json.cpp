#include "scenes/world/located_json.hpp"

#include <algorithm>
#include <iterator>

#include <nlohmann/json.hpp>

namespace framelab {

namespace {

// A character iterator that publishes how many characters the lexer has taken, so the
// SAX events can find where their token started.
class counting_iterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  counting_iterator(const char* p, const char* begin, std::size_t* consumed) : p_(p), begin_(begin), consumed_(consumed) {}
  reference operator*() const { return *p_; }
  counting_iterator& operator++() {
    ++p_;
    *consumed_ = std::size_t(p_ - begin_);
    return *this;
  }
  counting_iterator operator++(int) {
    counting_iterator old = *this;
    ++*this;
    return old;
  }
  friend bool operator==(const counting_iterator& a, const counting_iterator& b) { return a.p_ == b.p_; }

 private:
  const char* p_;
  const char* begin_;
  std::size_t* consumed_;
};

bool is_number_char(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

}  // namespace

text_position position_of(std::string_view text, std::size_t offset) {
  text_position p;
  offset = std::min(offset, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

std::string one_line(std::string_view message) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(message.size());
  for (const char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

const located_json* located_json::find(std::string_view key) const {
  for (const auto& [k, v] : members_)
    if (k == key) return &v;
  return nullptr;
}

const char* located_json::kind_name(kind k) {
  switch (k) {
    case kind::null: return "null";
    case kind::boolean: return "true or false";
    case kind::number: return "a number";
    case kind::string: return "a string";
    case kind::array: return "an array";
    case kind::object: return "an object";
  }
  return "?";
}

// The SAX handler nlohmann's parser calls; builds located_json values bottom up.
class located_json_builder {
 public:
  using json = nlohmann::json;
  located_json_builder(std::string_view text, const std::size_t* consumed, const json_limits& limits)
      : text_(text), consumed_(consumed), limits_(limits) {}

  bool null() { return scalar(located_json::kind::null, token_start()); }
  bool boolean(bool b) {
    located_json v = make(located_json::kind::boolean, token_start());
    v.boolean_ = b;
    return add(std::move(v));
  }
  bool number_integer(json::number_integer_t x) { return number(double(x)); }
  bool number_unsigned(json::number_unsigned_t x) { return number(double(x)); }
  bool number_float(json::number_float_t x, const std::string& /*text*/) { return number(x); }
  bool string(std::string& s) {
    located_json v = make(located_json::kind::string, quoted_start());
    v.text_ = std::move(s);
    return add(std::move(v));
  }
  bool binary(json::binary_t& /*b*/) { return fail(*consumed_, "binary values are not JSON text"); }
  bool start_object(std::size_t /*n*/) { return open(located_json::kind::object); }
  bool key(std::string& k) {
    pending_.back() = {std::move(k), quoted_start()};
    return true;
  }
  bool end_object() {
    auto& members = stack_.back().members_;
    std::vector<std::size_t> order(members.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return members[a].first != members[b].first ? members[a].first < members[b].first : a < b;
    });
    for (std::size_t i = 1; i < order.size(); ++i)
      if (members[order[i]].first == members[order[i - 1]].first)
        return fail(stack_.back().key_offsets_[order[i]], "key '" + members[order[i]].first + "' given twice");
    return close();
  }
  bool start_array(std::size_t /*n*/) { return open(located_json::kind::array); }
  bool end_array() { return close(); }
  bool parse_error(std::size_t position, const std::string& /*last_token*/, const nlohmann::detail::exception& ex) {
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..." -> the reason
    std::string what = ex.what();
    const std::size_t column = what.find("column ");
    const std::size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
    if (colon != std::string::npos) what = what.substr(colon + 2);
    syntax_error = true;
    return fail(position > 0 ? position - 1 : 0, what);
  }

  std::optional<std::string> error;
  std::size_t error_offset = 0;
  bool syntax_error = false;  // the parser's own complaint (not a limit of ours)
  located_json root;

 private:
  located_json make(located_json::kind k, std::size_t offset) const {
    located_json v;
    v.kind_ = k;
    v.offset_ = offset;
    return v;
  }
  bool scalar(located_json::kind k, std::size_t offset) { return add(make(k, offset)); }
  bool number(double x) {
    located_json v = make(located_json::kind::number, number_start());
    v.number_ = x;
    return add(std::move(v));
  }
  bool fail(std::size_t offset, std::string why) {
    if (!error) error = std::move(why), error_offset = offset;
    return false;
  }
  bool add(located_json v) {
    if (++values_ > limits_.max_values)
      return fail(v.offset_, "more than " + std::to_string(limits_.max_values) + " values");
    if (stack_.empty()) {
      root = std::move(v);
      return true;
    }
    located_json& top = stack_.back();
    if (top.kind_ == located_json::kind::object) {
      top.members_.emplace_back(std::move(pending_.back().first), std::move(v));
      top.key_offsets_.push_back(pending_.back().second);
    } else {
      top.items_.push_back(std::move(v));
    }
    return true;
  }
  bool open(located_json::kind k) {
    const std::size_t offset = *consumed_ > 0 ? *consumed_ - 1 : 0;  // the { or [ just read
    if (stack_.size() >= limits_.max_depth)
      return fail(offset, "nested more than " + std::to_string(limits_.max_depth) + " levels deep");
    stack_.push_back(make(k, offset));
    pending_.emplace_back();
    return true;
  }
  bool close() {
    located_json v = std::move(stack_.back());
    stack_.pop_back();
    pending_.pop_back();
    return add(std::move(v));
  }
  // Where the token just read started: true/false/null are read exactly.
  std::size_t token_start() const {
    std::size_t p = *consumed_;
    while (p > 0 && text_[p - 1] >= 'a' && text_[p - 1] <= 'z') --p;
    return p;
  }
  // A string or key: the lexer stopped just after the closing quote; back to the opening
  // one (a quote preceded by an odd number of backslashes is part of the string).
  std::size_t quoted_start() const {
    std::size_t p = *consumed_ >= 2 ? *consumed_ - 2 : 0;
    while (p > 0) {
      if (text_[p] == '"') {
        std::size_t slashes = 0;
        while (p > slashes && text_[p - 1 - slashes] == '\\') ++slashes;
        if (slashes % 2 == 0) return p;
      }
      --p;
    }
    return 0;
  }
  // A number: the lexer read one character past it (unless the text ended there).
  std::size_t number_start() const {
    std::size_t p = *consumed_;
    if (p > 0 && !is_number_char(text_[p - 1])) --p;
    while (p > 0 && is_number_char(text_[p - 1])) --p;
    return p;
  }

  std::string_view text_;
  const std::size_t* consumed_;
  json_limits limits_;
  std::vector<located_json> stack_;
  std::vector<std::pair<std::string, std::size_t>> pending_;  // per open object: its last key, where it starts
  std::size_t values_ = 0;
};

std::optional<std::string> parse_located_json(std::string_view text, located_json& out, const json_limits& limits) {
  if (text.size() > limits.max_bytes)
    return "1:1: the file is " + std::to_string(text.size()) + " bytes, more than the " +
           std::to_string(limits.max_bytes) + " a scene file may have";
  std::size_t consumed = 0;
  located_json_builder builder(text, &consumed, limits);
  const counting_iterator first(text.data(), text.data(), &consumed);
  const counting_iterator last(text.data() + text.size(), text.data(), &consumed);
  bool ok = false;
  try {
    ok = nlohmann::json::sax_parse(first, last, &builder, nlohmann::json::input_format_t::json, true,
                                   /*ignore_comments=*/true);
  } catch (const std::exception& e) {  // e.g. a number too large for a double
    if (!builder.error) builder.error = e.what(), builder.error_offset = consumed;
  }
  if (!ok || builder.error) {
    const text_position p = position_of(text, builder.error_offset);
    return std::to_string(p.line) + ":" + std::to_string(p.column) + ": " + (builder.syntax_error ? "not valid JSON: " : "") +
           builder.error.value_or("the text ended early");
  }
  out = std::move(builder.root);
  return std::nullopt;
}

}  // namespace framelab
