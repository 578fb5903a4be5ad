// Bad scene files are refused with one message naming file:line:column and the key;
// nothing crashes or hangs on huge, deep, random or malformed input.
#include "scenes/world/world_loader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "scenes/preset.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab {
namespace {

std::string refusal(const std::string& text) {
  world_spec w;
  const auto error = parse_world(text, "x.json", w);
  EXPECT_TRUE(error.has_value()) << text.substr(0, 200);
  return error.value_or("");
}

std::string one_frame(const std::string& body) { return R"({ "frames": [ { "name": "f", )" + body + " } ] }"; }

TEST(WorldLoader, AcceptsCommentsAndNesting) {
  world_spec w;
  const std::string text = R"({
    // a comment
    "parameters": { "w": { "value": 2, "min": 0, "max": 5, "unit": "rad/s" } },
    /* another */
    "frames": [ { "name": "a", "rotations": [ { "axis": [0, 1, 0], "angle": "w*t" } ],
                  "frames": [ { "name": "b", "translation": [1, 0, 0] } ] } ]
  })";
  const auto error = parse_world(text, "x.json", w);
  ASSERT_FALSE(error.has_value()) << *error;
  ASSERT_EQ(w.frames.size(), 2u);
  EXPECT_EQ(w.frames[1].parent, 0);
  EXPECT_EQ(w.parameters[0].name, "w");
}

TEST(WorldLoader, UnknownKeyIsNamedWithLineAndColumn) {
  const std::string text = "{\n  \"frames\": [\n    { \"name\": \"f\", \"colour\": [1, 0, 0] }\n  ]\n}";
  EXPECT_EQ(refusal(text).substr(0, 41), "x.json:3:20: frames[0].colour: unknown ke");
}

// A key or name with an escaped control character is echoed as an escape: the report stays one
// line (found by fuzz_world: "tr\nslation").
TEST(WorldLoader, EchoedKeysAndNamesStayOnOneLine) {
  const std::string key = refusal(R"({ "frames": [ { "name": "f", "tr\nslation": [0, 0, 0] } ] })");
  EXPECT_EQ(key.find('\n'), std::string::npos) << key;
  EXPECT_NE(key.find("frames[0].tr\\nslation: unknown key"), std::string::npos) << key;
  const std::string name = refusal(R"({ "particles": [ { "name": "p", "frame": "a\tb\u0001" } ] })");
  EXPECT_NE(name.find("no frame named 'a\\tb\\x01'"), std::string::npos) << name;
}

TEST(WorldLoader, UnknownFunctionIsNamed) {
  const std::string e = refusal(one_frame(R"j("translation": ["sn(t)", 0, 0])j"));
  EXPECT_NE(e.find("x.json:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("frames[0].translation[0]"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown function 'sn'"), std::string::npos) << e;
}

TEST(WorldLoader, ParameterOutsideItsRangeIsRefused) {
  const std::string e = refusal(R"({ "parameters": { "L": { "value": 20, "min": 0, "max": 10 } } })");
  EXPECT_NE(e.find("parameters.L.value: 20 is outside its range [0, 10]"), std::string::npos) << e;
  // and through the scene's parameters (sim --set, the Parameters panel)
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(parse_world(R"({ "parameters": { "L": { "value": 2, "min": 0, "max": 10 } } })", "x", *spec));
  world_scene s(spec);
  param_values v = param_values::defaults(s.parameters());
  v.set("L", 11.0);
  EXPECT_TRUE(validate_params(s.parameters(), v).has_value());
}

TEST(WorldLoader, UnknownFrameAndDuplicateNamesAreRefused) {
  EXPECT_NE(refusal(R"({ "particles": [ { "name": "p", "frame": "nowhere" } ] })").find("no frame named 'nowhere'"),
            std::string::npos);
  EXPECT_NE(refusal(R"({ "frames": [ { "name": "a" }, { "name": "a" } ] })").find("used twice"), std::string::npos);
  EXPECT_NE(refusal(R"({ "frames": [], "frames": [] })").find("given twice"), std::string::npos);
  EXPECT_NE(refusal(R"({ "readouts": ["nothing"] })").find("no channel named 'nothing'"), std::string::npos);
}

// camera.focus names frames, particles or bodies of the file, wherever they are declared;
// a camera of only "focus" leaves the placement to presentation mode.
TEST(WorldLoader, CameraFocusNamesWhatTheFileDeclares) {
  const std::string e = refusal(R"({ "camera": { "focus": ["a", "ghost"] }, "frames": [ { "name": "a" } ] })");
  EXPECT_NE(e.find("camera.focus[1]"), std::string::npos) << e;
  EXPECT_NE(e.find("no frame, particle or body named 'ghost'"), std::string::npos) << e;
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(parse_world(R"({ "camera": { "focus": ["p", "a"] }, "frames": [ { "name": "a" } ],
                                "particles": [ { "name": "p" } ] })",
                           "x", *spec));
  EXPECT_EQ(spec->focus, (std::vector<std::string>{"p", "a"}));
  EXPECT_FALSE(spec->camera.has_value()) << "no placement given";
  ASSERT_FALSE(parse_world(R"({ "camera": { "distance": 5, "focus": ["a"] }, "frames": [ { "name": "a" } ] })", "x",
                           *(spec = std::make_shared<world_spec>())));
  ASSERT_TRUE(spec->camera.has_value());
  EXPECT_EQ(spec->camera->distance, 5.0);
  EXPECT_NE(refusal(R"({ "particles": [ { "name": "p", "floor": "high" } ] })").find("particles[0].floor"),
            std::string::npos);
}

TEST(WorldLoader, SyntaxErrorsNameTheirPosition) {
  const std::string e = refusal("{\n  \"frames\": [ { \"name\": \"a\" } \n  \"x\": 1 }");
  EXPECT_EQ(e.substr(0, 9), "x.json:3:") << e;
}

TEST(WorldLoader, MissingFileAndDirectoryAreRefused) {
  preset p;
  const auto missing = load_preset(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds/no-such-file.json", p);
  ASSERT_TRUE(missing.has_value());
  EXPECT_NE(missing->find("no such file"), std::string::npos) << *missing;
  const auto directory = load_preset(std::string(FRAMELAB_SOURCE_DIR) + "/assets/worlds", p);
  ASSERT_TRUE(directory.has_value());
  EXPECT_NE(directory->find("directory"), std::string::npos) << *directory;
}

TEST(WorldLoader, TenMegabytesOfRandomBytesAreRefused) {
  std::mt19937 rng(7);
  std::string bytes(10u << 20, '\0');
  for (auto& c : bytes) c = char(rng());
  const auto path = std::filesystem::temp_directory_path() / "framelab_world_random.json";
  std::ofstream(path, std::ios::binary) << bytes;
  preset p;
  const auto error = load_preset(path, p);
  std::filesystem::remove(path);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("too large"), std::string::npos) << *error;
  // and the parser itself on a megabyte of them
  EXPECT_FALSE(refusal(bytes.substr(0, 1u << 20)).empty());
}

TEST(WorldLoader, DeepNestingIsRefused) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(refusal(deep).find("nested more than 64 levels"), std::string::npos);
  std::string frames = R"({ "frames": [)";
  for (int i = 0; i < 40; ++i) frames += R"({ "name": "f)" + std::to_string(i) + R"(", "frames": [)";
  for (int i = 0; i < 40; ++i) frames += "] }";
  frames += "] }";
  EXPECT_NE(refusal(frames).find("nested more than 64 levels"), std::string::npos);
}

TEST(WorldLoader, TooManyFramesAreRefused) {
  // a million frames do not fit in a file (refused by size); the frame limit itself:
  std::string text = R"({ "frames": [)";
  for (std::size_t i = 0; i <= max_world_frames; ++i) text += (i ? ",{\"name\":\"f" : "{\"name\":\"f") + std::to_string(i) + "\"}";
  text += "] }";
  EXPECT_NE(refusal(text).find("more than 50000 frames"), std::string::npos);
  std::string block;  // a thousand frames, a thousand times (names repeat: the size is refused first)
  for (int i = 0; i < 1000; ++i) block += "{\"name\": \"f" + std::to_string(i) + "\"},";
  std::string million = R"({ "frames": [)";
  for (int i = 0; i < 1000; ++i) million += block;
  EXPECT_NE(refusal(million).find("more than the"), std::string::npos);
}

// 1/(t-3) is infinite at t = 3 s: the scene fails naming the frame and the expression.
TEST(WorldLoader, NonFiniteExpressionWhileRunningNamesFrameAndExpression) {
  auto spec = std::make_shared<world_spec>();
  ASSERT_FALSE(parse_world(one_frame(R"j("translation": ["1/(t-3)", 0, 0])j"), "x.json", *spec));
  world_scene s(spec);
  s.reset(param_values::defaults(s.parameters()));
  for (int k = 0; k < 6 && !s.failure(); ++k) s.step(0.5);
  ASSERT_TRUE(s.failure().has_value());
  EXPECT_NE(s.failure()->find("frame 'f': translation x = '1/(t-3)' is not finite"), std::string::npos) << *s.failure();
  EXPECT_NE(s.failure()->find("at t = 3 s"), std::string::npos) << *s.failure();
  s.step(0.5);  // stopped: further steps do nothing
  EXPECT_EQ(s.model().time(), 3.0);
}

}  // namespace
}  // namespace framelab
