#pragma once
// The interface every teaching scene implements. A scene declares itself as data
// (parameters, channels, actions, what it shows) and implements reset and step.
// It makes no GL or ImGui call: render/ and ui/ read its scene_view.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/scene_view.hpp"
#include "scenes/parameter.hpp"

namespace framelab {

// A named scalar time series the scene reports every step (plotted, written to CSV),
// declared once together with the getter that reads it, so that the list of names and
// the list of values cannot drift apart:
//   {"hull_x", "m", "Hull position, x", [this] { return view_.nodes[hull].world.translation.x; }}
// The getter reads the scene that declared it (it captures `this`): it is valid while
// that scene object lives, and reads its state as of the last reset/step/trigger/edit.
// A channel measured on the host (a wall-clock time) is marked `measured`: it differs
// from run to run, so the determinism checks leave it out.
struct channel_def {
  std::string name;
  std::string unit;
  std::string description;
  std::function<double()> read;
  bool measured = false;
};

// A channel presentation mode reads out (scene_info::readouts, a scene file's "readouts"):
// the channel's name, the words shown instead of it ("north" for bob_local_x) and the
// digits after the decimal point (-1: four significant digits). A bare name converts.
struct readout_def {
  std::string channel;
  std::string label = {};
  int digits = -1;

  readout_def(const char* name) : channel(name) {}  // NOLINT: implicit, so {"a", "b"} lists stay plain
  readout_def(std::string name, std::string shown = {}, int decimals = -1)  // NOLINT: implicit too
      : channel(std::move(name)), label(std::move(shown)), digits(decimals) {}
  const std::string& shown_label() const { return label.empty() ? channel : label; }
  bool operator==(const readout_def&) const = default;
};
inline constexpr int max_readout_digits = 12;

// A change the UI asks of one node of a scene (scene::edit_node). Poses and
// dynamics are 3D with y up, as in scene_view; angular quantities in rad/s, rad/s^2.
struct node_edit {
  enum class kind {
    set_local,        // replace the node's local pose and dynamics (relative to its parent)
    set_global,       // replace its global ones; converted to local through the parent, A1 = A2^-1 o A3
    velocity_change,  // add a global velocity change dv (an impulse over the mass) to the node
  };
  kind what = kind::set_local;
  dynamic_transform<double, 3> dynamics{};  // set_local, set_global
  glm::dvec3 delta_velocity{0.0};           // velocity_change, world m/s
  bool counteract_children = false;         // velocity_change: the children keep their global dynamics
};

// A quantity the physics keeps constant, as far as the integrator allows:
//   |channel - reference| <= tolerance * max(|reference|, 1)
// where reference is another channel holding the exact value or, when `reference` is
// empty, the channel's own value at t = 0. The endurance test (tests/scenes/
// endurance_test.cpp) holds every scene to what it declares over 100,000 steps.
struct conserved_quantity {
  std::string channel;
  std::string reference;  // a channel name, or empty: the channel at t = 0
  double tolerance = 0.0;
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
  // Every channel with its getter, in the order of the CSV columns and the Plots panel.
  // The list does not depend on the parameters; the getters read this object.
  virtual std::vector<channel_def> channels() const = 0;
  virtual std::vector<action_def> actions() const { return {}; }

  // Checks relations between parameters once each one is valid on its own
  // (e.g. the triangle inequality of principal moments). Nothing when fine.
  virtual std::optional<std::string> check(const param_values& /*values*/) const { return std::nullopt; }

  // Starts over from t = 0 with a complete, validated set of values.
  virtual void reset(const param_values& values) = 0;
  // Advances the state by dt seconds (dt > 0, finite).
  virtual void step(double dt) = 0;
  // What to draw and list; valid until the next reset/step/trigger.
  virtual const scene_view& view() const = 0;
  virtual void trigger(const std::string& /*action*/) {}
  // Takes the view-only parameters (param_def::view_only) of `values` without a restart;
  // the others are as the last reset had them. A scene with view-only parameters overrides it.
  virtual void apply_view_settings(const param_values& /*values*/) {}
  // Applies an edit to view().nodes[node]. Returns why it was refused (bad value,
  // node not editable); then nothing changed. Scenes that keep their nodes' dynamics
  // (e.g. in a core hierarchy) override it; the default refuses.
  virtual std::optional<std::string> edit_node(int /*node*/, const node_edit& /*edit*/) {
    return "the nodes of this scene cannot be edited";
  }
  // What this scene conserves with its current settings (none by default), at the
  // default time step; a setting that breaks conservation (a lossy integrator, damping)
  // leaves the quantity out.
  virtual std::vector<conserved_quantity> conserved() const { return {}; }
  // Why the scene cannot go on (e.g. an integrator refused a step), or nothing.
  // The simulation then pauses with this message, as for a non-finite channel.
  virtual std::optional<std::string> failure() const { return std::nullopt; }
};

// The current value of each of the scene's channels, in channels() order (its getters,
// called once each): for tests and tools that hold a scene without a simulation.
inline std::vector<double> read_channels(const scene& s) {
  std::vector<double> values;
  for (const auto& channel : s.channels()) values.push_back(channel.read());
  return values;
}

}  // namespace framelab
