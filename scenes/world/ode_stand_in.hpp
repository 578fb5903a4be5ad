#pragma once
// TEMPORARY stand-in for core/ode/ode_stepper.hpp (the project's one ODE stepper, written
// on another branch): the same call, framelab::ode::step(method, f, t, y, h), so that the
// world model switches to the real header by changing one include. Delete once merged.
#include <limits>
#include <optional>
#include <string_view>

namespace framelab::ode {

enum class method { explicit_euler, midpoint, rk4 };

constexpr std::optional<method> parse_method(std::string_view name) {
  if (name == "explicit-euler") return method::explicit_euler;
  if (name == "midpoint") return method::midpoint;
  if (name == "rk4") return method::rk4;
  return std::nullopt;
}

template <class T, class State, class F>
State step(method m, const F& f, T t, const State& y, T h) {
  const T half = h / T(2);
  switch (m) {
    case method::explicit_euler: return y + h * f(t, y);
    case method::midpoint: {  // implicit midpoint by fixed-point iteration, as the real header
      State y1 = y;
      for (int i = 0; i < 100; ++i) {
        const State next = y + h * f(t + half, T(0.5) * (y + y1));
        const auto moved = max_norm(next + T(-1) * y1);
        y1 = next;
        if (!(moved > T(8) * std::numeric_limits<T>::epsilon() * max_norm(next))) break;
      }
      return y1;
    }
    case method::rk4: {
      const State k1 = f(t, y);
      const State k2 = f(t + half, y + half * k1);
      const State k3 = f(t + half, y + half * k2);
      const State k4 = f(t + h, y + h * k3);
      return y + (h / T(6)) * (k1 + T(2) * k2 + T(2) * k3 + k4);
    }
  }
  return y;
}

}  // namespace framelab::ode
