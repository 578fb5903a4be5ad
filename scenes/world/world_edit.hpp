#pragma once
// Editing a loaded world (the Scene tree's editor, ui/world_editor.hpp): adding a child
// frame, deleting or renaming one, changing its motion expressions and shapes on a draft
// copy of the world_spec. An edited draft is checked exactly like a file: written with
// scenes/world/world_writer.hpp and read back by the loader (same parser, same checks),
// so nothing the loader would refuse reaches the model; the message keeps the loader's
// key ("frames[0].frames[1].translation[2]: ...") for the editor to show next to the field.
#include <optional>
#include <string>

#include "scenes/simulation.hpp"
#include "scenes/world/world_spec.hpp"

namespace framelab {

// A frame's key in the written file, e.g. "frames[0].frames[2]" (the loader's path).
std::string frame_key(const world_spec& w, int frame);

// The frame of that name, or -1.
int find_frame(const world_spec& w, const std::string& name);

// Appends a frame named `name` (at its parent's origin, no shapes) under `parent` (-1:
// the world); returns its index. The name is checked when the draft is rebuilt.
int add_child_frame(world_spec& w, int parent, const std::string& name);

// Removes a frame and everything under it. Refused (nothing changes) while a particle,
// a trail, the gravity or the view refers to one of them: the message names which.
std::optional<std::string> delete_frame(world_spec& w, int frame);

// Sets an expression from the editor's text (checked when the draft is rebuilt).
void set_expression_text(world_expression& e, const std::string& text);

// The draft checked like a file: on success `out` is the world the loader reads from the
// written text; on failure the loader's message without the file position ("key: reason"),
// `out` untouched.
std::optional<std::string> rebuild_world(const world_spec& draft, world_spec& out);

// Replaces the running scene by `w` (a checked world), restarting at t = 0 and keeping the
// parameters the user set where they are still valid (scenes/world/world_reload.hpp). The
// entry is registered under w.source, so a reset or a preset finds the new model.
std::optional<std::string> run_world(simulation& sim, world_spec w);

}  // namespace framelab
