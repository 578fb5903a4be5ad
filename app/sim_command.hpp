#pragma once
// `framelab sim`: run a scene headless and write its channels as CSV, and the
// scene set-up the GUI and `shot` share (--scene plus --set assignments).
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "scenes/preset.hpp"
#include "scenes/simulation.hpp"

namespace framelab {

// Resolves `--scene` (name or preset file), applies `--set` assignments and loads the
// result into `sim`. On error returns "argument: reason" and leaves `sim` as it was.
std::optional<std::string> prepare_simulation(const std::string& scene_argument, const std::vector<std::string>& sets,
                                              simulation& sim, std::optional<camera_setup>* camera = nullptr);

// Writes the header "t,<channel>,..." (with --units a second row "s,<unit>,...") and one
// row at t = 0 and every `every` steps.
// Exit codes: 0 done, 1 the run failed (non-finite state, write error), 2 bad arguments.
int run_sim(const sim_options& options, std::ostream& out, std::ostream& err);

}  // namespace framelab
