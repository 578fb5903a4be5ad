// The recursive-descent parser of core/ad/expression.hpp: text -> postfix program.
// One function per grammar rule; each returns false once an error is recorded, and
// the first error wins. Columns are 1-based byte positions in the text.
#include "core/ad/expression.hpp"

#include <algorithm>
#include <cmath>
#include <vector>
#include <numbers>

#include "common/number_text.hpp"

namespace framelab {

namespace {

struct function_entry {
  std::string_view name;
  expression_op op;
  int arguments;
};

constexpr function_entry functions[] = {
    {"sin", expression_op::sin, 1},     {"cos", expression_op::cos, 1},     {"tan", expression_op::tan, 1},
    {"asin", expression_op::asin, 1},   {"acos", expression_op::acos, 1},   {"atan", expression_op::atan, 1},
    {"sinh", expression_op::sinh, 1},   {"cosh", expression_op::cosh, 1},   {"tanh", expression_op::tanh, 1},
    {"exp", expression_op::exp, 1},     {"log", expression_op::log, 1},     {"sqrt", expression_op::sqrt, 1},
    {"abs", expression_op::abs, 1},     {"atan2", expression_op::atan2, 2}, {"pow", expression_op::power, 2},
    {"hypot", expression_op::hypot, 2}, {"min", expression_op::min, 2},     {"max", expression_op::max, 2},
};

const function_entry* find_function(std::string_view name) {
  for (const auto& f : functions) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || is_digit(c); }

// A name or byte as it may appear in a one-line message: printable, and not too long.
std::string quoted(std::string_view text) {
  constexpr std::size_t longest = 24;
  std::string q(1, '\'');
  q.append(text.substr(0, longest));
  q.append(text.size() > longest ? "...'" : "'");
  return q;
}
std::string describe_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return quoted(std::string_view(&c, 1));
  constexpr char hex[] = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 0xf];
}

class parser {
 public:
  parser(std::string_view text, std::span<const std::string_view> variables) : text_(text), variables_(variables) {}

  std::optional<std::string> run(expression& out) {
    if (text_.size() > max_expression_length) {
      return "expression longer than " + std::to_string(max_expression_length) + " characters";
    }
    skip_blanks();
    if (at_end()) return std::string("empty expression");
    if (parse_sum() && !at_end()) {
      fail(peek() == ')' ? std::string("unmatched ')'")
                         : "unexpected " + describe_byte(peek()) + " (missing an operator?)");
    }
    if (error_) return error_;
    out = std::move(result_);
    return std::nullopt;
  }

 private:
  // [SECTION] the grammar

  // sum = product { ("+" | "-") product }
  bool parse_sum() {
    return parse_chain('+', expression_op::add, '-', expression_op::subtract, &parser::parse_product);
  }

  // product = signed { ("*" | "/") signed }
  bool parse_product() {
    return parse_chain('*', expression_op::multiply, '/', expression_op::divide, &parser::parse_signed);
  }

  // operand { (a | b) operand }, left-associative: 1 - 2 - 3 = (1 - 2) - 3
  bool parse_chain(char a, expression_op op_a, char b, expression_op op_b, bool (parser::*operand)()) {
    if (!(this->*operand)()) return false;
    while (peek() == a || peek() == b) {
      const expression_op op = take() == a ? op_a : op_b;
      if (!(this->*operand)()) return false;
      emit({op});
    }
    return true;
  }

  // signed = ("-" | "+") signed | power;  a sign is one level of nesting
  bool parse_signed() {
    if (peek() != '-' && peek() != '+') return parse_power();
    const std::size_t sign = position_;
    const bool minus = take() == '-';
    const std::size_t operand_start = result_.program.size();
    if (!enter(sign)) return false;
    const bool ok = parse_signed();
    leave();
    if (ok && minus) negate(operand_start);
    return ok;
  }

  // power = primary [ "^" signed ];  the exponent is one level of nesting (2^2^2^... recurses)
  bool parse_power() {
    if (!parse_primary()) return false;
    if (peek() != '^') return true;
    const std::size_t caret = position_++;
    const std::size_t exponent_start = result_.program.size();
    if (!enter(caret)) return false;
    const bool ok = parse_signed();
    leave();
    if (!ok) return false;
    if (const auto n = integer_literal(exponent_start)) {
      result_.program.pop_back();  // a ^ n with a literal integer n: pow(a, n)
      depth_ -= 1;
      emit({expression_op::power_integer, *n});
    } else {
      emit({expression_op::power});
    }
    return true;
  }

  // primary = number | name | function "(" arguments ")" | "(" sum ")"
  bool parse_primary() {
    skip_blanks();
    if (at_end()) return fail_at(text_.size(), "unexpected end of expression");
    const char c = text_[position_];
    if (is_digit(c) || c == '.') return parse_number();
    if (is_name_start(c)) return parse_name();
    if (c != '(') return fail("unexpected " + describe_byte(c));
    const std::size_t open = position_++;
    if (!enter(open)) return false;
    const bool ok = parse_sum() && expect_close(open);
    leave();
    return ok;
  }

  bool parse_number() {
    const std::size_t start = position_;
    while (position_ < text_.size() && (is_digit(text_[position_]) || text_[position_] == '.')) ++position_;
    if (position_ < text_.size() && (text_[position_] == 'e' || text_[position_] == 'E')) {
      std::size_t p = position_ + 1;
      if (p < text_.size() && (text_[p] == '+' || text_[p] == '-')) ++p;
      if (p < text_.size() && is_digit(text_[p])) {
        while (p < text_.size() && is_digit(text_[p])) ++p;
        position_ = p;
      }
    }
    const std::string_view digits = text_.substr(start, position_ - start);
    const parsed_number x = framelab::parse_number(digits);
    if (x.error == std::errc::result_out_of_range) return fail_at(start, "number " + quoted(digits) + " out of range");
    if (x.error != std::errc()) return fail_at(start, "malformed number " + quoted(digits));
    emit({expression_op::constant, 0, x.value});
    return true;
  }

  // a variable, pi, e, or a function call
  bool parse_name() {
    const std::size_t start = position_;
    while (position_ < text_.size() && is_name_char(text_[position_])) ++position_;
    const std::string_view name = text_.substr(start, position_ - start);
    skip_blanks();
    if (peek() == '(') return parse_call(name, start);
    for (std::size_t i = 0; i < variables_.size(); ++i) {
      if (variables_[i] == name) {
        emit({expression_op::variable, static_cast<std::int32_t>(i)});
        return true;
      }
    }
    if (name == "pi" || name == "e") {
      emit({expression_op::constant, 0, name == "pi" ? std::numbers::pi : std::numbers::e});
      return true;
    }
    if (find_function(name) != nullptr) return fail_at(position_, "expected '(' after " + quoted(name));
    return fail_at(start, "unknown name " + quoted(name) + " (expected " + known_names() + ")");
  }

  // function "(" sum { "," sum } ")", with exactly the function's number of arguments
  bool parse_call(std::string_view name, std::size_t start) {
    const function_entry* f = find_function(name);
    if (f == nullptr) return fail_at(start, "unknown function " + quoted(name));
    const std::size_t open = position_++;
    if (!enter(open)) return false;
    int count = 0;
    bool ok = true;
    while (ok) {
      ok = parse_sum();
      ++count;
      if (!ok || peek() != ',') break;
      take();
    }
    ok = ok && expect_close(open);
    leave();
    if (!ok) return false;
    if (count != f->arguments) {
      return fail_at(start, quoted(name) + " takes " + std::to_string(f->arguments) + " argument" +
                                (f->arguments == 1 ? "" : "s") + ", got " + std::to_string(count));
    }
    emit({f->op});
    return true;
  }

  bool expect_close(std::size_t open) {
    if (peek() == ')') {
      take();
      return true;
    }
    if (at_end()) return fail_at(text_.size(), "expected ')' to close the '(' at col " + std::to_string(open + 1));
    return fail("expected ')'");
  }

  // [SECTION] the program

  // Appends a node, tracking how many values are pending (a node pops its operands, pushes one).
  void emit(expression_node n) {
    const int pops = n.op == expression_op::constant || n.op == expression_op::variable ? 0
                     : expression_detail::is_binary(n.op)                               ? 2
                                                                                        : 1;
    depth_ += 1 - pops;
    result_.program.push_back(n);
    result_.stack_size = std::max(result_.stack_size, static_cast<std::size_t>(depth_));
    if (result_.stack_size > max_expression_stack) fail("expression too large (too many pending values)");
  }

  // -(operand from `start` on); -c for a literal c folds into the literal, so 2^-1 keeps a literal exponent
  void negate(std::size_t start) {
    expression_node& last = result_.program.back();
    if (result_.program.size() == start + 1 && last.op == expression_op::constant) {
      last.value = -last.value;
    } else {
      emit({expression_op::negate});
    }
  }

  // The exponent, when the program from `start` on is a single integer constant.
  std::optional<std::int32_t> integer_literal(std::size_t start) const {
    if (result_.program.size() != start + 1) return std::nullopt;
    const expression_node& n = result_.program.back();
    if (n.op != expression_op::constant || n.value != std::trunc(n.value) || std::abs(n.value) > 1 << 20) {
      return std::nullopt;
    }
    return static_cast<std::int32_t>(n.value);
  }

  // [SECTION] nesting and errors

  // one level deeper, for the token at `at`
  bool enter(std::size_t at) {
    if (++nesting_ <= max_expression_nesting) return true;
    return fail_at(at, "nested deeper than " + std::to_string(max_expression_nesting) + " levels");
  }
  void leave() { --nesting_; }

  bool fail(const std::string& message) { return fail_at(position_, message); }
  bool fail_at(std::size_t position, const std::string& message) {
    if (!error_) error_ = "col " + std::to_string(position + 1) + ": " + message;
    return false;
  }

  std::string known_names() const {
    std::string list;
    for (const auto& v : variables_) list += std::string(v) + ", ";
    return list + "pi or e";
  }

  // [SECTION] characters

  bool at_end() const { return position_ >= text_.size(); }
  void skip_blanks() {
    while (!at_end() && (text_[position_] == ' ' || text_[position_] == '\t')) ++position_;
  }
  // the next character after blanks, or '\0' at the end
  char peek() {
    skip_blanks();
    return at_end() ? '\0' : text_[position_];
  }
  char take() { return text_[position_++]; }

  std::string_view text_;
  std::span<const std::string_view> variables_;
  std::size_t position_ = 0;
  int nesting_ = 0;
  int depth_ = 0;  // values pending in the program so far
  expression result_;
  std::optional<std::string> error_;
};

}  // namespace

std::optional<std::string> parse_expression(std::string_view text, std::span<const std::string_view> variables,
                                             expression& out) {
  return parser(text, variables).run(out);
}

// Each pending value remembers where its nodes start in the output and whether it is
// known; an operation on known values alone replaces their nodes by one constant.
expression with_known_variables(const expression& e, std::span<const std::optional<double>> values) {
  namespace d = expression_detail;
  struct pending {
    std::size_t start = 0;
    bool known = false;
    double value = 0.0;
  };
  expression out;
  out.stack_size = e.stack_size;
  std::vector<pending> stack;
  const auto push_constant = [&](std::size_t start, double value) {
    out.program.resize(start);
    out.program.push_back({expression_op::constant, 0, value});
    stack.push_back({start, true, value});
  };
  for (const expression_node& n : e.program) {
    const std::size_t here = out.program.size();
    if (n.op == expression_op::constant) {
      push_constant(here, n.value);
    } else if (n.op == expression_op::variable) {
      const auto i = static_cast<std::size_t>(n.index);
      if (i < values.size() && values[i]) {
        push_constant(here, *values[i]);
      } else {
        out.program.push_back(n);
        stack.push_back({here, false, 0.0});
      }
    } else if (stack.empty()) {
      return e;  // not a program the parser makes: keep it as it is
    } else if (d::is_binary(n.op) || n.op == expression_op::power_integer) {
      if (n.op != expression_op::power_integer && stack.size() >= 2 && stack[stack.size() - 2].known &&
          stack.back().known) {
        const pending b = stack.back();
        stack.pop_back();
        const pending a = stack.back();
        stack.pop_back();
        push_constant(a.start, d::apply_binary(n.op, a.value, b.value));
      } else if (n.op == expression_op::power_integer && !stack.empty() && stack.back().known) {
        const pending a = stack.back();
        stack.pop_back();
        push_constant(a.start, std::pow(a.value, static_cast<int>(n.index)));
      } else {  // a pending value that reads an unknown variable: keep the operation
        const std::size_t operands = n.op == expression_op::power_integer ? 1 : 2;
        if (stack.size() < operands) return e;  // not a program the parser makes: keep it as it is
        const std::size_t start = stack[stack.size() - operands].start;
        stack.resize(stack.size() - operands);
        out.program.push_back(n);
        stack.push_back({start, false, 0.0});
      }
    } else if (stack.back().known) {
      const pending a = stack.back();
      stack.pop_back();
      push_constant(a.start, d::apply_unary(n.op, a.value));
    } else {
      out.program.push_back(n);
    }
  }
  return out;
}

}  // namespace framelab
