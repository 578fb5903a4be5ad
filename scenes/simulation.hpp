#pragma once
// A running scene: the scene instance, its parameters, the clock and the recorded
// channels. Implements the fixed-step loop decoupled from rendering: real time is
// accumulated and consumed in steps of dt, at most max_steps_per_frame per frame,
// so a slow frame cannot make the simulation spiral. No GL or ImGui here; the UI
// and the headless `sim` command both drive this class.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "scenes/registry.hpp"

namespace framelab {

// Recorded channel samples, oldest first, at most `capacity` of them.
class channel_history {
 public:
  void reset(std::size_t channel_count);
  void append(double t, const std::vector<double>& values);
  std::size_t size() const { return times_.size(); }
  const std::vector<double>& times() const { return times_; }
  const std::vector<double>& values(std::size_t channel) const { return values_[channel]; }
  static constexpr std::size_t capacity = 20000;

 private:
  std::vector<double> times_;
  std::vector<std::vector<double>> values_;
};

struct clock_settings {
  double dt = 1.0 / 120.0;      // s, the fixed step
  int substeps = 1;             // scene steps per fixed step (each dt / substeps)
  double time_scale = 1.0;      // simulated seconds per real second
  int max_steps_per_frame = 8;  // the cap that stops a slow frame from spiralling
  // Wall-clock seconds one advance() may spend stepping before it drops the backlog, so
  // that a scene whose steps are slow (thousands of balls, a tiny dt) slows down instead
  // of freezing the window: a step that would end past it (taking as long as the one
  // before) is left for the next frame, but a frame always takes one. 0: no limit (a shot
  // or script, which must not depend on speed). 1/20 s: a window whose steps cannot keep up
  // still shows ~15-20 frames a second, and simulates nearly as much as with longer frames
  // (measured at 20,000 balls: 21-22 fps at 0.69-0.72x real time; 0.1 s gave 11-12 fps at
  // 0.72-0.73x, docs/performance.md).
  double frame_budget_s = 0.05;
};

// Checks a clock: finite dt in [min_dt, max_dt], substeps in [1, 64], time scale in
// [0.01, 100], a finite budget >= 0. Returns "field: reason" for the first problem.
std::optional<std::string> validate_clock(const clock_settings& clock);
inline constexpr double min_dt = 1e-6;
inline constexpr double max_dt = 0.5;

class simulation {
 public:
  // Replaces the scene and its parameters. Everything is validated before anything
  // changes: on error the current scene keeps running and the reason is returned.
  std::optional<std::string> load(const scene_entry& entry, const param_values& values);
  // New parameters for the current scene (validated first, then a reset; a change of
  // view-only parameters alone is applied without one: param_def::view_only).
  std::optional<std::string> set_parameters(const param_values& values);
  // Records one parameter's new value WITHOUT a reset, for a setting a scene panel has
  // already applied to the running scene (e.g. a live broadphase switch), so that the next
  // reset and a saved preset keep it. Validated like set_parameters; nothing changes on error.
  std::optional<std::string> record_live_parameter(const std::string& name, const param_value& value);
  std::optional<std::string> set_clock(const clock_settings& clock);

  void reset();  // t = 0 with the current parameters
  void set_paused(bool paused) { paused_ = paused; }
  bool paused() const { return paused_; }
  void toggle_paused() { paused_ = !paused_; }

  // One fixed step (dt), whether paused or not.
  void single_step();
  // Consumes real time at the clock's time scale; returns how many fixed steps ran.
  int advance(double real_seconds);
  // Triggers one of the scene's actions (a no-op for an unknown name).
  void trigger(const std::string& action);

  bool loaded() const { return scene_ != nullptr; }
  // A number that changes whenever load() makes a new scene object, so that a panel can
  // tell "the same scene" from "another scene at the same address" without keeping a
  // pointer across a reload. A reset keeps it.
  std::uint64_t scene_serial() const { return scene_serial_; }
  const scene_entry& entry() const { return entry_; }
  const scene& current() const { return *scene_; }
  // For scene-specific panels that change live settings (e.g. a body's integrator);
  // such changes must keep the scene's state valid.
  scene& current_mutable() { return *scene_; }
  const std::vector<param_def>& parameter_defs() const { return defs_; }
  // Each with its getter, which reads current(): valid until the next load().
  const std::vector<channel_def>& channel_defs() const { return channels_; }
  const param_values& parameters() const { return values_; }
  const clock_settings& clock() const { return clock_; }
  const channel_history& history() const { return history_; }
  // Whether each step appends the channels to history() (the plots' samples; on by default).
  // The headless `sim` reads channel_values() only and turns it off: a push_back per channel
  // per step, ~5 % of tank-turret's steps under node. Faults are checked either way.
  void set_history_kept(bool kept) { history_kept_ = kept; }
  const std::vector<double>& channel_values() const { return latest_; }
  const scene_view& view() const { return scene_->view(); }

  double time() const { return time_; }
  long long step_count() const { return steps_; }
  // Simulated seconds per real second over the last advance() calls (smoothed).
  double real_time_factor() const { return real_time_factor_; }
  // Set when a channel turned non-finite; the simulation is then paused.
  const std::optional<std::string>& fault() const { return fault_; }

 private:
  void record();
  void fixed_step();

  scene_entry entry_;
  std::unique_ptr<scene> scene_;
  std::uint64_t scene_serial_ = 0;
  std::vector<param_def> defs_;
  std::vector<channel_def> channels_;
  param_values values_;
  clock_settings clock_;
  channel_history history_;
  std::vector<double> latest_;
  std::optional<std::string> fault_;
  bool paused_ = false;
  bool history_kept_ = true;
  double time_ = 0.0;
  long long steps_ = 0;
  double accumulator_ = 0.0;
  double real_time_factor_ = 1.0;
};

// Applies `name=value` assignments (text form) on top of `values`, validating each
// against the declarations. Returns "name: reason" for the first bad one; `values`
// is only changed when all are valid.
std::optional<std::string> apply_assignments(const std::vector<param_def>& defs,
                                             const std::vector<std::string>& assignments, param_values& values);

}  // namespace framelab
