#pragma once
// Reload on save, MuJoCo simulate's habit: the running world scene's file is watched
// (its modification time and size, polled about twice a second: one stat, no thread),
// and when it changes it is loaded again. Success: the simulation restarts at t = 0
// with the new model; failure: the message (file:line:column: key: reason) is returned
// and the old scene keeps running, untouched: the new file is read and checked into a
// new world_spec, and simulation::load validates everything before it replaces anything.
//
// Parameters across a reload: a value the user changed (different from the old file's
// default) is kept where the new file still has that parameter and the value is valid
// in its new range; every other parameter takes the new file's value, so editing a
// default in the file takes effect.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "scenes/simulation.hpp"
#include "scenes/world/world_spec.hpp"

namespace framelab {

// What a poll of the file sees: modification time and size (nothing: the file is gone).
struct file_stamp {
  std::filesystem::file_time_type modified{};
  std::uintmax_t size = 0;
  friend bool operator==(const file_stamp&, const file_stamp&) = default;
};
std::optional<file_stamp> stamp_of(const std::filesystem::path& path);

// The parameters for the reloaded scene (the rule above).
param_values carried_parameters(const std::vector<param_def>& old_defs, const param_values& old_values,
                                const std::vector<param_def>& new_defs);

// Loads `path` as a world file and replaces the running scene with it (the rule above for
// parameters). On error nothing changes and the message names file:line:column and key.
std::optional<std::string> reload_world(simulation& sim, const std::string& path);

// The running scene's file, if the running scene is a world scene loaded from a file.
std::optional<std::string> running_world_file(const simulation& sim);

class world_reloader {
 public:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds poll_interval{500};

  enum class outcome { unchanged, reloaded, failed };
  struct result {
    outcome what = outcome::unchanged;
    std::string message;  // reloaded: what happened; failed: the loader's message
  };

  // Follows the running scene: starts watching a newly opened world file from its current
  // stamp, stops when a built-in is running. Checks the file at most every poll_interval
  // (`force`: now); a changed stamp reloads once, a failed reload waits for the next change.
  result poll(simulation& sim, clock::time_point now, bool force = false);
  const std::string& watched() const { return path_; }
  // framelab wrote the watched file itself (File > Save scene): its new stamp is not an edit.
  void acknowledge_save() { stamp_ = stamp_of(path_); }

 private:
  std::string path_;
  std::uint64_t serial_ = 0;  // the simulation's scene that path_ belongs to
  std::optional<file_stamp> stamp_;
  clock::time_point next_check_{};
};

}  // namespace framelab
