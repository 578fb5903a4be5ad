#pragma once
// The text of a value read out to the class (presentation mode's readouts): the one place
// a channel's number becomes words on the stage.
#include <string>

namespace framelab::ui {

// Values closer to zero than this, in the channel's SI unit, are round-off on a stage whose
// quantities are metres, seconds and radians per second (1.262e-11 m is the difference of
// two positions of order 1 m), and read 0.
inline constexpr double reading_round_off = 1e-9;

// `digits` digits after the decimal point (0 to 12), or four significant digits when
// digits < 0; a value within reading_round_off of zero reads "0" (or "0.000" with digits),
// never "-0" or "1.262e-11".
std::string reading_text(double value, int digits = -1);

}  // namespace framelab::ui
