// The world writer against the loader: load -> write -> load runs bit for bit like the
// file it came from (every channel, every step), for each shipped world file and for a
// file that uses every key; and the written text is a fixed point of write(load(.)).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <tuple>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"
#include "scenes/world/world_writer.hpp"

namespace framelab {
namespace {

std::string shipped_worlds_folder() { return std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/"; }

// Every channel's value at every step, as bits (a CSV written with full precision holds
// exactly this), for `steps` steps of dt after a reset at the file's defaults.
std::vector<std::uint64_t> run_bits(const world_spec& spec, int steps) {
  auto shared = std::make_shared<world_spec>(spec);
  world_scene scene(shared);
  scene.reset(param_values::defaults(scene.parameters()));
  EXPECT_FALSE(scene.failure().has_value());
  const auto channels = scene.channels();
  std::vector<std::uint64_t> bits;
  for (int s = 0; s <= steps; ++s) {
    if (s > 0) scene.step(1.0 / 120.0);
    for (const auto& c : channels) bits.push_back(std::bit_cast<std::uint64_t>(c.read()));
  }
  return bits;
}

std::vector<std::string> channel_names(const world_spec& spec) {
  world_scene scene(std::make_shared<world_spec>(spec));
  std::vector<std::string> names;
  for (const auto& c : scene.channels()) names.push_back(c.name);
  return names;
}

void expect_round_trip(const world_spec& first, const std::string& what) {
  const std::string text = world_to_json(first);
  world_spec second;
  const auto error = parse_world(text, what + " (written)", second);
  ASSERT_FALSE(error.has_value()) << *error << "\n" << text;
  EXPECT_EQ(channel_names(first), channel_names(second)) << what;
  EXPECT_EQ(run_bits(first, 600), run_bits(second, 600)) << what;
  EXPECT_EQ(world_to_json(second), text) << what;  // writing again changes nothing
  EXPECT_EQ(second.teaching_text, first.teaching_text);
  EXPECT_EQ(second.readouts, first.readouts);
  ASSERT_EQ(second.frames.size(), first.frames.size());
  for (std::size_t i = 0; i < first.frames.size(); ++i) {
    EXPECT_EQ(second.frames[i].name, first.frames[i].name);
    EXPECT_EQ(second.frames[i].parent, first.frames[i].parent);
    ASSERT_EQ(second.frames[i].shapes.size(), first.frames[i].shapes.size());
    for (std::size_t k = 0; k < first.frames[i].shapes.size(); ++k) {
      const auto& a = first.frames[i].shapes[k];
      const auto& b = second.frames[i].shapes[k];
      EXPECT_EQ(a.kind, b.kind);
      EXPECT_EQ(a.size, b.size);
      EXPECT_EQ(a.color, b.color);
      EXPECT_NEAR(glm::length(glm::dvec4(a.rotation.x - b.rotation.x, a.rotation.y - b.rotation.y,
                                         a.rotation.z - b.rotation.z, a.rotation.w - b.rotation.w)),
                  0.0, 1e-12);
    }
  }
}

TEST(WorldWriter, ShippedFilesRoundTripBitForBit) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shipped_worlds_folder())) {
    if (entry.path().extension() != ".json") continue;
    world_spec spec;
    const auto error = load_world(entry.path(), spec);
    ASSERT_FALSE(error.has_value()) << *error;
    expect_round_trip(spec, entry.path().filename().string());
    ++files;
  }
  EXPECT_GE(files, 4);
}

// Two expressions alike: the same text, or the same constant (a number read back as a number).
void expect_same_expression(const world_expression& a, const world_expression& b, const std::string& what) {
  EXPECT_EQ(expression_text(a), expression_text(b)) << what;
  EXPECT_EQ(a.uses_time, b.uses_time) << what;
}

void expect_same_expressions(const std::array<world_expression, 3>& a, const std::array<world_expression, 3>& b,
                             const std::string& what) {
  for (std::size_t k = 0; k < 3; ++k) expect_same_expression(a[k], b[k], what + "[" + std::to_string(k) + "]");
}

// The joints and springs of two loads of a file: every field, every number bit for bit.
void expect_same_joints_and_springs(const world_spec& a, const world_spec& b, const std::string& file) {
  ASSERT_EQ(a.frames.size(), b.frames.size()) << file;
  for (std::size_t i = 0; i < a.frames.size(); ++i) {
    const std::string what = file + " " + a.frames[i].name;
    ASSERT_EQ(a.frames[i].joint.has_value(), b.frames[i].joint.has_value()) << what;
    EXPECT_EQ(a.frames[i].arrows, b.frames[i].arrows) << what;
    EXPECT_EQ(a.frames[i].arrow_scale, b.frames[i].arrow_scale) << what;
    expect_same_expressions(a.frames[i].motion.translation, b.frames[i].motion.translation, what + ".translation");
    ASSERT_EQ(a.frames[i].motion.rotations.size(), b.frames[i].motion.rotations.size()) << what;
    for (std::size_t r = 0; r < a.frames[i].motion.rotations.size(); ++r) {
      EXPECT_EQ(a.frames[i].motion.rotations[r].axis, b.frames[i].motion.rotations[r].axis) << what;
      expect_same_expression(a.frames[i].motion.rotations[r].angle, b.frames[i].motion.rotations[r].angle, what);
    }
    if (!a.frames[i].joint) continue;
    const joint_spec& x = *a.frames[i].joint;
    const joint_spec& y = *b.frames[i].joint;
    const auto numbers = [](const joint_spec& j) {
      return std::tie(j.kind, j.axis, j.damping, j.stiffness, j.rest, j.mass, j.center_of_mass, j.inertia);
    };
    EXPECT_TRUE(numbers(x) == numbers(y)) << what;
    expect_same_expressions(x.position, y.position, what + ".position");
    expect_same_expressions(x.velocity, y.velocity, what + ".velocity");
    expect_same_expressions(x.force, y.force, what + ".force");
  }
  ASSERT_EQ(a.springs.size(), b.springs.size()) << file;
  for (std::size_t i = 0; i < a.springs.size(); ++i) {
    const auto fields = [](const spring_spec& x) {
      return std::tie(x.name, x.from, x.to, x.from_body, x.to_body, x.from_offset, x.to_offset, x.stiffness,
                      x.rest_length, x.damping, x.channels);
    };
    EXPECT_TRUE(fields(a.springs[i]) == fields(b.springs[i])) << file << " " << a.springs[i].name;
  }
  ASSERT_EQ(a.bodies.size(), b.bodies.size()) << file;
  for (std::size_t i = 0; i < a.bodies.size(); ++i) {
    EXPECT_EQ(a.bodies[i].frame, b.bodies[i].frame) << file;
    EXPECT_EQ(a.bodies[i].inertia, b.bodies[i].inertia) << file;
    expect_same_expressions(a.bodies[i].omega, b.bodies[i].omega, file + " " + a.bodies[i].name + ".omega");
    EXPECT_EQ(body_on_tree(a, i), body_on_tree(b, i)) << file;
  }
}

// The joint tree as started at the file's defaults: its body count, then every q and qd as bits.
std::vector<std::uint64_t> started_joints(const world_spec& spec) {
  world_scene scene(std::make_shared<world_spec>(spec));
  scene.reset(param_values::defaults(scene.parameters()));
  EXPECT_FALSE(scene.failure().has_value());
  const world_joints& joints = scene.model().joints();
  std::vector<std::uint64_t> out{std::uint64_t(joints.body_count())};
  for (int body = 0; body < joints.body_count(); ++body)
    for (int k = 0; k < joints.dofs(body); ++k) {
      out.push_back(std::bit_cast<std::uint64_t>(joints.q(body, k)));
      out.push_back(std::bit_cast<std::uint64_t>(joints.qd(body, k)));
    }
  return out;
}

// Save scene on a file with joints or springs (what save_world writes: world_to_json): the
// saved text loads as the same joints and springs, and saving that load again gives the same
// text. Cheap (no stepping): ShippedFilesRoundTripBitForBit runs them.
TEST(WorldWriter, JointAndSpringFilesSaveAsTheSameModel) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shipped_worlds_folder())) {
    if (entry.path().extension() != ".json") continue;
    world_spec original;
    const auto error = load_world(entry.path(), original);
    ASSERT_FALSE(error.has_value()) << *error;
    const bool joints = std::ranges::any_of(original.frames, [](const frame_spec& f) { return f.joint.has_value(); });
    if (!joints && original.springs.empty()) continue;
    const std::string file = entry.path().filename().string();
    const std::string saved = world_to_json(original);
    world_spec reloaded;
    const auto reload_error = parse_world(saved, file + " (saved)", reloaded);
    ASSERT_FALSE(reload_error.has_value()) << *reload_error << "\n" << saved;
    EXPECT_EQ(world_to_json(reloaded), saved) << file;
    expect_same_joints_and_springs(original, reloaded, file);
    EXPECT_EQ(started_joints(original), started_joints(reloaded)) << file;
    ++files;
  }
  EXPECT_GE(files, 6);  // double pendulum, wheel on stool, gyrocompass, governor, two carts, gondolas
}

// Every key the loader knows, with values away from their defaults.
constexpr const char* every_key = R"json({
  // a comment: not kept by the writer
  "title": "All keys", "category": "Tests", "summary": "s", "teaching_text": "text",
  "readouts": ["tip_x", { "channel": "lift", "label": "height", "digits": 2 }],
  "parameters": { "w": { "value": 0.7, "min": -2, "max": 3.5, "unit": "rad/s", "description": "rate" }, "h": 1.25 },
  "gravity": { "vector": [0.1, "-9.81*h", 0], "frame": "base" },
  "integrator": "midpoint", "breaks": [2, "3*h"], "arrow_scale": 0.3, "view_frame": "arm",
  "camera": { "target": [1, 2, 3], "distance": 12.5, "yaw_deg": -40, "pitch_deg": 35 },
  "frames": [
    { "name": "base", "translation": [0, "h", 0.1],
      "rotations": [ { "axis": [0, 1, 0], "angle": "w*t" }, { "axis": [1, 0, 1], "angle": 0.3 } ],
      "shapes": [ { "name": "b", "shape": "box", "size": [1, 0.2, 3], "offset": [0, -0.1, 0], "axis": [0, 0, 1], "angle_deg": 30, "color": [0.2, 0.3, 0.4, 0.5] },
                  { "shape": "sphere", "radius": 0.3 }, { "shape": "cylinder", "radius": 0.1, "height": 2 },
                  { "shape": "disk", "radius": 1.5, "thickness": 0.07 }, { "shape": "cone", "radius": 0.2, "height": 0.6 } ],
      "arrows": ["velocity", "acceleration", "angular_velocity"], "arrow_scale": 0.05, "trail": true, "channels": true,
      "frames": [ { "name": "arm", "translation": ["sin(w*t)", 0, 0], "trail": { "frame": "tip", "length": 300, "color": [1, 0.55, 0.2] }, "channels": false,
                    "frames": [ { "name": "tip", "translation": [2, 0, "0.1*t^2"] } ] } ] },
    { "name": "other", "translation": [5, 0, 0] }
  ],
  "particles": [
    { "name": "bob", "frame": "arm", "position": [1, "-h", 0], "velocity": [0, 0, "w"], "mass": "2*h",
      "force": ["0.1*sin(t)", 0, 0], "rod": { "pivot": [0, 0.5, 0], "length": "sqrt(1 + (h + 0.5)^2)" },
      "radius": 0.2, "color": [1, 0, 0], "arrows": ["coriolis", "centrifugal", "euler", "frame", "gravity", "applied", "constraint"],
      "arrow_scale": 2.5, "trail": [ { "length": 100 }, { "frame": "base", "length": 200 } ] },
    { "name": "mass_on_spring", "position": [0, 1, 0], "spring": { "pivot": [0, 2, 0], "stiffness": "40*h", "rest_length": 0.5 }, "channels": true }
  ],
  "bodies": [
    { "name": "racket", "frame": "other", "position": [0, "h", 1], "rotations": [ { "axis": [1, 1, 0], "angle": "0.2*h" } ],
      "inertia": [1, 2, 2.5], "omega": [0.01, "3*w", 0], "integrator": "midpoint4", "gyro": false,
      "shapes": [ { "shape": "box", "size": [0.3, 0.05, 0.6] } ], "arrows": false, "channels": true },
    { "name": "top", "inertia": [0.02, 0.04, 0.02], "omega": [0, 50, 0], "integrator": "rk4",
      "pivot": { "point": [0, -0.4, 0], "mass": 1.5 }, "arrow_scale": 0.01 }
  ],
  "channels": [ { "name": "lift", "unit": "m", "description": "d", "expression": "h*cos(w*t)" },
                { "name": "lift_and_bob", "unit": "m", "expression": "lift + bob_local_y" } ]
})json";

TEST(WorldWriter, EveryKeyRoundTrips) {
  world_spec spec;
  const auto error = parse_world(every_key, "every-key.json", spec);
  ASSERT_FALSE(error.has_value()) << *error;
  expect_round_trip(spec, "every-key.json");
  world_spec second;
  ASSERT_FALSE(parse_world(world_to_json(spec), "again", second).has_value());
  EXPECT_EQ(second.integrator, "midpoint");
  EXPECT_EQ(second.gravity_frame, spec.gravity_frame);
  EXPECT_EQ(second.view_frame, spec.view_frame);
  ASSERT_TRUE(second.camera.has_value());
  EXPECT_EQ(second.camera->target, spec.camera->target);
  EXPECT_EQ(second.arrow_scale, 0.3);
  EXPECT_EQ(second.frames[0].arrow_scale, 0.05);
  EXPECT_EQ(second.particles[0].arrow_scale, 2.5);
  EXPECT_EQ(second.bodies[1].arrow_scale, 0.01);
  EXPECT_FALSE(second.bodies[0].arrow_scale.has_value());
  EXPECT_EQ(second.readouts[1], readout_def("lift", "height", 2));
  EXPECT_EQ(second.channels[1].reads, spec.channels[1].reads);
  EXPECT_EQ(second.channels[1].reads.size(), 2u);
  ASSERT_EQ(second.particles.size(), 2u);
  EXPECT_EQ(second.particles[0].arrows, spec.particles[0].arrows);
  EXPECT_EQ(second.particles[0].trails[1].frame, spec.particles[0].trails[1].frame);
  EXPECT_EQ(second.particles[1].tie, tie_kind::spring);
  EXPECT_EQ(second.frames[1].trails[0].frame, spec.frames[1].trails[0].frame);
  EXPECT_EQ(second.frames[1].trails[0].color, glm::vec4(1.0f, 0.55f, 0.2f, 1.0f));
  EXPECT_FALSE(second.frames[0].trails[0].color.has_value());
  ASSERT_EQ(second.breaks.size(), 2u);
  EXPECT_EQ(second.breaks[1].text, "3*h");
  EXPECT_FALSE(second.frames[1].channels);
  EXPECT_EQ(second.parameters[0].unit, "rad/s");
  EXPECT_EQ(second.parameters[0].min, -2.0);
  ASSERT_EQ(second.bodies.size(), 2u);
  EXPECT_EQ(second.bodies[0].integrator, "midpoint4");
  EXPECT_FALSE(second.bodies[0].gyroscopic);
  EXPECT_FALSE(second.bodies[0].arrows);
  EXPECT_EQ(second.bodies[0].frame, spec.bodies[0].frame);
  EXPECT_EQ(second.bodies[0].inertia, glm::dvec3(1, 2, 2.5));
  EXPECT_TRUE(second.bodies[1].pivoted);
  EXPECT_EQ(second.bodies[1].pivot, glm::dvec3(0, -0.4, 0));
  EXPECT_EQ(second.bodies[1].mass, 1.5);
}

TEST(WorldWriter, SaveIsAtomicAndRefusesAMissingFolder) {
  world_spec spec;
  ASSERT_FALSE(parse_world(every_key, "every-key.json", spec).has_value());
  const auto dir = std::filesystem::temp_directory_path() / "framelab_world_writer_test";
  std::filesystem::create_directories(dir);
  const auto path = dir / "saved.json";
  ASSERT_FALSE(save_world(path, spec).has_value());
  world_spec loaded;
  const auto error = load_world(path, loaded);
  ASSERT_FALSE(error.has_value()) << *error;
  EXPECT_EQ(world_to_json(loaded), world_to_json(spec));
  EXPECT_TRUE(save_world(dir / "no-such-folder" / "x.json", spec).has_value());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace framelab
