#pragma once
// node_id: the stable handle of a hierarchy node (core/frames/hierarchy.hpp), and
// world_node, the parent of top-level nodes.
#include <compare>
#include <cstdint>

namespace framelab {

// Stable handle of a hierarchy node. Ids are never reused.
struct node_id {
  static constexpr std::uint32_t invalid_value = 0xffffffffu;
  std::uint32_t value = invalid_value;
  constexpr bool valid() const { return value != invalid_value; }
  friend constexpr bool operator==(node_id, node_id) = default;
  friend constexpr auto operator<=>(node_id, node_id) = default;  // e.g. as a std::map key
};
// The world (the root): the parent of top-level nodes.
inline constexpr node_id world_node{};

}  // namespace framelab
