#pragma once
// collisions: hundreds to thousands of balls in a box (optionally turning like a drum),
// colliding through linear impulses with restitution. The broadphase that finds the
// candidate pairs is switchable live between the brute force over distinct pairs,
// sort-and-sweep and a uniform grid; the scene reports the pair counts and the broadphase's time per step,
// and keeps a log of that time against the ball count for each method.
// Physics: core/collision/sphere_world.hpp, core/collision/sphere_collisions.hpp. Panel: ui/collisions_panel.cpp.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/collision/sphere_world.hpp"
#include "scenes/scene.hpp"

namespace framelab {

class collisions final : public scene {
 public:
  static constexpr double density = 1000.0;  // kg/m^3 (water): m = density 4/3 pi r^3
  static constexpr std::size_t max_drawn_pairs = 6000;
  static constexpr int max_balls = 100000;  // the renderer draws them in one instanced call
  // The broadphase `auto` (the default) uses for a ball count: sort-and-sweep below
  // auto_grid_min_balls, the uniform grid from there. Measured (the scene's broadphase_ms, radius
  // 0.07 m, the mean over steps 100-600, Release): sort-and-sweep 0.29 / 0.64 / 1.27 / 3.98 ms
  // against the grid's 0.34 / 0.55 / 0.93 / 2.15 at 1,000 / 1,500 / 2,000 / 4,000 balls; below
  // 1,000 sort-and-sweep is faster (0.026 against 0.049 ms at 300).
  static constexpr int auto_grid_min_balls = 1200;
  static broadphase_method auto_broadphase(std::size_t balls);

  // One point of the timing log: the mean broadphase time per step at a ball count.
  struct timing_point {
    int balls = 0;
    double mean_ms = 0.0;
    int samples = 0;
  };

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;
  void step(double dt) override;
  const scene_view& view() const override;
  // With restitution 1 in a still box: the total energy, up to the integrator.
  std::vector<conserved_quantity> conserved() const override;

  // Live settings (the panel): no reset, the state carries on. The broadphase: a method, or
  // nothing for auto (auto_broadphase of the ball count).
  void set_broadphase(std::optional<broadphase_method> method);
  broadphase_method broadphase() const { return world_.method; }  // the method in use
  bool broadphase_is_auto() const { return !broadphase_choice_; }
  void set_show_pairs(bool show);
  bool show_pairs() const { return show_pairs_; }

  // The timing log of each method (index: broadphase_method), sorted by ball count.
  // It survives resets, so moving the ball-count slider draws a curve.
  const std::vector<timing_point>& timing_log(broadphase_method method) const {
    return log_[static_cast<std::size_t>(method)];
  }
  void clear_timing_log();
  // Times every method `repeats` times on the current positions and logs the best,
  // so every curve gets a point at this ball count.
  void time_all_methods(int repeats = 5);
  // For each ball count in `counts` that fits the box: a fresh set of balls with the current
  // parameters, `settle_steps` steps, then every method timed (the best of `repeats`) and
  // logged. The running state is untouched. Takes about a second up to 4000 balls.
  void measure_growth(const std::vector<int>& counts, int settle_steps = 20, int repeats = 3);

  const sphere_world& world() const { return world_; }
  std::size_t ball_count() const { return world_.spheres.size(); }
  double time() const { return time_; }

  // The settings parameters() declares, in one place (for check, reset and tests).
  struct settings {
    int balls = 300;
    double radius = 0.07;
    double radius_spread = 0.3;
    glm::dvec3 box_size{3.0, 3.0, 1.5};
    double gravity = 9.81;
    double restitution = 0.9;
    double initial_speed = 3.0;
    double drum_rate = 0.0;
    std::optional<broadphase_method> method;  // nothing: auto
    int iterations = 4;
    bool show_pairs = false;
    int seed = 1;
  };
  static settings read_settings(const param_values& values);
  // How many start positions (grid cells of edge 2 radius (1 + gap)) the box holds.
  static long long start_cells(const settings& s);
  // Fills `world` with s.balls balls at random distinct cells of the grid, random radii and
  // velocities of speed initial_speed in random directions, in the box the settings describe.
  static void build_world(const settings& s, sphere_world& world);

 private:
  void log_time(broadphase_method method, int balls, double ms);
  void build_view();
  void update_view() const;
  double speed_scale() const;
  // K, U and p of the balls, summed in one pass once per state: the channels read them after every step.
  const sphere_totals& totals() const;

  settings settings_;
  sphere_world world_;
  double time_ = 0.0;
  bool show_pairs_ = false;
  std::optional<broadphase_method> broadphase_choice_;  // nothing: auto
  int warmup_steps_ = 0;                          // steps left before timings are logged (the first sort is a full one)
  std::array<std::vector<timing_point>, 3> log_;  // index: broadphase_method
  static constexpr std::size_t speed_palette_size = 1024;
  std::array<std::uint32_t, speed_palette_size> speed_palette_{};  // colour by speed (build_view)
  mutable std::optional<sphere_totals> totals_;  // emptied whenever the balls change (step, reset)
  mutable bool view_dirty_ = true;
  mutable scene_view view_;
};

}  // namespace framelab
