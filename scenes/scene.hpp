#pragma once
// The interface every teaching scene implements. A scene declares itself as data
// (parameters, channels, actions, what it shows) and implements reset and step.
// It makes no GL or ImGui call: render/ and ui/ read its scene_view.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/scene_view.hpp"
#include "scenes/parameter.hpp"

namespace framelab {

// A named scalar time series the scene reports every step (plotted, written to CSV).
struct channel_def {
  std::string name;
  std::string unit;
  std::string description;
};

// A one-shot command the scene offers as a button (e.g. "Fire").
struct action_def {
  std::string name;
  std::string label;
  std::string tooltip;
  std::string shortcut;  // one key, e.g. "F", shown in the tooltip; empty for none
};

class scene {
 public:
  virtual ~scene() = default;

  virtual std::vector<param_def> parameters() const = 0;
  virtual std::vector<channel_def> channels() const = 0;
  virtual std::vector<action_def> actions() const { return {}; }

  // Checks relations between parameters once each one is valid on its own
  // (e.g. the triangle inequality of principal moments). Nothing when fine.
  virtual std::optional<std::string> check(const param_values& /*values*/) const { return std::nullopt; }

  // Starts over from t = 0 with a complete, validated set of values.
  virtual void reset(const param_values& values) = 0;
  // Advances the state by dt seconds (dt > 0, finite).
  virtual void step(double dt) = 0;
  // Writes the current value of every channel, in channels() order.
  virtual void read_channels(std::span<double> out) const = 0;
  // What to draw and list; valid until the next reset/step/trigger.
  virtual const scene_view& view() const = 0;
  virtual void trigger(const std::string& /*action*/) {}
  // Why the scene cannot go on (e.g. an integrator refused a step), or nothing.
  // The simulation then pauses with this message, as for a non-finite channel.
  virtual std::optional<std::string> failure() const { return std::nullopt; }
};

}  // namespace framelab
