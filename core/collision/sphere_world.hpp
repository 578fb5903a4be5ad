#pragma once
// sphere_world: spheres in a (possibly turning) box, or in free space, stepped with
// gravity and collisions (core/collision/sphere_collisions.hpp for the contact rules). One step:
//
//   1. v += g dt;  x += v dt                          (symplectic Euler)
//   2. broadphase on the spheres' boxes [x - r, x + r]: the candidate pairs
//      (brute force over distinct_pairs, sort-and-sweep or a uniform grid; core/collision/broadphase.hpp)
//   3. narrowphase: the candidates that touch, |x_j - x_i| <= r_i + r_j (on the contact threads
//      for many candidates, a run each, appended in order), in canonical order
//   4. `iterations` passes of: every touching pair (impulse, then positional correction),
//      then every sphere against the walls
//   5. a last pass of the walls, so that every sphere ends the step inside the box.
//
// The touching pairs are resolved in canonical order (ascending i, then j) whatever the
// broadphase's own order, so all three broadphases give bit-identical trajectories. The grid
// leaves its candidates in its own order and the touching ones are sorted (a radix sort,
// core/collision/pair_radix_sort.hpp): about half as many pairs as the candidates. From
// split_contacts_min touching pairs on (a crowd of thousands of balls) they are resolved slab
// by slab of space instead (core/collision/contact_slabs.hpp), two slabs and the walls' spheres
// at once on set_contact_threads threads: the same numbers on any number of them.
// Step 2 is timed with std::chrono (a readout for the panel and the bench, not a result).
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/collision/broadphase.hpp"
#include "core/collision/contact_slabs.hpp"
#include "core/collision/pair_radix_sort.hpp"
#include "core/collision/sphere_collisions.hpp"
#include "core/parallel_parts.hpp"

namespace framelab {

enum class broadphase_method { brute_force, sort_and_sweep, uniform_grid };

struct sphere_step_statistics {
  std::size_t candidate_pairs = 0;  // pairs whose boxes overlap (the broadphase's answer)
  std::size_t touching_pairs = 0;   // of which the spheres touch (the narrowphase's answer)
  double broadphase_ms = 0.0;       // wall-clock time of step 2
  double contact_ms = 0.0;          // wall-clock time of steps 3 to 5
};

class sphere_world {
 public:
  sphere_set spheres;
  std::optional<turning_box> box;  // nothing: free space, no walls
  glm::dvec3 gravity{0.0, -9.81, 0.0};
  double restitution = 1.0;  // e in [0, 1]
  int iterations = 4;        // contact passes per step, >= 1
  broadphase_method method = broadphase_method::sort_and_sweep;

  // Advances by dt > 0. Throws std::invalid_argument for a bad dt, restitution or iteration
  // count before anything changes.
  void step(double dt) {
    if (!(dt > 0.0) || !std::isfinite(dt)) throw std::invalid_argument("sphere_world::step: dt must be finite and > 0");
    check_restitution(restitution);
    if (iterations < 1) throw std::invalid_argument("sphere_world::step: iterations must be >= 1");
    using clock = std::chrono::steady_clock;
    const std::size_t n = spheres.size();

    // 1. v += g dt; x += v dt, and the spheres' boxes for step 2 (in runs on the contact threads)
    boxes_.resize(n);
    const std::size_t runs = runs_for(n, spheres_per_thread, contact_threads_);
    run_ranges(n, runs, [&](std::size_t, std::size_t first, std::size_t last) {
      for (std::size_t k = first; k < last; ++k) {
        spheres.velocity[k] += gravity * dt;
        spheres.position[k] += spheres.velocity[k] * dt;
        boxes_[k] = sphere_box(spheres, k);
      }
    });
    if (box) box->angle += box->rate * dt;

    // 2. broadphase
    const auto t0 = clock::now();
    broadphase(method, candidates_);
    const auto t1 = clock::now();

    // 3. narrowphase, in canonical order
    narrowphase();

    // 4. contacts and walls
    const bool split = contacts_.size() >= split_contacts_min_;
    if (split) slabs_.split(contacts_, spheres.position, contact_threads_);
    const auto resolve = [this](const index_pair& p) { resolve_sphere_pair(spheres, p.i, p.j, restitution); };
    for (int pass = 0; pass < iterations; ++pass) {
      if (split) {
        slabs_.resolve(contact_threads_, pairs_per_thread_, resolve);
      } else {
        for (const index_pair& p : contacts_) resolve(p);
      }
      walls(dt);
    }
    // 5. everyone inside
    walls(dt);
    const auto t2 = clock::now();

    stats_.candidate_pairs = candidates_.size();
    stats_.touching_pairs = contacts_.size();
    stats_.broadphase_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
    stats_.contact_ms = std::chrono::duration<double, std::milli>(t2 - t1).count();
  }

  sphere_world() { grid_.set_canonical_order(false); }  // step 3 sorts the touching pairs

  // Threads of the uniform grid's pair search (0: every core; uniform_grid::set_threads).
  // The answer, hence the motion, is the same on any number.
  void set_grid_threads(std::size_t threads) { grid_.set_threads(threads); }

  // From this many touching pairs on, a step resolves them slab by slab (see the top).
  static constexpr std::size_t default_split_contacts_min = 8192;
  // Below this many pairs of a slab (8x as many candidates of the narrowphase), or spheres of a
  // wall pass or of the integration, per thread: one thread (starting one costs tens of
  // microseconds; a pair takes ~40-80 ns, a candidate ~5 ns, a sphere's walls or step ~5 ns).
  static constexpr std::size_t default_pairs_per_thread = 4096;
  static constexpr std::size_t spheres_per_thread = 32768;
  // Threads of the integration, the narrowphase, its sort, the contact and the wall passes (0:
  // every core; 1 by default; the contacts use two at most); the fewest touching pairs resolved
  // slab by slab and the fewest pairs of a slab for a thread of its own (tests lower them). The
  // motion depends on split_contacts_min, not the threads.
  void set_contact_threads(std::size_t threads, std::size_t split_contacts_min = default_split_contacts_min,
                           std::size_t pairs_per_thread = default_pairs_per_thread) {
    contact_threads_ = threads > 0 ? threads : std::max<std::size_t>(1, std::thread::hardware_concurrency());
    split_contacts_min_ = split_contacts_min;
    pairs_per_thread_ = std::max<std::size_t>(1, pairs_per_thread);
  }

  // Runs only the broadphase on the current positions with `m` (nothing changes but the
  // sort-and-sweep's kept order) and returns its time in ms: for timing the other methods.
  double time_broadphase(broadphase_method m) {
    sphere_boxes(spheres, boxes_);
    const auto t0 = std::chrono::steady_clock::now();
    broadphase(m, scratch_);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  }

  // The last step's broadphase answer, in the method's own order (the brute force's is
  // canonical, sort-and-sweep's and the grid's are not), and its touching pairs in canonical order.
  const std::vector<index_pair>& candidates() const { return candidates_; }
  const std::vector<index_pair>& contacts() const { return contacts_; }
  const sphere_step_statistics& last_step() const { return stats_; }

  // Forget the last step's pairs and the sort-and-sweep's kept order (after the spheres changed).
  void clear_pairs() {
    candidates_.clear();
    contacts_.clear();
    sweep_.reset();
    stats_ = {};
  }

  sphere_totals totals() const { return framelab::totals(spheres, gravity); }
  double kinetic_energy() const { return framelab::kinetic_energy(spheres); }
  double potential_energy() const { return framelab::potential_energy(spheres, gravity); }
  glm::dvec3 momentum() const { return framelab::momentum(spheres); }

 private:
  void broadphase(broadphase_method m, std::vector<index_pair>& out) {
    switch (m) {
      case broadphase_method::brute_force:
        brute_force_pairs(boxes_, out);
        break;
      case broadphase_method::sort_and_sweep:
        sweep_.update(boxes_, out);
        break;
      case broadphase_method::uniform_grid:
        grid_.update(boxes_, out);
        break;
    }
  }

  // Step 3: the candidates that touch, cut into runs on the contact threads, each run's touching
  // pairs into a list of its own, appended in order (so the same list on any number of threads);
  // then sorted unless the broadphase's order already was canonical (the brute force's).
  void narrowphase() {
    const std::size_t n = candidates_.size();
    // a candidate takes ~5 ns, an eighth of a contact: a run of its own from 8 pairs_per_thread on
    const std::size_t parts = runs_for(n, 8 * pairs_per_thread_, contact_threads_);
    touching_parts_.resize(parts);
    run_ranges(n, parts, [&](std::size_t part, std::size_t first, std::size_t last) {
      touching_pairs(spheres, std::span(candidates_).subspan(first, last - first),
                     part == 0 ? contacts_ : touching_parts_[part]);
    });
    for (std::size_t part = 1; part < parts; ++part)
      contacts_.insert(contacts_.end(), touching_parts_[part].begin(), touching_parts_[part].end());
    if (!std::is_sorted(contacts_.begin(), contacts_.end()))
      radix_sort_pairs(contacts_, sort_scratch_, spheres.size(), contact_threads_);
  }

  // Each sphere against the walls: independent of the others, so cut into runs on the contact threads.
  void walls(double dt) {
    if (!box) return;
    const turning_box::turn R = box->rotation();
    const std::size_t n = spheres.size();
    const std::size_t runs = runs_for(n, spheres_per_thread, contact_threads_);
    run_ranges(n, runs, [&](std::size_t, std::size_t first, std::size_t last) {
      for (std::size_t k = first; k < last; ++k)
        collide_with_box(spheres, k, *box, R, restitution, dt);
    });
  }

  std::vector<aabb3d> boxes_;
  std::vector<index_pair> candidates_, contacts_, scratch_, sort_scratch_;
  std::vector<std::vector<index_pair>> touching_parts_;  // step 3's runs after the first
  sweep_and_prune3d sweep_;
  uniform_grid3d grid_;
  contact_slabs slabs_;
  std::size_t contact_threads_ = 1;
  std::size_t split_contacts_min_ = default_split_contacts_min;
  std::size_t pairs_per_thread_ = default_pairs_per_thread;
  sphere_step_statistics stats_;
};

}  // namespace framelab
