#include "app/sim_command.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "common/atomic_file.hpp"
#include "common/number_text.hpp"

namespace framelab {

namespace {

// Shortest text that reads back as the same double (so runs can be compared bit for bit).
void write_number(std::ostream& out, double x) { out << shortest_text(x); }

void write_row(std::ostream& out, double t, const std::vector<double>& values) {
  write_number(out, t);
  for (double v : values) {
    out.put(',');
    write_number(out, v);
  }
  out.put('\n');
}

// A CSV field: as it is, or in double quotes (a quote doubled) when it holds a comma or a quote.
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// "t,<channel>,..." and, with --units, "s,<unit>,..." below it.
void write_header(std::ostream& out, const simulation& sim, bool units) {
  out << "t";
  for (const auto& channel : sim.channel_defs()) out << "," << csv_field(channel.name);
  out << "\n";
  if (!units) return;
  out << "s";
  for (const auto& channel : sim.channel_defs()) out << "," << csv_field(channel.unit);
  out << "\n";
}

// Runs the steps, writing rows to `out`. Returns the fault, if the state went non-finite.
std::optional<std::string> run_steps(simulation& sim, const sim_options& options, std::ostream& out) {
  write_header(out, sim, options.units);
  write_row(out, sim.time(), sim.channel_values());
  for (long long step = 1; step <= options.steps; ++step) {
    sim.single_step();
    if (sim.fault()) return sim.fault();
    if (step % options.every == 0) write_row(out, sim.time(), sim.channel_values());
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> prepare_simulation(const std::string& scene_argument, const std::vector<std::string>& sets,
                                              simulation& sim, std::optional<camera_setup>* camera) {
  preset chosen;
  if (auto error = resolve_scene_argument(scene_argument, chosen)) return "--scene: " + *error;
  const scene_entry* entry = find_scene(chosen.scene);
  const auto defs = entry->create()->parameters();
  if (auto error = apply_assignments(defs, sets, chosen.values)) return "--set " + *error;
  if (auto error = sim.load(*entry, chosen.values)) return "--set " + *error;
  if (camera != nullptr) *camera = chosen.camera;
  return std::nullopt;
}

int run_sim(const sim_options& options, std::ostream& out, std::ostream& err) {
  simulation sim;
  sim.set_history_kept(false);  // the rows read channel_values()
  if (auto error = prepare_simulation(options.scene, options.sets, sim)) {
    err << "framelab: error: " << *error << "\n";
    return 2;
  }
  clock_settings clock;
  clock.dt = options.dt;
  if (auto error = sim.set_clock(clock)) {
    err << "framelab: error: --" << *error << "\n";
    return 2;
  }
  if (options.csv == "-") {
    if (auto fault = run_steps(sim, options, out)) {
      err << "framelab: sim stopped: " << *fault << "\n";
      return 1;
    }
    out.flush();
    return out ? 0 : 1;
  }
  // A file: write a temporary next to it and rename at the end, so a failed run
  // never leaves a half-written CSV behind.
  const std::filesystem::path target(options.csv);
  const std::filesystem::path temp = temporary_path_for(target);
  std::ofstream file(temp, std::ios::binary);
  if (!file) {
    err << "framelab: error: --csv: cannot write " << options.csv << "\n";
    return 2;
  }
  const auto fault = run_steps(sim, options, file);
  file.close();
  std::error_code ec;
  if (fault || !file) {
    std::filesystem::remove(temp, ec);
    err << "framelab: sim stopped: " << (fault ? *fault : "write to " + options.csv + " failed") << "\n";
    return 1;
  }
  if (commit_temporary_file(temp, target)) {
    err << "framelab: error: --csv: cannot replace " << options.csv << "\n";
    return 1;
  }
  return 0;
}

}  // namespace framelab
