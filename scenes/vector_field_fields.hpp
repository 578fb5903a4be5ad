#pragma once
// The planar fields of the vector-field scene, each written ONCE as a template
// over the scalar S, as in docs/articles.md, dual-numbers-autodiff:
//   template <typename Scalar> Vector<Scalar> MyVectorField(const Vector<Scalar>& x);
// so the same code gives V(x) with S = double, one Jacobian column with
// S = dual<double> (x + eps e_j) and the whole Jacobian with S = dual_n<double, 2>.
//
// Next to each field, its Jacobian written out by hand (closed_form_jacobian):
// the independent reference the AD panel and the tests measure errors against.
// Convention (as core/ad/autodiff.hpp for glm): J[j][i] = dV_i/dx_j, column j is dV/dx_j.
//
// Every field is nonlinear on purpose: for a linear field the central difference
// has no truncation error at all and the error-vs-step "V" would lose its left arm.
// Units: x in m, V in m/s, J in 1/s.
//
// The field `expression` is typed by the user, V = (vx(x, y), vy(x, y)), parsed once
// (set_expressions) and evaluated through the same template (core/ad/expression.hpp): its
// derivatives come from the dual rules of the functions it composes. It has no Jacobian
// written by hand: closed_form_jacobian gives nothing for it.
#include <array>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "core/ad/expression.hpp"
#include "core/glm_config.hpp"

namespace framelab::planar_field {

enum class kind { rotation, saddle, source, sink, spiral, two_body_gravity, expression };

inline constexpr std::array<kind, 7> all_kinds{kind::rotation, kind::saddle,           kind::source,    kind::sink,
                                               kind::spiral,   kind::two_body_gravity, kind::expression};

// The fields with a Jacobian derived by hand (all but the typed one).
inline bool has_closed_form(kind k) { return k != kind::expression; }

inline std::string_view name(kind k) {
  switch (k) {
    case kind::rotation: return "rotation";
    case kind::saddle: return "saddle";
    case kind::source: return "source";
    case kind::sink: return "sink";
    case kind::spiral: return "spiral";
    case kind::two_body_gravity: return "two-body-gravity";
    case kind::expression: return "expression";
  }
  return "?";
}

inline std::optional<kind> kind_from_name(std::string_view text) {
  for (kind k : all_kinds) {
    if (name(k) == text) return k;
  }
  return std::nullopt;
}

// The formula of each field, for the panel.
inline std::string_view formula(kind k) {
  switch (k) {
    case kind::rotation: return "V = k exp(-r^2 / 2R^2) (-y, x)";
    case kind::saddle: return "V = k R (sin(x/R) cos(y/R), -cos(x/R) sin(y/R))";
    case kind::source: return "V = k (x, y) / sqrt(1 + r^2/R^2)";
    case kind::sink: return "V = -k (x, y) / sqrt(1 + r^2/R^2)";
    case kind::spiral: return "V = k [(mu - r^2/R^2)(x, y) + (-y, x)]";
    case kind::two_body_gravity: return "V = -sum_b GM_b (x - x_b) / (|x - x_b|^2 + eps^2)^(3/2)";
    case kind::expression: return "V = (vx(x, y), vy(x, y)), as typed";
  }
  return "";
}

// The typed field's default: a Van der Pol oscillator, x'' - mu (1 - x^2) x' + x = 0 with
// mu = 1/2 as x' = y, y' = mu (1 - x^2) y - x: an unstable spiral at the origin inside a
// stable limit cycle.
inline constexpr std::string_view van_der_pol_vx = "y";
inline constexpr std::string_view van_der_pol_vy = "0.5*(1 - x^2)*y - x";

// Gravity's Plummer softening: the field stays smooth (and finite) at the bodies.
inline constexpr double gravity_softening = 0.3;  // m

struct settings {
  kind field = kind::rotation;
  double strength = 1.0;    // k (1/s): rotation rate, source rate, ...; gravity: G m1 = k R^3
  double scale = 2.0;       // R (m): vortex radius, cell size, source saturation, spiral cycle scale
  double growth = 0.5;      // mu, spiral only: < 0 stable spiral, > 0 unstable spiral + limit cycle
  double mass_ratio = 0.4;  // m2 / m1, gravity only
  double separation = 4.0;  // m, gravity only: distance between the bodies
  // expression only: V as typed, and parsed by set_expressions (an empty program is 0)
  std::string vx_text{van_der_pol_vx}, vy_text{van_der_pol_vy};
  framelab::expression vx, vy;

  // gravity: G m_b and the bodies' positions (centre of mass at the origin, on the x axis)
  double gm1() const { return strength * scale * scale * scale; }
  double gm2() const { return gm1() * mass_ratio; }
  glm::dvec2 body1() const { return {-separation * mass_ratio / (1.0 + mass_ratio), 0.0}; }
  glm::dvec2 body2() const { return {separation / (1.0 + mass_ratio), 0.0}; }
};

// The formula the panel shows: the typed text for the expression field.
inline std::string formula(const settings& f) {
  if (f.field == kind::expression) return "V = (" + f.vx_text + ", " + f.vy_text + ")";
  return std::string(formula(f.field));
}

// Parses the typed components in the variables x, y. Both or neither are applied; the
// message names the component: "vy: col 5: unknown function 'sn'".
inline std::optional<std::string> set_expressions(settings& f, const std::string& vx_text, const std::string& vy_text) {
  static constexpr std::string_view variables[] = {"x", "y"};
  framelab::expression vx, vy;
  if (auto error = parse_expression(vx_text, variables, vx)) return "vx: " + *error;
  if (auto error = parse_expression(vy_text, variables, vy)) return "vy: " + *error;
  f.vx_text = vx_text;
  f.vy_text = vy_text;
  f.vx = std::move(vx);
  f.vy = std::move(vy);
  return std::nullopt;
}

// [SECTION] the fields, written once over S

namespace detail {
// -GM d / (|d|^2 + eps^2)^(3/2), d = p - body
template <class S>
glm::vec<2, S> plummer_pull(const glm::vec<2, S>& p, glm::dvec2 body, double gm) {
  using std::sqrt;
  const S dx = p.x - body.x, dy = p.y - body.y;
  const S s = dx * dx + dy * dy + gravity_softening * gravity_softening;
  const S c = -gm / (s * sqrt(s));
  return {c * dx, c * dy};
}
}  // namespace detail

template <class S>
glm::vec<2, S> evaluate(const settings& f, const glm::vec<2, S>& p) {
  using std::cos;
  using std::exp;
  using std::sin;
  using std::sqrt;
  const double k = f.strength, R = f.scale;
  const S x = p.x, y = p.y;
  switch (f.field) {
    case kind::rotation: {
      // a vortex: rigid rotation at rate k near the centre, fading beyond R
      const S g = k * exp(-(x * x + y * y) / (2.0 * R * R));
      return {-y * g, x * g};
    }
    case kind::saddle: {
      // cellular flow: saddles at (m pi R, n pi R), vortices at ((m + 1/2) pi R, (n + 1/2) pi R)
      const S u = x / R, v = y / R;
      return {(k * R) * sin(u) * cos(v), -(k * R) * cos(u) * sin(v)};
    }
    case kind::source:
    case kind::sink: {
      // radial, growing like k r near the centre, saturating at speed k R far away
      const double signed_k = f.field == kind::source ? k : -k;
      const S h = signed_k / sqrt(1.0 + (x * x + y * y) / (R * R));
      return {x * h, y * h};
    }
    case kind::spiral: {
      // Hopf normal form: a spiral at the origin; for mu > 0 a stable limit cycle at r = R sqrt(mu)
      const S a = f.growth - (x * x + y * y) / (R * R);
      return {k * (a * x - y), k * (a * y + x)};
    }
    case kind::two_body_gravity: {
      return detail::plummer_pull(p, f.body1(), f.gm1()) + detail::plummer_pull(p, f.body2(), f.gm2());
    }
    case kind::expression: {
      const S variables[] = {x, y};
      return {framelab::evaluate<S>(f.vx, variables), framelab::evaluate<S>(f.vy, variables)};
    }
  }
  return {S(0.0), S(0.0)};
}

// [SECTION] the same Jacobians, derived by hand

namespace detail {
// J_ij of -GM d_i s^(-3/2):  -GM (delta_ij s^(-3/2) - 3 d_i d_j s^(-5/2)),  s = |d|^2 + eps^2
inline glm::dmat2 plummer_jacobian(glm::dvec2 p, glm::dvec2 body, double gm) {
  const glm::dvec2 d = p - body;
  const double s = d.x * d.x + d.y * d.y + gravity_softening * gravity_softening;
  const double a = -gm / std::pow(s, 1.5), b = 3.0 * gm / std::pow(s, 2.5);
  return glm::dmat2(glm::dvec2(a + b * d.x * d.x, b * d.x * d.y), glm::dvec2(b * d.x * d.y, a + b * d.y * d.y));
}
}  // namespace detail

// Nothing for the typed field: there is no hand-derived Jacobian to compare with.
inline std::optional<glm::dmat2> closed_form_jacobian(const settings& f, glm::dvec2 p) {
  const double k = f.strength, R = f.scale, x = p.x, y = p.y;
  // glm::dmat2(column dV/dx, column dV/dy)
  const auto from_rows = [](double j11, double j12, double j21, double j22) {
    return glm::dmat2(glm::dvec2(j11, j21), glm::dvec2(j12, j22));
  };
  switch (f.field) {
    case kind::rotation: {
      // g = k e^(-r^2/2R^2), dg/dx = -g x/R^2:  V1 = -y g, V2 = x g
      const double g = k * std::exp(-(x * x + y * y) / (2.0 * R * R)), R2 = R * R;
      return from_rows(g * x * y / R2, -g + g * y * y / R2, g - g * x * x / R2, -g * x * y / R2);
    }
    case kind::saddle: {
      const double cu = std::cos(x / R), su = std::sin(x / R), cv = std::cos(y / R), sv = std::sin(y / R);
      return from_rows(k * cu * cv, -k * su * sv, k * su * sv, -k * cu * cv);
    }
    case kind::source:
    case kind::sink: {
      // V_i = k x_i h, h = (1 + r^2/R^2)^(-1/2):  dV_i/dx_j = k (delta_ij h - x_i x_j h^3 / R^2)
      const double signed_k = f.field == kind::source ? k : -k;
      const double h = 1.0 / std::sqrt(1.0 + (x * x + y * y) / (R * R)), c = h * h * h / (R * R);
      return from_rows(signed_k * (h - x * x * c), -signed_k * x * y * c, -signed_k * x * y * c,
                       signed_k * (h - y * y * c));
    }
    case kind::spiral: {
      // V1 = k ((mu - r^2/R^2) x - y), V2 = k ((mu - r^2/R^2) y + x)
      const double a = f.growth - (x * x + y * y) / (R * R), R2 = R * R;
      return from_rows(k * (a - 2.0 * x * x / R2), k * (-2.0 * x * y / R2 - 1.0), k * (-2.0 * x * y / R2 + 1.0),
                       k * (a - 2.0 * y * y / R2));
    }
    case kind::two_body_gravity:
      return detail::plummer_jacobian(p, f.body1(), f.gm1()) + detail::plummer_jacobian(p, f.body2(), f.gm2());
    case kind::expression: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace framelab::planar_field
