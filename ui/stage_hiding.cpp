#include "ui/stage_hiding.hpp"

#include <algorithm>
#include <iterator>

namespace framelab::ui {

bool is_arrow_kind(const std::string& kind) {
  return std::any_of(std::begin(arrow_kind_names), std::end(arrow_kind_names),
                     [&](const char* name) { return kind == name; });
}

std::string arrow_kind_list() {
  std::string list;
  for (const char* name : arrow_kind_names) list += (list.empty() ? "" : ", ") + std::string(name);
  return list;
}

bool set_stage_hidden(stage_hiding& hiding, bool hide, const std::string& what, std::span<const std::string> kinds) {
  if (what == "trails") {
    hiding.trails = hide;
  } else if (what == "bodies") {
    hiding.bodies = hide;
  } else if (what == "arrows") {
    std::set<std::string> named(kinds.begin(), kinds.end());
    if (kinds.empty()) {  // every arrow, kinded or not
      named = {""};
      named.insert(std::begin(arrow_kind_names), std::end(arrow_kind_names));
    }
    for (const auto& kind : named) {
      if (hide)
        hiding.arrow_kinds.insert(kind);
      else
        hiding.arrow_kinds.erase(kind);
    }
  } else {
    return false;
  }
  return true;
}

const scene_view& stage_view(const scene_view& view, const stage_hiding& hiding, scene_view& scratch) {
  if (!hiding.any()) return view;
  scratch = view;
  if (hiding.trails)
    for (auto& t : scratch.trails) t.visible = false;
  for (auto& v : scratch.vectors)
    if (hiding.arrow_kinds.count(v.kind) != 0) v.visible = false;
  if (hiding.bodies) {
    for (auto& n : scratch.nodes) n.shape = shape_kind::none;
    scratch.spheres.spheres.clear();
  }
  return scratch;
}

}  // namespace framelab::ui
