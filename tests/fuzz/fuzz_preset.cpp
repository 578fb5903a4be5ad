// fuzz_preset: the bytes are a preset file. They go through the entry the UI's
// "Open preset" and `framelab --scene FILE.json` / `sim --scene FILE.json` use:
// resolve_scene_argument(path) -> load_preset -> parse_preset, then simulation::load,
// as ui/app_ui.cpp's open_scene does, on a simulation that is already running a scene.
//
// Checked on every input (a failed check prints why and aborts, which libFuzzer reports):
//  - nothing crashes, throws or trips ASan/UBSan;
//  - a rejection is one non-empty message naming the file, and the running scene is
//    untouched: same scene, parameters, time, step count and channel values;
//  - an accepted preset is complete and valid (validate_params, scene check), its
//    camera is finite and within the documented ranges, every value it took from the
//    file equals the number/string written there (an independent re-read of the JSON),
//    saving it (preset_to_json) and loading that text again gives the same preset,
//    and the simulation accepts it.
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "scenes/preset.hpp"
#include "scenes/simulation.hpp"

namespace {

using namespace framelab;
using json = nlohmann::json;

[[noreturn]] void fail(const std::string& what, const std::string& detail = {}) {
  std::fprintf(stderr, "fuzz_preset: invariant violated: %s\n%s\n", what.c_str(), detail.c_str());
  std::abort();
}

void check(bool ok, const std::string& what, const std::string& detail = {}) {
  if (!ok) fail(what, detail);
}

// One file per process (libFuzzer's -jobs/-workers run several processes).
const std::filesystem::path& preset_path() {
  static const std::filesystem::path path = [] {
    auto p = std::filesystem::temp_directory_path() / ("framelab_fuzz_preset_" + std::to_string(::getpid()) + ".json");
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove(preset_path(), ec);
    });
    return p;
  }();
  return path;
}

struct scene_snapshot {
  std::string scene;
  param_values values;
  double time = 0.0;
  long long steps = 0;
  std::vector<double> channels;
};

scene_snapshot snapshot(const simulation& sim) {
  return {sim.entry().info.name, sim.parameters(), sim.time(), sim.step_count(), sim.channel_values()};
}

bool same_bits(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

bool same_snapshot(const scene_snapshot& a, const scene_snapshot& b) {
  if (a.scene != b.scene || !(a.values == b.values) || a.time != b.time || a.steps != b.steps) return false;
  if (a.channels.size() != b.channels.size()) return false;
  for (std::size_t i = 0; i < a.channels.size(); ++i) {
    if (!same_bits(a.channels[i], b.channels[i])) return false;
  }
  return true;
}

// The value the file wrote for one parameter equals the value the preset holds.
bool matches_file(const param_value& held, const json& written) {
  if (const auto* x = std::get_if<double>(&held)) return written.is_number() && written.get<double>() == *x;
  if (const auto* n = std::get_if<std::int64_t>(&held)) {
    if (written.is_number_unsigned()) return *n >= 0 && written.get<std::uint64_t>() == static_cast<std::uint64_t>(*n);
    if (written.is_number_integer()) return written.get<std::int64_t>() == *n;
    // A float in the file: exact when it is an integer well inside int64's range.
    return written.is_number_float() && static_cast<long double>(written.get<double>()) == static_cast<long double>(*n);
  }
  if (const auto* b = std::get_if<bool>(&held)) return written.is_boolean() && written.get<bool>() == *b;
  if (const auto* v = std::get_if<std::vector<double>>(&held)) {
    if (!written.is_array() || written.size() != v->size()) return false;
    for (std::size_t i = 0; i < v->size(); ++i) {
      if (!written[i].is_number() || written[i].get<double>() != (*v)[i]) return false;
    }
    return true;
  }
  const auto& s = std::get<std::string>(held);
  return written.is_string() && written.get<std::string>() == s;
}

void check_accepted(const preset& loaded, const std::string& text) {
  const scene_entry* entry = find_scene(loaded.scene);
  check(entry != nullptr, "accepted preset names an unregistered scene", loaded.scene);
  const auto scene_instance = entry->create();
  const auto defs = scene_instance->parameters();
  const auto invalid = validate_params(defs, loaded.values);
  check(!invalid, "accepted preset has invalid or missing values", invalid.value_or(""));
  const auto refused = scene_instance->check(loaded.values);
  check(!refused, "accepted preset fails the scene's check", refused.value_or(""));

  if (loaded.camera) {
    const camera_setup& c = *loaded.camera;
    check(std::isfinite(c.target.x) && std::isfinite(c.target.y) && std::isfinite(c.target.z),
          "camera target not finite");
    check(c.distance >= 0.01 && c.distance <= 1.0e6, "camera distance out of range");
    check(c.yaw_deg >= -3600.0 && c.yaw_deg <= 3600.0, "camera yaw out of range");
    check(c.pitch_deg >= -89.0 && c.pitch_deg <= 89.0, "camera pitch out of range");
  }

  // Independent re-read: the file is valid JSON here, so nlohmann parses it again.
  const json root = json::parse(text);
  check(root.is_object() && root.at("scene") == loaded.scene, "scene name differs from the file");
  if (root.contains("parameters")) {
    for (const auto& [name, written] : root.at("parameters").items()) {
      check(loaded.values.contains(name), "a parameter written in the file is missing", name);
      check(matches_file(loaded.values.get(name), written), "value differs from the file", name + " = " + written.dump());
    }
  }
  for (const auto& def : defs) {
    const bool written = root.contains("parameters") && root.at("parameters").contains(def.name);
    if (!written) check(loaded.values.get(def.name) == def.default_value, "an unwritten parameter is not its default", def.name);
  }

  // Save and load again: the same preset.
  const std::string saved = preset_to_json(loaded);
  preset again;
  const auto reload_error = parse_preset(saved, "saved", again);
  check(!reload_error, "a saved preset does not load again", reload_error.value_or("") + "\n" + saved);
  check(again.scene == loaded.scene && again.values == loaded.values, "save + load changed the values", saved);
  check(again.camera.has_value() == loaded.camera.has_value(), "save + load changed the camera", saved);
  if (again.camera) {
    check(again.camera->target == loaded.camera->target && again.camera->distance == loaded.camera->distance &&
              again.camera->yaw_deg == loaded.camera->yaw_deg && again.camera->pitch_deg == loaded.camera->pitch_deg,
          "save + load changed the camera", saved);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  {
    std::ofstream file(preset_path(), std::ios::binary | std::ios::trunc);
    file.write(text.data(), static_cast<std::streamsize>(text.size()));
    if (!file) fail("cannot write the temporary preset file", preset_path().string());
  }

  // The running scene: the GUI's default, a few steps in.
  simulation sim;
  const scene_entry* running = find_scene(default_scene_name);
  check(running != nullptr && !sim.load(*running, param_values::defaults(running->create()->parameters())),
        "the default scene does not load");
  for (int k = 0; k < 3; ++k) sim.single_step();
  const scene_snapshot before = snapshot(sim);

  // As ui/app_ui.cpp open_scene: resolve the argument, then load the scene.
  preset loaded;
  auto error = resolve_scene_argument(preset_path().string(), loaded);
  const bool parsed = !error;
  if (parsed) {
    if (loaded.scene != preset_path().string()) check_accepted(loaded, text);  // else a world file (fuzz_world)
    error = sim.load(*find_scene(loaded.scene), loaded.values);
    check(!error, "the simulation refuses a preset the loader accepted", error.value_or(""));
    for (int k = 0; k < 2; ++k) sim.single_step();  // may fault (a message), never crash
    return 0;
  }
  check(!error->empty(), "empty rejection message");
  check(error->rfind(preset_path().string(), 0) == 0, "rejection message does not name the file", *error);
  check(same_snapshot(before, snapshot(sim)), "a rejected preset changed the running scene", *error);
  return 0;
}
