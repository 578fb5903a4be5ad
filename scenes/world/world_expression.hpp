#pragma once
// world_expression: one expression of a scene file (core/ad/expression.hpp), parsed once
// per load, in the variables t (s) and the file's parameters. Bound to the parameters'
// values at each reset: an expression that does not read t is then a constant.
// Evaluated with a hyper-dual time, t + eps1 + eps2, it gives the value and the first
// and second time derivatives exactly (core/ad/hyper_dual.hpp):
//   f(t + eps1 + eps2) = f + eps1 f' + eps2 f' + eps1 eps2 f''.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/ad/expression.hpp"
#include "core/ad/hyper_dual.hpp"

namespace framelab {

struct world_expression {
  std::string text;    // as written in the file, for messages
  expression program;  // variables: t, then the parameters in declaration order
  bool uses_time = false;
  double value = 0.0;  // bound: the value when !uses_time
};

// The value and its first two time derivatives.
struct jet {
  double value = 0.0, rate = 0.0, accel = 0.0;
};

// "t = 1.25 s": a time as the world model's messages show it.
std::string time_text(double t);

// The variable names every expression of a file may read: "t", then the parameters.
std::vector<std::string_view> expression_variables(std::span<const std::string> parameters);

// Parses `text`; on failure returns the parser's message ("col 7: unknown function 'sn'").
std::optional<std::string> compile_world_expression(std::string_view text, std::span<const std::string_view> variables,
                                                     world_expression& out);
// A constant expression (a number in the file).
world_expression constant_expression(double value);

// Evaluation with the time and the parameters' values (variables[0] is t, ignored by
// the caller's choice of scalar). `variables` is scratch space reused across calls.
class expression_evaluator {
 public:
  // Sets the parameters' values (in declaration order) and binds `e`'s constant value.
  void set_parameters(std::span<const double> values);
  void bind(world_expression& e) const;
  double value(const world_expression& e, double t) const;
  // The value of an expression compiled with variables beyond the parameters (a joint's
  // force reads q and qd after them): `extra` gives their values in order.
  double value_with(const world_expression& e, double t, std::span<const double> extra) const;
  jet derivatives(const world_expression& e, double t) const;

 private:
  mutable std::vector<double> real_;
  mutable std::vector<hyper_dual<double>> hyper_;
};

}  // namespace framelab
