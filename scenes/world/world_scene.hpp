#pragma once
// world_scene: a scene (scenes/scene.hpp) that runs a world model loaded from a file:
// the file's parameters plus three every world has (integrator, view_frame, arrow_scale),
// generated channels (each frame's world position, velocity and omega; each particle's
// local and world position and velocity, its kinetic energy; the file's own channels),
// and a scene_view of the frames' shapes, the particles, their arrows and trails, drawn
// in the world or as seen from one frame ("ride this frame": every position p drawn at
// V^{-1}(p), V the chosen frame's world pose).
#include <memory>

#include "scenes/registry.hpp"
#include "scenes/world/world_model.hpp"

namespace framelab {

class world_scene : public scene {
 public:
  explicit world_scene(std::shared_ptr<const world_spec> spec);
  world_scene(const world_scene&) = delete;  // its channel getters hold `this`
  world_scene& operator=(const world_scene&) = delete;

  std::vector<param_def> parameters() const override;
  std::vector<channel_def> channels() const override;
  std::optional<std::string> check(const param_values& values) const override;
  void reset(const param_values& values) override;
  // view_frame and arrow_scale: a new observer or arrow length, the run going on.
  void apply_view_settings(const param_values& values) override;
  void step(double dt) override;
  // Drawn on demand: steps only record the trails, view() poses everything (once per
  // frame however many steps ran).
  const scene_view& view() const override;
  std::optional<std::string> failure() const override;
  // A frame's node: its local or world dynamics set, or a kick dv; it then coasts
  // (world_model::edit_frame). A particle's node: its position and velocity in its frame,
  // set locally, globally (A1 = A2^-1 o A3) or kicked (dv1 = J2^-1 dv).
  std::optional<std::string> edit_node(int node, const node_edit& edit) override;

  const world_model& model() const { return model_; }
  // The loaded file as data (the editor and the writer start from it: scenes/world/world_writer.hpp).
  const std::shared_ptr<const world_spec>& spec() const { return spec_; }
  // For a C++ scene built on top of a file: the model to read, the view to add to.
  world_model& model_mutable() { return model_; }
  scene_view& view_mutable() {
    view();
    return view_;
  }
  static std::vector<channel_def> channel_list(const world_spec& spec, const world_scene* self);
  // The node in view().nodes of a frame or particle of the file.
  int frame_node(std::size_t frame) const { return frame_node_[frame]; }
  int particle_node(std::size_t particle) const { return particle_node_[particle]; }

 protected:
  // A C++ scene built on a file adds what is special to it here (shells, labels): called
  // each time the view is posed, after the file's own nodes, arrows and trails.
  virtual void add_to_view(scene_view& /*view*/) const {}
  // Marks the view as needing to be posed again (after a change outside step and reset).
  void view_changed() { view_current_ = false; }
  void set_arrow_scale(double scale);  // m per unit of the arrows' quantities; ignored unless > 0
  double arrow_scale() const { return arrow_scale_; }
  // The trails start again from where everything is now (e.g. after a relaunch).
  void restart_trails();
  // World coordinates -> what is drawn (V^{-1}, V the view frame's world pose; identity
  // when the scene is drawn in the world).
  transform3d world_to_view() const { return model_.world_of(view_frame_).pose.inverse(); }

 private:
  struct trail_state {
    int frame = -1;  // points kept in this frame's coordinates
    std::size_t length = 0;  // points kept: between length and length + length / 16
    std::vector<glm::dvec3> points;  // oldest first (unless drawn as kept: trail_points)
    std::size_t view_index = 0;  // in view().trails
  };
  struct arrow_ref {
    bool particle = false;
    std::size_t index = 0;
    arrow_kind kind = arrow_kind::velocity;
    double scale_factor = 1.0;  // its owner's arrow_scale over the file's (arrow_scale_factor)
  };
  void build_view();
  int frame_named(const std::string& name) const;  // -1: the world
  double arrow_scale_factor(std::optional<double> own_scale) const;
  void set_view_frame(int frame);
  std::optional<std::string> edit_particle(std::size_t i, const node_edit& edit);
  void record_trails();     // every step: the trails' new points
  std::vector<glm::dvec3>& trail_points(trail_state& t) const;
  void update_view() const;  // poses, arrows, drawn trails as of now
  glm::dvec3 particle_world_point(std::size_t i) const;
  double file_channel_value(std::size_t c) const;  // the file's channel c now
  dynamic_transform<double, 3> particle_world_motion(std::size_t i) const;  // no acceleration

  std::shared_ptr<const world_spec> spec_;
  world_model model_;
  std::optional<std::string> reset_failure_;
  int view_frame_ = -1;
  double arrow_scale_ = 0.5;
  std::vector<int> frame_node_, frame_node_end_, particle_node_;  // frame_node_end_: after its shapes
  std::vector<arrow_ref> arrows_;
  std::vector<int> body_node_;                // a body's node; its shapes follow it
  std::vector<std::size_t> body_arrows_;      // its omega arrow in view_.vectors, L the next
  std::vector<double> momentum_arrow_ratio_;  // |omega0| / |L0|: L drawn as long as omega at t = 0
  std::vector<std::function<double()>> channel_readers_;  // every channel's getter, channel_list's order
  std::vector<trail_state> trails_;
  std::vector<std::pair<bool, std::size_t>> trail_owner_;  // (particle?, index) per trail
  std::vector<std::pair<std::size_t, std::size_t>> ties_;  // (particle, view trail) drawn as a rod or spring
  mutable scene_view view_;
  mutable bool view_current_ = false;
  std::size_t own_nodes_ = 0, own_trails_ = 0, own_vectors_ = 0;  // the file's, before add_to_view
};

// The world scene of a file the user opened, or nullptr: a built-in scene standing on its
// embedded file (tank-turret, carousel) is not reloaded, edited as a file or saved.
const world_scene* as_file_world(const scene& s);

// A registry entry for a loaded file: its info from the file, a factory that builds a
// world_scene on the shared spec. Its name is the file's path as given.
scene_entry make_world_entry(std::shared_ptr<const world_spec> spec);

}  // namespace framelab
