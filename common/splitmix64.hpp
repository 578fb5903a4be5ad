#pragma once
// splitmix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", 2014): a fixed 64-bit generator, so a seed gives the same worlds,
// workloads and test points on every platform and standard library (std::mt19937's
// distributions are not specified bit for bit). Used by the scenes, the benchmark
// workloads and the tests.
//   z = (state += 0x9e3779b97f4a7c15)
//   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//   z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//   return z ^ (z >> 31)
#include <cstdint>

namespace framelab {

class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Uniform in [lo, hi): the top 53 bits as a fraction of 2^53.
  double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1.0p-53; }

  // Uniform in [0, n) for n > 0 (the modulo's bias is below 2^-40 for the n used here).
  std::uint64_t below(std::uint64_t n) { return next() % n; }

 private:
  std::uint64_t state_;
};

}  // namespace framelab
