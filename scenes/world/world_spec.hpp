#pragma once
// world_spec: a world scene file after loading and checking (scenes/world/world_loader.hpp),
// as plain data: what the file says, with every expression parsed once. Indices refer to
// the spec's own vectors; frames are in preorder (every parent before its children).
// The world model (scenes/world/world_model.hpp) runs it; docs/scene-files.md describes
// each key.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/scene_view.hpp"
#include "scenes/parameter.hpp"
#include "scenes/scene.hpp"
#include "scenes/world/frame_motion.hpp"

namespace framelab {

// A shape drawn on a frame or particle, in its coordinates (view_node's size rule).
struct shape_spec {
  std::string name;
  shape_kind kind = shape_kind::box;
  glm::dvec3 size{1.0};    // box: edges; sphere: diameters; cylinder, disk, cone: diameter, height, diameter
  glm::dvec3 offset{0.0};  // m, where its centre sits in the frame
  glm::dquat rotation{1.0, 0.0, 0.0, 0.0};  // constant turn of the shape in the frame
  glm::vec4 color{0.8f, 0.8f, 0.8f, 1.0f};
};

// Arrows that can be drawn at a frame's origin or on a particle.
enum class arrow_kind { velocity, acceleration, angular_velocity, coriolis, centrifugal, euler, frame, gravity,
                        applied, constraint };

struct trail_spec {
  bool on = false;
  int frame = -1;       // the path as seen in this frame (-1: the world)
  std::size_t length = 1500;  // points kept
  std::optional<glm::vec4> color;  // default: blue in the world, pink in a frame
  float width_px = 0.0f;  // pixels at 100 % interface size; 0: the renderer's default
};

// A frame moved by dynamics instead of expressions (issue 29; core/dynamics): its joint
// turns or slides it relative to its placement (the frame's constant "translation" and
// "rotations" in the parent), stepped with the file's integrator.
enum class joint_kind { hinge, slider, ball };

struct joint_spec {
  joint_kind kind = joint_kind::hinge;
  glm::dvec3 axis{0.0, 0.0, 1.0};  // unit, the parent's coordinates (hinge, slider)
  // q0: rad or m in [0]; ball: a rotation vector (rad). qd0: rad/s or m/s in [0]; ball: the angular
  // velocity in the parent's coordinates. Expressions of the parameters, read at t = 0.
  std::array<world_expression, 3> position, velocity;
  double damping = 0.0, stiffness = 0.0, rest = 0.0;
  // Torque (hinge: N m, about the axis; ball: N m, the parent's coordinates) or force (slider,
  // N): expressions of t, the parameters and (hinge, slider) this joint's q and qd.
  std::array<world_expression, 3> force;
  double mass = 1.0;               // kg, > 0
  glm::dvec3 center_of_mass{0.0};  // m, the frame's coordinates
  glm::dvec3 inertia{0.0};         // principal moments about the centre of mass, frame axes (kg m^2)
};

struct frame_spec {
  std::string name;
  int parent = -1;  // index into world_spec::frames, -1: the world
  frame_motion motion;  // a joint frame: its constant placement
  std::optional<joint_spec> joint;
  std::vector<shape_spec> shapes;
  std::vector<arrow_kind> arrows;
  std::optional<double> arrow_scale;  // m per unit of its arrows (default: the file's arrow_scale)
  std::vector<trail_spec> trails;
  bool channels = true;
};

enum class tie_kind { none, rod, spring };

struct particle_spec {
  std::string name;
  int frame = -1;  // integrated in this frame (-1: the world)
  std::array<world_expression, 3> position, velocity;  // at t = 0, frame coordinates (parameters only)
  world_expression mass;                               // kg
  std::array<world_expression, 3> force;               // N, world coordinates, may read t
  tie_kind tie = tie_kind::none;
  std::array<world_expression, 3> pivot;  // frame coordinates (rod, spring)
  world_expression length;                // rod length or spring rest length, m
  world_expression stiffness;             // spring constant, N/m
  double radius = 0.25;                   // drawn sphere, m
  // The plane y = floor of its frame (m): the particle's centre lands there and stays, at
  // rest in its frame (a stone on the ground); none: no floor.
  std::optional<double> floor;
  glm::vec4 color{0.95f, 0.95f, 0.9f, 1.0f};
  std::vector<arrow_kind> arrows;
  std::optional<double> arrow_scale;      // m per unit of its arrows (default: the file's arrow_scale)
  std::vector<trail_spec> trails;
  bool channels = true;
};

// A rigid body (core/rotation/rigid_body.hpp). In a frame that does not turn it is stepped
// by a core rotation integrator (core/rotation/rotation_integrator.hpp, `integrator`); in a
// turning frame or below a joint frame it is a ball-jointed link of the joint tree, stepped
// by the file's integrator (body_on_tree, scenes/world/world_body.hpp).
struct body_spec {
  std::string name;
  int frame = -1;                            // its parent frame (-1: the world)
  std::array<world_expression, 3> position;  // centre of mass at t = 0, frame coordinates (m)
  std::vector<rotation_term> rotations;      // orientation at t = 0 in the frame (parameters only)
  glm::dvec3 inertia{1.0};                   // principal moments about the centre of mass (kg m^2)
  std::array<world_expression, 3> omega;     // initial angular velocity relative to the frame, body axes (rad/s)
  std::string integrator = "midpoint";       // core/rotation/rotation_integrator.hpp's names
  bool gyroscopic = true;                    // keep the omega x L term
  bool pivoted = false;                      // a heavy top: turns about `pivot` under gravity
  glm::dvec3 pivot{0.0};                     // body coordinates, on a principal axis (m)
  double mass = 1.0;                         // kg (the pivot's gravity torque)
  std::vector<shape_spec> shapes;            // in body coordinates
  bool arrows = true;                        // omega and L arrows
  std::optional<double> arrow_scale;         // m per rad/s of omega (default: the file's arrow_scale)
  bool channels = true;
};

// Whether a frame turns or moves by a joint: it or an ancestor is a joint frame or has a
// rotation angle that reads t.
inline bool frame_turns(const std::vector<frame_spec>& frames, int frame) {
  for (int f = frame; f >= 0; f = frames[std::size_t(f)].parent) {
    if (frames[std::size_t(f)].joint) return true;
    for (const auto& r : frames[std::size_t(f)].motion.rotations)
      if (r.angle.uses_time) return true;
  }
  return false;
}

// A spring (issue 29): each end a joint frame, a prescribed frame, a body, a particle or the
// world, at an offset in that end's coordinates (a body's: origin at its centre of mass; a
// particle's: its frame's axes, origin at the particle). On a joint frame or a body (a link of
// the tree) it acts through the joint Jacobian (an external force on the tree, core/dynamics);
// on a particle it is a force in the particle's equation of motion (scenes/world/world_model.hpp;
// its other end anything: with a particle or the tree at the other end, the particles and the
// tree are stepped as one state); on a prescribed frame or the world it only pulls (their
// motion is given).
struct spring_spec {
  std::string name;
  int from = -1, to = -1;            // frames, -1: the world (when the end is not a body or a particle)
  int from_body = -1, to_body = -1;  // a body end: index into world_spec::bodies
  int from_particle = -1, to_particle = -1;  // a particle end: index into world_spec::particles
  glm::dvec3 from_offset{0.0}, to_offset{0.0};  // m
  double stiffness = 0.0;    // N/m
  double rest_length = 0.0;  // m
  double damping = 0.0;      // N s/m, along the spring
  bool channels = true;
};

// A channel of the file: an expression of t, the parameters and the other channels of the
// same step. Its variables are t, the parameters, then every channel in channel_list's
// order (world_scene::channel_list: the file's channels first); `reads` lists the channel
// slots (indices in that order) it reads. The loader refuses a channel that reads itself.
struct channel_spec {
  std::string name, unit, description;
  world_expression expr;
  std::vector<std::size_t> reads;
};

struct world_spec {
  std::string source;  // the file, for messages
  std::string title, category = "Scene files", summary, teaching_text;
  std::vector<readout_def> readouts;  // presentation mode's, with their labels and digits
  std::vector<param_def> parameters;  // the file's own (numbers); world_scene adds its settings
  std::vector<frame_spec> frames;
  std::vector<particle_spec> particles;
  std::vector<body_spec> bodies;
  std::vector<spring_spec> springs;
  std::vector<channel_spec> channels;
  std::size_t channel_slots = 0;  // how many channels an expression of a channel may read
  std::array<world_expression, 3> gravity;  // m/s^2, in gravity_frame's coordinates (parameters only)
  int gravity_frame = -1;                   // -1: the world
  std::string integrator = "rk4";
  // Times (s, expressions of the parameters) where a motion changes its formula (a kink
  // written with min, max or abs of t): a step ends there and each side is integrated
  // with the motion's one-sided values (scenes/world/world_model.hpp).
  std::vector<world_expression> breaks;
  int view_frame = -1;       // draw as seen from this frame (-1: the world)
  double arrow_scale = 0.5;  // m per unit of the arrow's quantity
  std::optional<camera_setup> camera;
  std::vector<std::string> focus;  // camera.focus: the frames, particles and bodies presentation mode frames
};

// A body in a turning frame (frame_turns) or on a spring is a link of the joint tree
// (scenes/world/world_body.hpp).
inline bool body_on_tree(const world_spec& w, std::size_t body) {
  if (frame_turns(w.frames, w.bodies[body].frame)) return true;
  for (const spring_spec& s : w.springs)
    if (s.from_body == int(body) || s.to_body == int(body)) return true;
  return false;
}

}  // namespace framelab
