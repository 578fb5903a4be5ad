#pragma once
// The textbook double pendulum (point masses m1, m2 on massless rods l1, l2, angles th1, th2
// from the downward vertical, gravity g), the independent reference of the joint tests
// (tests/core/dynamics, tests/scenes/world):
//   th1'' = [-g (2 m1 + m2) sin th1 - m2 g sin(th1 - 2 th2)
//            - 2 sin(th1 - th2) m2 (th2'^2 l2 + th1'^2 l1 cos(th1 - th2))] / (l1 den)
//   th2'' = [2 sin(th1 - th2) (th1'^2 l1 (m1 + m2) + g (m1 + m2) cos th1
//            + th2'^2 l2 m2 cos(th1 - th2))] / (l2 den),   den = 2 m1 + m2 - m2 cos(2 th1 - 2 th2)
#include <cmath>

#include "core/glm_config.hpp"

namespace framelab::testing {

struct lagrangian_double_pendulum {
  double m1 = 1.0, m2 = 1.0, l1 = 1.0, l2 = 1.0, g = 9.81;
  // d/dt (th1, th2, th1', th2')
  glm::dvec4 operator()(double, const glm::dvec4& y) const {
    const double d = y.x - y.y;
    const double den = 2.0 * m1 + m2 - m2 * std::cos(2.0 * d);
    const double a1 = (-g * (2.0 * m1 + m2) * std::sin(y.x) - m2 * g * std::sin(y.x - 2.0 * y.y) -
                       2.0 * std::sin(d) * m2 * (y.w * y.w * l2 + y.z * y.z * l1 * std::cos(d))) /
                      (l1 * den);
    const double a2 = (2.0 * std::sin(d) *
                       (y.z * y.z * l1 * (m1 + m2) + g * (m1 + m2) * std::cos(y.x) + y.w * y.w * l2 * m2 * std::cos(d))) /
                      (l2 * den);
    return {y.z, y.w, a1, a2};
  }
};

}  // namespace framelab::testing
