#pragma once
// The carousel as it was written by hand before it stood on its scene file
// (assets/builtin/carousel.json), kept as an independent reference for
// tests/scenes/carousel_test.cpp: the platform's angle, rate and hub motion worked out on
// paper in 2D (the ground plane), the step cut by hand where the spin-up ends, and the puck
// integrated in the platform's frame with the 2D local acceleration
//   a1 = (1/m) F~ - a~2 - alpha~2 T1 - (w~2)^2 T1 - 2 w~2 v1
// (core/frames/inertial_accelerations.hpp) by the project's ODE stepper. The scene does
// it in 3D, with the derivatives from the file's expressions by hyper-duals.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/frames/dynamic_transform.hpp"
#include "core/frames/inertial_accelerations.hpp"
#include "core/ode/ode_stepper.hpp"

namespace framelab::testing {

struct hand_written_carousel {
  double rate0 = 0.4, alpha = 0.05, spin_up_time = 20.0, hub_amplitude = 0.0, hub_period = 6.0, mass = 1.0;
  double radius = 5.0;
  bool auto_relaunch = true;
  glm::dvec2 force{0.0}, start_r{-3.0, 0.0}, start_v{1.5, 0.0};
  ode::method method = ode::method::rk4;

  double time = 0.0;
  long long steps = 0;        // time = steps x dt, as the world model's clock
  glm::dvec2 r{0.0}, v{0.0};  // the puck in the platform's frame

  struct state {
    glm::dvec2 r{0.0}, v{0.0};
    friend state operator+(const state& a, const state& b) { return {a.r + b.r, a.v + b.v}; }
    friend state operator*(double s, const state& a) { return {s * a.r, s * a.v}; }
    friend double max_norm(const state& a) { return std::max(ode::max_norm(a.r), ode::max_norm(a.v)); }
  };

  void start() {
    time = 0.0;
    steps = 0;
    r = start_r;
    v = start_v;
  }

  //   theta = w0 t + alpha t^2 / 2, w = w0 + alpha t, for t <= t_s; then the rate w0 + alpha t_s
  //   hub  = (A sin(2 pi t / P), 0), its velocity and acceleration by differentiation
  dynamic_transform<double, 2> platform(double t, bool spinning_up) const {
    dynamic_transform<double, 2> a2;
    const double ts = spin_up_time;
    if (spinning_up) {
      a2.pose.rotation = rate0 * t + 0.5 * alpha * t * t;
      a2.angular_velocity = rate0 + alpha * t;
      a2.angular_accel = alpha;
    } else {
      const double rate = rate0 + alpha * ts;
      a2.pose.rotation = rate0 * ts + 0.5 * alpha * ts * ts + rate * (t - ts);
      a2.angular_velocity = rate;
    }
    const double k = 2.0 * std::numbers::pi / hub_period;
    a2.pose.translation = {hub_amplitude * std::sin(k * t), 0.0};
    a2.velocity = {hub_amplitude * k * std::cos(k * t), 0.0};
    a2.accel = {-hub_amplitude * k * k * std::sin(k * t), 0.0};
    return a2;
  }
  dynamic_transform<double, 2> platform_now() const { return platform(time, time < spin_up_time); }

  void integrate(double dt, bool spinning_up) {
    const auto f = [&](double at, const state& y) {
      return state{y.v, local_acceleration(platform(at, spinning_up), y.r, y.v, force, mass)};
    };
    const state next = ode::step(method, f, time, state{r, v}, dt);
    time += dt;
    r = next.r;
    v = next.v;
  }

  // One step, cut where the angular acceleration switches off; it ends at n dt (a product,
  // as the world model's clock, not a running sum).
  void step(double dt) {
    const double ts = spin_up_time;
    const double end = static_cast<double>(++steps) * dt;
    if (time < ts && end > ts) {
      integrate(ts - time, true);
      time = ts;
      integrate(end - ts, false);
    } else {
      integrate(end - time, time < ts);
    }
    time = end;
    if (auto_relaunch && glm::length(r) > 1.6 * radius) {
      r = start_r;
      v = start_v;
    }
  }
  glm::dvec2 world_position() const { return platform_now().pose.apply_point(r); }
};

}  // namespace framelab::testing
