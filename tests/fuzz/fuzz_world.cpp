// fuzz_world: the bytes are a world scene file (docs/scene-files.md), given to the loader
// (scenes/world/world_loader.hpp) and, when accepted, run as a world_scene.
//
// Checked on every input (a failed check prints why and aborts, which libFuzzer reports):
//  - nothing crashes, throws, hangs or trips ASan/UBSan;
//  - a rejection is one non-empty line "x.json:line:column: ..." (or "x.json: ...") with
//    the line and column inside the text;
//  - an accepted file gives a scene whose default parameters validate; reset, a few steps
//    (which may stop with a failure message, never crash), every channel and the view
//    can be read; a failure is a non-empty message.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace {

using namespace framelab;

[[noreturn]] void fail(const std::string& what, const std::string& detail = {}) {
  std::fprintf(stderr, "fuzz_world: invariant violated: %s\n%s\n", what.c_str(), detail.c_str());
  std::abort();
}

void check(bool ok, const std::string& what, const std::string& detail = {}) {
  if (!ok) fail(what, detail);
}

// "x.json:L:C: ..." with L, C inside the text, or "x.json: ..." for a whole-file problem.
void check_message(const std::string& error, const std::string& text) {
  check(!error.empty() && error.find('\n') == std::string::npos, "rejection is not one line", error);
  check(error.rfind("x.json:", 0) == 0, "rejection does not name the file", error);
  unsigned long line = 0, column = 0;
  if (std::sscanf(error.c_str() + 7, "%lu:%lu:", &line, &column) == 2) {
    const text_position end = position_of(text, text.size());
    check(line >= 1 && column >= 1 && line <= end.line, "rejection names a line outside the text", error);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto spec = std::make_shared<world_spec>();
  if (const auto error = parse_world(text, "x.json", *spec)) {
    check_message(*error, text);
    return 0;
  }
  world_scene scene(spec);
  const auto defs = scene.parameters();
  const param_values values = param_values::defaults(defs);
  const auto invalid = validate_params(defs, values);
  check(!invalid, "an accepted file's defaults do not validate", invalid.value_or(""));
  if (scene.check(values)) return 0;  // e.g. a rod of length 0: refused before a reset, with a message
  scene.reset(values);
  for (int k = 0; k < 4 && !scene.failure(); ++k) scene.step(1.0 / 60.0);
  if (const auto why = scene.failure()) check(!why->empty(), "empty failure message");
  for (const auto& c : scene.channels()) (void)c.read();
  check(scene.view().nodes.size() >= spec->frames.size() + spec->particles.size(), "view misses nodes");
  return 0;
}
