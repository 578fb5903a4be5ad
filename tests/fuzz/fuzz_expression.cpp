// fuzz_expression: the bytes are the text a user types into the vector-field scene's
// vx / vy fields, parsed with the variables x, y (core/ad/expression.hpp). Invariants:
//   - a refusal is one printable line, "col N: ..." with N in [1, size + 1] (or the
//     empty / too-long messages), and leaves the output expression untouched;
//   - two parses of the same text give the same program;
//   - an accepted program is non-empty, within the stack limit, and evaluates with
//     double, dual<double> and dual_n<double, 2> at a few points: the dual real parts
//     are the double value, and the dual_n parts the two dual<double> derivatives
//     (equal, or both NaN);
//   - partial evaluation (with_known_variables) with y known, and with nothing known,
//     gives the same double value (or NaN where it is NaN) with no more nodes.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "core/ad/dual.hpp"
#include "core/ad/dual_n.hpp"
#include "core/ad/expression.hpp"

namespace {

using framelab::expression;
using d1 = framelab::dual<double>;
using d2 = framelab::dual_n<double, 2>;

constexpr std::string_view variables[] = {"x", "y"};

void check(bool ok, const char* what, const std::string& text) {
  if (ok) return;
  std::fprintf(stderr, "fuzz_expression: invariant violated: %s\ninput (%zu bytes): ", what, text.size());
  for (const char c : text) std::fprintf(stderr, "\\x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
  std::fprintf(stderr, "\n");
  std::abort();
}

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

void check_refusal(const std::string& message, const std::string& text) {
  check(!message.empty(), "empty message", text);
  for (const char c : message) {
    check(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f, "unprintable message", text);
  }
  if (message == "empty expression" || message.starts_with("expression longer than")) return;
  check(message.starts_with("col "), "message without a column", text);
  const unsigned long column = std::strtoul(message.c_str() + 4, nullptr, 10);
  check(column >= 1 && column <= text.size() + 1, "column outside the text", text);
}

bool same_program(const expression& a, const expression& b) {
  if (a.program.size() != b.program.size() || a.stack_size != b.stack_size) return false;
  for (std::size_t i = 0; i < a.program.size(); ++i) {
    const auto &m = a.program[i], &n = b.program[i];
    if (m.op != n.op || m.index != n.index || !same(m.value, n.value)) return false;
  }
  return true;
}

void check_evaluation(const expression& e, double x, double y, const std::string& text) {
  const double plain[] = {x, y};
  const double value = framelab::evaluate<double>(e, plain);
  const d1 along_x[] = {d1(x, 1.0), d1(y, 0.0)}, along_y[] = {d1(x, 0.0), d1(y, 1.0)};
  const d1 dx = framelab::evaluate<d1>(e, along_x), dy = framelab::evaluate<d1>(e, along_y);
  const d2 both[] = {framelab::make_variable<double, 2>(x, 0), framelab::make_variable<double, 2>(y, 1)};
  const d2 gradient = framelab::evaluate<d2>(e, both);
  check(same(dx.real(), value) && same(dy.real(), value), "dual value differs from the double value", text);
  check(same(gradient.real(), value), "dual_n value differs from the double value", text);
  check(same(gradient.dual_part()[0], dx.dual_part()) && same(gradient.dual_part()[1], dy.dual_part()),
        "dual_n derivatives differ from dual<double>'s", text);
}

// The program with y known (and with nothing known) computes the same double value.
void check_partial_evaluation(const expression& e, double x, double y, const std::string& text) {
  const double plain[] = {x, y};
  const double value = framelab::evaluate<double>(e, plain);
  const std::optional<double> y_known[] = {std::nullopt, y}, none[] = {std::nullopt, std::nullopt};
  for (const auto known : {std::span<const std::optional<double>>(y_known), std::span<const std::optional<double>>(none)}) {
    const expression folded = framelab::with_known_variables(e, known);
    check(folded.program.size() <= e.program.size() && !folded.program.empty(), "partial evaluation grew", text);
    const double x_only[] = {x, known[1] ? std::nan("") : y};
    check(same(framelab::evaluate<double>(folded, x_only), value), "partial evaluation changed the value", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  expression first, second;
  first.stack_size = 12345;  // a refusal must leave it
  const auto error = framelab::parse_expression(text, variables, first);
  const auto again = framelab::parse_expression(text, variables, second);
  check(error.has_value() == again.has_value() && (!error || *error == *again), "two parses differ", text);
  if (error) {
    check(first.stack_size == 12345 && first.program.empty(), "a refusal changed the output", text);
    check_refusal(*error, text);
    return 0;
  }
  check(same_program(first, second), "two parses gave different programs", text);
  check(!first.program.empty() && first.stack_size >= 1 && first.stack_size <= framelab::max_expression_stack,
        "accepted program out of bounds", text);
  for (const auto& [x, y] : {std::pair{0.7, -1.3}, std::pair{0.0, 0.0}, std::pair{-2.5, 1e-3}}) {
    check_evaluation(first, x, y, text);
    check_partial_evaluation(first, x, y, text);
  }
  return 0;
}
