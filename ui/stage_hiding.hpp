#pragma once
// Predict, then reveal: what a lecturer hid from the stage so that the class predicts it
// first (a script's `hide trails`, `hide arrows coriolis`, `hide bodies`; `show ...` brings
// it back; app/gui_script.hpp). The stage draws a copy of the scene's view without it; the
// camera's framing still reads the whole view, so nothing jumps when it comes back.
#include <set>
#include <span>
#include <string>

#include "core/scene_view.hpp"

namespace framelab::ui {

struct stage_hiding {
  bool trails = false;
  bool bodies = false;                // every node's shape
  std::set<std::string> arrow_kinds;  // vector_overlay::kind; "" stands for arrows of no kind
  bool any() const { return trails || bodies || !arrow_kinds.empty(); }
  bool operator==(const stage_hiding&) const = default;
};

// What `hide WHAT [KIND...]` and `show WHAT [KIND...]` may name.
inline constexpr const char* stage_hiding_targets = "trails, arrows [KIND...] or bodies";

// Whether `kind` is one of arrow_kind_names (core/scene_view.hpp).
bool is_arrow_kind(const std::string& kind);
// "velocity, acceleration, ...": the kinds a script may name.
std::string arrow_kind_list();

// Hides (`hide` true) or shows `what` ("trails", "bodies" or "arrows"); arrows of the given
// kinds, or every arrow when `kinds` is empty. Returns false for another `what`.
bool set_stage_hidden(stage_hiding& hiding, bool hide, const std::string& what, std::span<const std::string> kinds);

// `view` as the stage shows it: `view` itself when nothing is hidden, else `scratch` made a
// copy of it with the hidden trails and arrows invisible and the hidden bodies' shapes gone.
const scene_view& stage_view(const scene_view& view, const stage_hiding& hiding, scene_view& scratch);

}  // namespace framelab::ui
