#include "scenes/simulation.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace framelab {

void channel_history::reset(std::size_t channel_count) {
  times_.clear();
  values_.assign(channel_count, {});
}

void channel_history::append(double t, const std::vector<double>& values) {
  if (times_.size() >= capacity) {
    // Drop the oldest quarter at once, so appending stays amortised O(1).
    const auto drop = static_cast<std::ptrdiff_t>(capacity / 4);
    times_.erase(times_.begin(), times_.begin() + drop);
    for (auto& series : values_) series.erase(series.begin(), series.begin() + drop);
  }
  times_.push_back(t);
  for (std::size_t i = 0; i < values_.size() && i < values.size(); ++i) values_[i].push_back(values[i]);
}

std::optional<std::string> validate_clock(const clock_settings& clock) {
  if (!std::isfinite(clock.dt) || clock.dt < min_dt || clock.dt > max_dt) {
    return "dt: must be a finite time step in [" + std::to_string(min_dt) + ", " + std::to_string(max_dt) + "] s";
  }
  if (clock.substeps < 1 || clock.substeps > 64) return std::string("substeps: must be in [1, 64]");
  if (!std::isfinite(clock.time_scale) || clock.time_scale < 0.01 || clock.time_scale > 100.0) {
    return std::string("time scale: must be in [0.01, 100]");
  }
  if (clock.max_steps_per_frame < 1) return std::string("max steps per frame: must be at least 1");
  if (!std::isfinite(clock.frame_budget_s) || clock.frame_budget_s < 0.0) {
    return std::string("frame budget: must be a finite number of seconds >= 0");
  }
  return std::nullopt;
}

std::optional<std::string> simulation::load(const scene_entry& entry, const param_values& values) {
  if (entry.create == nullptr) return entry.info.name + ": scene has no factory";
  auto candidate = entry.create();
  auto defs = candidate->parameters();
  if (auto error = validate_params(defs, values)) return error;
  if (auto error = candidate->check(values)) return error;
  // The getters read the candidate itself, which the simulation keeps from here on.
  auto channels = candidate->channels();
  for (const auto& channel : channels) {
    if (!channel.read) return entry.info.name + ": channel '" + channel.name + "' has no getter";
  }
  entry_ = entry;
  scene_ = std::move(candidate);
  ++scene_serial_;
  defs_ = std::move(defs);
  channels_ = std::move(channels);
  values_ = values;
  reset();
  return std::nullopt;
}

namespace {

// Whether `next` differs from `current` only in view-only parameters (or not at all).
bool only_view_changes(const std::vector<param_def>& defs, const param_values& current, const param_values& next) {
  for (const auto& def : defs) {
    if (!def.view_only && !(current.get(def.name) == next.get(def.name))) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> simulation::set_parameters(const param_values& values) {
  if (!loaded()) return std::string("no scene loaded");
  if (auto error = validate_params(defs_, values)) return error;
  if (auto error = scene_->check(values)) return error;
  const bool keep_running = only_view_changes(defs_, values_, values) && !(values == values_);
  values_ = values;
  if (keep_running) {
    scene_->apply_view_settings(values_);  // how it is shown changed, not what runs: no restart
  } else {
    reset();
  }
  return std::nullopt;
}

std::optional<std::string> simulation::record_live_parameter(const std::string& name, const param_value& value) {
  if (!loaded()) return std::string("no scene loaded");
  param_values updated = values_;
  updated.set(name, value);
  if (auto error = validate_params(defs_, updated)) return error;
  if (auto error = scene_->check(updated)) return error;
  values_ = std::move(updated);
  return std::nullopt;
}

std::optional<std::string> simulation::set_clock(const clock_settings& clock) {
  if (auto error = validate_clock(clock)) return error;
  clock_ = clock;
  return std::nullopt;
}

void simulation::reset() {
  if (!loaded()) return;
  scene_->reset(values_);
  time_ = 0.0;
  steps_ = 0;
  accumulator_ = 0.0;
  fault_.reset();
  history_.reset(channels_.size());
  latest_.assign(channels_.size(), 0.0);
  record();
}

void simulation::record() {
  for (std::size_t i = 0; i < channels_.size(); ++i) latest_[i] = channels_[i].read();
  if (auto why = scene_->failure(); why && !fault_) {
    fault_ = *why + " (t = " + std::to_string(time_) + " s); the scene is paused (reset to continue)";
    paused_ = true;
  }
  for (std::size_t i = 0; i < latest_.size(); ++i) {
    if (!std::isfinite(latest_[i]) && !fault_) {
      fault_ = "channel '" + channels_[i].name + "' became non-finite at t = " + std::to_string(time_) +
               " s; the scene is paused (reset to continue)";
      paused_ = true;
    }
  }
  if (history_kept_) history_.append(time_, latest_);
}

void simulation::fixed_step() {
  if (!loaded() || fault_) return;
  const double h = clock_.dt / clock_.substeps;
  for (int i = 0; i < clock_.substeps; ++i) scene_->step(h);
  ++steps_;
  time_ = static_cast<double>(steps_) * clock_.dt;
  record();
}

void simulation::single_step() {
  fixed_step();
}

int simulation::advance(double real_seconds) {
  if (!loaded() || paused_ || !std::isfinite(real_seconds) || real_seconds <= 0.0) return 0;
  accumulator_ += real_seconds * clock_.time_scale;
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const auto seconds_since = [](clock::time_point t) { return std::chrono::duration<double>(clock::now() - t).count(); };
  // Another step would end past the budget if it takes as long as the last one did; the
  // first step of a frame always runs, so a scene slower than the budget still moves.
  double last_step_s = 0.0;
  const auto another_step_overruns = [&](int steps_done) {
    return clock_.frame_budget_s > 0.0 && steps_done > 0 &&
           seconds_since(start) + last_step_s > clock_.frame_budget_s;
  };
  int steps = 0;
  bool capped = false;
  while (accumulator_ >= clock_.dt && !fault_) {
    if (steps == clock_.max_steps_per_frame || another_step_overruns(steps)) {
      capped = true;
      break;
    }
    const auto step_start = clock::now();
    fixed_step();
    last_step_s = seconds_since(step_start);
    accumulator_ -= clock_.dt;
    ++steps;
  }
  // Capped: forget the backlog instead of trying to catch up next frame.
  if (capped) accumulator_ = std::min(accumulator_, clock_.dt);
  const double factor = steps * clock_.dt / real_seconds;
  real_time_factor_ += 0.1 * (factor - real_time_factor_);
  return steps;
}

void simulation::trigger(const std::string& action) {
  if (loaded()) scene_->trigger(action);
}

std::optional<std::string> apply_assignments(const std::vector<param_def>& defs,
                                             const std::vector<std::string>& assignments, param_values& values) {
  param_values updated = values;
  for (const auto& assignment : assignments) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) return assignment + ": expected key=value";
    const std::string name = assignment.substr(0, equals);
    const param_def* def = find_param(defs, name);
    if (def == nullptr) return name + ": " + unknown_param_reason(defs);
    param_value value;
    if (auto error = parse_param(*def, assignment.substr(equals + 1), value)) return name + ": " + *error;
    updated.set(name, std::move(value));
  }
  values = std::move(updated);
  return std::nullopt;
}

}  // namespace framelab
