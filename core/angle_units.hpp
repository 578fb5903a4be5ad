#pragma once
// Degrees and radians: the parameters and the panels speak degrees, the maths radians.
#include <numbers>

namespace framelab {

inline constexpr double deg = std::numbers::pi / 180.0;         // one degree in radians: 30 * deg
inline constexpr double rad_to_deg = 180.0 / std::numbers::pi;  // radians -> degrees: angle * rad_to_deg

}  // namespace framelab
