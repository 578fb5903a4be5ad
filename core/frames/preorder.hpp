#pragma once
// The depth-first preorder of a forest given by parent links: the order a hierarchy
// stores its nodes in (core/frames/hierarchy.hpp), so every parent comes before its
// children, subtrees are contiguous and the world sweep reads no parent index.
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace framelab {

// order[k] = the node at position k of the preorder; parent[i] = the parent of node i
// or no_parent (a root). Roots and each node's children keep their relative order.
// Throws std::logic_error if the links contain a cycle.
inline std::vector<std::uint32_t> preorder_of(const std::vector<std::uint32_t>& parent, std::uint32_t no_parent) {
  const std::uint32_t n = std::uint32_t(parent.size());
  // the children of node i are child[first[i] .. first[i + 1])
  std::vector<std::uint32_t> first(n + 1, 0), child(n), roots, order, stack;
  for (std::uint32_t i = 0; i < n; ++i)
    if (parent[i] == no_parent)
      roots.push_back(i);
    else
      ++first[parent[i] + 1];
  for (std::uint32_t i = 0; i < n; ++i) first[i + 1] += first[i];
  {
    std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
    for (std::uint32_t i = 0; i < n; ++i)
      if (parent[i] != no_parent) child[fill[parent[i]]++] = i;
  }
  order.reserve(n);
  stack.assign(roots.rbegin(), roots.rend());
  while (!stack.empty()) {
    const std::uint32_t x = stack.back();
    stack.pop_back();
    order.push_back(x);
    for (std::uint32_t c = first[x + 1]; c > first[x]; --c) stack.push_back(child[c - 1]);
  }
  if (order.size() != n) throw std::logic_error("hierarchy::sort_preorder: the parent links contain a cycle");
  return order;
}

}  // namespace framelab
