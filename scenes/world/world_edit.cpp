#include "scenes/world/world_edit.hpp"

#include <memory>
#include <vector>

#include "scenes/registry.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_reload.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"

namespace framelab {

std::string frame_key(const world_spec& w, int frame) {
  if (frame < 0) return "";
  const int parent = w.frames[std::size_t(frame)].parent;
  int sibling = 0;  // the writer nests children in the order of the frames vector
  for (int i = 0; i < frame; ++i)
    if (w.frames[std::size_t(i)].parent == parent) ++sibling;
  const std::string here = "frames[" + std::to_string(sibling) + "]";
  return parent < 0 ? here : frame_key(w, parent) + "." + here;
}

int find_frame(const world_spec& w, const std::string& name) {
  for (std::size_t i = 0; i < w.frames.size(); ++i)
    if (w.frames[i].name == name) return int(i);
  return -1;
}

int add_child_frame(world_spec& w, int parent, const std::string& name) {
  frame_spec f;
  f.name = name;
  f.parent = parent;
  for (auto& x : f.motion.translation) x = constant_expression(0.0);
  w.frames.push_back(std::move(f));
  return int(w.frames.size()) - 1;
}

namespace {

bool inside(const world_spec& w, int frame, int root) {
  for (int f = frame; f >= 0; f = w.frames[std::size_t(f)].parent)
    if (f == root) return true;
  return false;
}

}  // namespace

std::optional<std::string> delete_frame(world_spec& w, int frame) {
  if (frame < 0 || frame >= int(w.frames.size())) return std::string("no such frame");
  const std::string& name = w.frames[std::size_t(frame)].name;
  const auto gone = [&](int f) { return f >= 0 && inside(w, f, frame); };
  for (const auto& p : w.particles) {
    if (gone(p.frame)) return "particle '" + p.name + "' moves in '" + name + "' or a frame under it: change it first";
    for (const auto& t : p.trails)
      if (gone(t.frame)) return "particle '" + p.name + "' draws its trail in '" + name + "' or a frame under it";
  }
  for (const auto& b : w.bodies)
    if (gone(b.frame)) return "body '" + b.name + "' lives in '" + name + "' or a frame under it: change it first";
  for (const auto& f : w.frames)
    for (const auto& t : f.trails)
      if (!gone(find_frame(w, f.name)) && gone(t.frame))
        return "frame '" + f.name + "' draws its trail in '" + name + "' or a frame under it";
  for (const auto& s : w.springs)
    if (gone(s.from) || gone(s.to)) return "spring '" + s.name + "' holds on to '" + name + "' or a frame under it";
  if (gone(w.gravity_frame)) return "gravity is given in '" + name + "' or a frame under it";
  if (gone(w.view_frame)) return "the view rides on '" + name + "' or a frame under it";
  // Keep the others, renumbering every reference to a frame.
  std::vector<int> new_index(w.frames.size(), -1);
  std::vector<frame_spec> kept;
  for (std::size_t i = 0; i < w.frames.size(); ++i) {
    if (gone(int(i))) continue;
    new_index[i] = int(kept.size());
    kept.push_back(std::move(w.frames[i]));
  }
  const auto remap = [&](int& f) {
    if (f >= 0) f = new_index[std::size_t(f)];
  };
  for (auto& f : kept) {
    remap(f.parent);
    for (auto& t : f.trails) remap(t.frame);
  }
  for (auto& p : w.particles) {
    remap(p.frame);
    for (auto& t : p.trails) remap(t.frame);
  }
  for (auto& b : w.bodies) remap(b.frame);
  for (auto& s : w.springs) remap(s.from), remap(s.to);
  remap(w.gravity_frame);
  remap(w.view_frame);
  w.frames = std::move(kept);
  return std::nullopt;
}

void set_expression_text(world_expression& e, const std::string& text) {
  e = world_expression{};
  e.text = text;  // written as text; the loader compiles it
  e.uses_time = true;
}

std::optional<std::string> rebuild_world(const world_spec& draft, world_spec& out) {
  const std::string text = world_to_json(draft);
  world_spec checked;
  if (auto error = parse_world(text, draft.source, checked)) {
    // "file:line:column: key: reason" -> "key: reason" (the position is in the written text).
    std::string message = *error;
    if (message.starts_with(draft.source + ":")) {
      std::size_t at = draft.source.size() + 1;
      for (int field = 0; field < 2 && at != std::string::npos; ++field) at = message.find(':', at) + 1;
      if (at != std::string::npos && at < message.size()) message = message.substr(at + (message[at] == ' ' ? 1 : 0));
    }
    return message;
  }
  checked.source = draft.source;
  out = std::move(checked);
  return std::nullopt;
}

std::optional<std::string> run_world(simulation& sim, world_spec w) {
  const scene_entry entry = make_world_entry(std::make_shared<world_spec>(std::move(w)));
  const auto fresh = entry.create();
  param_values values = carried_parameters(sim.parameter_defs(), sim.parameters(), fresh->parameters());
  if (fresh->check(values)) values = param_values::defaults(fresh->parameters());  // the kept values clash: file's own
  if (auto error = sim.load(entry, values)) return error;
  register_file_scene(entry);  // find_scene(source) now gives the new model (presets, Reset)
  return std::nullopt;
}

}  // namespace framelab
