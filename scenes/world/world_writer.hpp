#pragma once
// world_writer: a world_spec (scenes/world/world_spec.hpp) written back as a world scene
// file, in the documented format (docs/scene-files.md) that scenes/world/world_loader.hpp
// reads: the same keys, frames nested inside their parents, frames and particles named by
// name where the spec holds indices. The round trip load -> write -> load gives a spec
// that runs bit for bit like the first (tests/scenes/world/world_writer_test.cpp):
// expressions are written as their text, numbers in the shortest form that reads back to
// the same double. Comments of the original file are not kept (a spec has none), and a
// "disk" is written as the cylinder it loads into.
#include <filesystem>
#include <optional>
#include <string>

#include "scenes/world/world_spec.hpp"

namespace framelab {

// The file's text (JSON, two-space indents, keys in the order the documentation gives).
std::string world_to_json(const world_spec& spec);

// Writes world_to_json(spec) to `path` atomically (common/atomic_file.hpp): a failed save
// leaves the previous file intact. Returns the reason on failure.
std::optional<std::string> save_world(const std::filesystem::path& path, const world_spec& spec);

// An expression as the file shows it: its text, or a number in its shortest form ("0.7").
std::string expression_text(const world_expression& e);

// The file's name of an arrow ("velocity", "coriolis", ...).
const char* arrow_name(arrow_kind kind);

}  // namespace framelab
