#pragma once
// The work of the list benchmarks (bench/list_bench.cpp), generic over the container so
// that std::list, framelab::contiguous_list and std::vector run the very same code.
// Article: docs/articles.md, contiguous-linked-list, section 3. No timing here.
//
// Creation orders (section 3, plus one):
//   back    push_back every value: list order = allocation order ("linear")
//   mid     insert every value at the middle, the middle iterator kept in O(1)
//   random  push_front or push_back, each with probability 1/2 ("nonlinear")
//   aged    back, then the links randomly permuted (every node spliced to the end in a
//           random order): a list after long use, list order unrelated to memory order
// Benchmarks:
//   pure traversal   follow the links over the whole list, touch no value (3.1)
//   accumulate       std::accumulate of the values through the iterators (3.2)
//   sorted insertion insert n random values, each at std::lower_bound (3.3); on a list
//                    lower_bound walks ~2n links per call (std::distance, then halving
//                    std::advance), on a vector it indexes: O(n^2) traversal for the lists,
//                    O(n^2) value moves for the vector.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <numeric>
#include <random>
#include <vector>

namespace framelab::bench {

// A value of exactly Bytes bytes (alignment 1, as a char array); its first
// min(Bytes, 8) bytes are its key.
template <std::size_t Bytes>
struct value {
  std::array<unsigned char, Bytes> bytes{};

  static value from_key(std::uint64_t key) {
    value v;
    std::memcpy(v.bytes.data(), &key, std::min<std::size_t>(Bytes, 8));
    return v;
  }
  std::uint64_t key() const {
    std::uint64_t k = 0;
    std::memcpy(&k, bytes.data(), std::min<std::size_t>(Bytes, 8));
    return k;
  }
  friend bool operator==(const value& a, const value& b) { return a.bytes == b.bytes; }
};
static_assert(sizeof(value<1>) == 1 && sizeof(value<64>) == 64 && sizeof(value<1024>) == 1024);

struct key_less {
  template <class V>
  bool operator()(const V& a, const V& b) const {
    return a.key() < b.key();
  }
};

enum class creation_order { back, mid, random, aged };

// Fills an empty list with n values whose keys come from mt19937_64(seed), in the
// given creation order. The same seed gives the same values in the same list order
// for every container.
template <class List>
void build_list(List& list, std::size_t n, creation_order order, std::uint64_t seed) {
  using V = typename List::value_type;
  std::mt19937_64 keys(seed);
  std::mt19937_64 coin(seed ^ 0x9e3779b97f4a7c15ull);
  switch (order) {
    case creation_order::back:
    case creation_order::aged:
      for (std::size_t k = 0; k < n; ++k) list.push_back(V::from_key(keys()));
      break;
    case creation_order::mid: {
      // With k elements, mid is at position floor(k/2); inserting before it puts the
      // new one at floor(k/2), and the middle of k+1 is floor((k+1)/2): the new one
      // for even k, its successor for odd k.
      auto mid = list.end();
      for (std::size_t k = 0; k < n; ++k) {
        const auto it = list.insert(mid, V::from_key(keys()));
        mid = k % 2 == 1 ? std::next(it) : it;
      }
      break;
    }
    case creation_order::random:
      for (std::size_t k = 0; k < n; ++k) {
        if (coin() & 1u) {
          list.push_front(V::from_key(keys()));
        } else {
          list.push_back(V::from_key(keys()));
        }
      }
      break;
  }
  if (order == creation_order::aged) {
    std::vector<typename List::iterator> nodes;
    nodes.reserve(n);
    for (auto it = list.begin(); it != list.end(); ++it) nodes.push_back(it);
    std::shuffle(nodes.begin(), nodes.end(), coin);
    // Splicing within one list only relinks: no value moves, no iterator is invalidated.
    for (const auto& it : nodes) list.splice(list.end(), list, it);
  }
}

// Pure traversal: follow every link, read no value. The count is the result (so the
// loads cannot be dropped: the loop's end depends on them).
template <class List>
std::size_t pure_traversal(const List& list) {
  std::size_t count = 0;
  for (auto it = list.begin(), end = list.end(); it != end; ++it) ++count;
  return count;
}

// std::accumulate through the iterators (not over values(): the point is traversal).
template <class List>
std::uint64_t accumulate_keys(const List& list) {
  return std::accumulate(list.begin(), list.end(), std::uint64_t{0},
                         [](std::uint64_t sum, const auto& v) { return sum + v.key(); });
}

// Inserts n values with keys from mt19937_64(seed), each at std::lower_bound, into an
// empty sequence (list or vector). `stop()` is polled every 64 insertions; returns false
// if it said stop (the sequence is then partial).
template <class Sequence, class Stop>
bool insert_sorted(Sequence& sequence, std::size_t n, std::uint64_t seed, Stop&& stop) {
  using V = typename Sequence::value_type;
  std::mt19937_64 keys(seed);
  for (std::size_t k = 0; k < n; ++k) {
    const V v = V::from_key(keys());
    sequence.insert(std::lower_bound(sequence.begin(), sequence.end(), v, key_less{}), v);
    if ((k & 63u) == 63u && stop()) return false;
  }
  return true;
}

}  // namespace framelab::bench
