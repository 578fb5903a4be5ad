#pragma once
// Touching pairs split by space, so that a contact pass of core/collision/sphere_world.hpp runs
// on two threads with the numbers of one.
//
// [SECTION] Slabs
// The spheres' centres are cut into `slab_count` slabs of equal width across the axis along which
// they spread most; sphere k lies in slab s_k. A contact whose two spheres lie in one slab is that
// slab's; one across a slab boundary is a crossing contact. A pass resolves
//   1. the contacts of the even slabs (0, 2, ...),
//   2. the contacts of the odd slabs (1, 3, ...),
//   3. the crossing contacts,
// each slab's and the crossing ones in canonical order (ascending i, then j: memory is read almost
// in sequence, as in the canonical pass). Two slabs of one step share no sphere, so their contacts
// can be resolved one slab after the other or at once on two threads with the same numbers bit for
// bit; the slabs do not depend on the thread count, so neither does the motion. Crossing contacts
// (about 2 r / width of the others per boundary) stay on one thread.
// A colouring of the contacts (no sphere twice in a colour) also splits them, but into a dozen
// colours a pass, each read scattered over all of memory: measured 5-20 % slower on one thread
// than the canonical pass at 100,000 balls, before any thread helps.
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "core/collision/broadphase.hpp"
#include "core/collision/pair_radix_sort.hpp"
#include "core/glm_config.hpp"
#include "core/parallel_parts.hpp"

namespace framelab {

class contact_slabs {
 public:
  static constexpr std::size_t slab_count = 4;  // even and odd: two at once
  static constexpr std::size_t crossing = slab_count;

  // Sorts `contacts` (canonical order) into the slabs of the spheres at `centres`, in runs on up
  // to `threads` threads (the same answer on any number).
  void split(std::span<const index_pair> contacts, std::span<const glm::dvec3> centres, std::size_t threads = 1) {
    slab_of_.resize(centres.size());
    glm::dvec3 lo(std::numeric_limits<double>::max()), hi(std::numeric_limits<double>::lowest());
    for (const glm::dvec3& c : centres) {
      lo = glm::min(lo, c);
      hi = glm::max(hi, c);
    }
    const glm::dvec3 extent = hi - lo;
    const int axis = extent.x >= extent.y && extent.x >= extent.z ? 0 : extent.y >= extent.z ? 1 : 2;
    const double per_width = extent[axis] > 0.0 ? double(slab_count) / extent[axis] : 0.0;
    const std::size_t n = centres.size();
    run_ranges(n, runs_for(n, spheres_per_thread, threads), [&](std::size_t, std::size_t first, std::size_t last) {
      for (std::size_t k = first; k < last; ++k) {
        const double t = (centres[k][axis] - lo[axis]) * per_width;  // NaN or beyond: the last slab
        slab_of_[k] = static_cast<std::uint8_t>(t < double(slab_count - 1) ? static_cast<std::size_t>(t)
                                                                           : slab_count - 1);
      }
    });
    pairs_.resize(contacts.size());
    const std::size_t pair_parts = runs_for(contacts.size(), radix_pairs_per_thread, threads);
    const std::uint8_t* slab = slab_of_.data();
    const auto group = [slab](const index_pair& p) {
      return std::size_t(slab[p.i] == slab[p.j] ? slab[p.i] : crossing);
    };
    counting_sort_pairs(contacts, pairs_, group, slab_count + 1, pair_parts, counts_, start_.data());
  }

  // resolve(pair) for every contact: the even slabs, the odd slabs (each two on up to two threads
  // when both have at least min_pairs contacts), then the crossing ones.
  template <class Resolve>
  void resolve(std::size_t threads, std::size_t min_pairs, Resolve resolve) const {
    const auto run = [&](std::size_t g) {
      for (std::size_t n = start_[g]; n < start_[g + 1]; ++n) resolve(pairs_[n]);
    };
    for (std::size_t parity = 0; parity < 2; ++parity) {
      // slabs parity, parity + 2, ...: with two threads the first half of them on each
      const std::size_t slabs = slab_count / 2;
      bool split = threads >= 2;
      for (std::size_t s = 0; s < slabs; ++s) split = split && group_size(parity + 2 * s) >= min_pairs;
      if (!split) {
        for (std::size_t s = 0; s < slabs; ++s) run(parity + 2 * s);
        continue;
      }
      run_parts(2, [&](std::size_t part) {
        for (std::size_t s = part * slabs / 2; s < (part + 1) * slabs / 2; ++s) run(parity + 2 * s);
      });
    }
    run(crossing);
  }

  std::size_t group_size(std::size_t group) const { return start_[group + 1] - start_[group]; }
  // The contacts in the order resolve() takes them with one thread.
  std::span<const index_pair> pairs() const { return pairs_; }
  std::uint8_t slab_of(std::size_t sphere) const { return slab_of_[sphere]; }

 private:
  static constexpr std::size_t spheres_per_thread = 32768;  // a sphere's slab takes ~2 ns
  std::vector<std::uint8_t> slab_of_;
  std::vector<index_pair> pairs_;
  std::vector<std::size_t> counts_;  // the counting sort's
  std::array<std::size_t, slab_count + 2> start_{};
};

}  // namespace framelab
