#include "scenes/world/world_expression.hpp"

#include <cstdio>

namespace framelab {

std::string time_text(double t) {
  char text[48];
  std::snprintf(text, sizeof text, "t = %.6g s", t);
  return text;
}

std::vector<std::string_view> expression_variables(std::span<const std::string> parameters) {
  std::vector<std::string_view> names{"t"};
  for (const auto& p : parameters) names.push_back(p);
  return names;
}

std::optional<std::string> compile_world_expression(std::string_view text, std::span<const std::string_view> variables,
                                                     world_expression& out) {
  world_expression e;
  e.text = std::string(text);
  if (auto error = parse_expression(text, variables, e.program)) return error;
  for (const auto& node : e.program.program)
    if (node.op == expression_op::variable && node.index == 0) e.uses_time = true;
  out = std::move(e);
  return std::nullopt;
}

world_expression constant_expression(double value) {
  world_expression e;
  std::string text = std::to_string(value);
  e.text = text;
  e.program.program.push_back({expression_op::constant, 0, value});
  e.program.stack_size = 1;
  e.value = value;
  return e;
}

void expression_evaluator::set_parameters(std::span<const double> values) {
  real_.assign(values.size() + 1, 0.0);
  hyper_.assign(values.size() + 1, hyper_dual<double>(0.0));
  for (std::size_t i = 0; i < values.size(); ++i) {
    real_[i + 1] = values[i];
    hyper_[i + 1] = hyper_dual<double>(values[i]);  // a constant: no eps parts
  }
}

// A constant becomes its value; an expression of t has its parameters and everything
// computed from them alone folded into constants (core/ad/expression.hpp).
void expression_evaluator::bind(world_expression& e) const {
  if (!e.uses_time) {
    e.value = value(e, 0.0);
    return;
  }
  std::vector<std::optional<double>> known(real_.begin(), real_.end());
  known[0].reset();  // t
  e.program = with_known_variables(e.program, known);
}

double expression_evaluator::value(const world_expression& e, double t) const {
  real_[0] = t;
  return evaluate<double>(e.program, std::span<const double>(real_));
}

double expression_evaluator::value_with(const world_expression& e, double t, std::span<const double> extra) const {
  const std::size_t own = hyper_.size();  // t and the parameters
  real_.resize(own + extra.size());
  real_[0] = t;
  for (std::size_t k = 0; k < extra.size(); ++k) real_[own + k] = extra[k];
  return evaluate<double>(e.program, std::span<const double>(real_));
}

jet expression_evaluator::derivatives(const world_expression& e, double t) const {
  if (!e.uses_time) return {e.value, 0.0, 0.0};
  // t + eps1 + eps2: eps1 and eps12 parts are d/dt and d2/dt2
  hyper_[0] = hyper_dual<double>(t, 1.0, 1.0, 0.0);
  const hyper_dual<double> r = evaluate<hyper_dual<double>>(e.program, std::span<const hyper_dual<double>>(hyper_));
  return {r.real(), r.eps1(), r.eps12()};
}

}  // namespace framelab
