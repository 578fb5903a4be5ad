// fuzz_cli: the bytes are one command line. Split into argv words (on NUL bytes when
// the input has any, so a word may hold spaces and newlines; otherwise on blanks, so a
// seed reads like a shell line) and parsed with parse_command_line: parse only,
// nothing is run and nothing may be written.
//
// Checked on every input (a failed check prints why and aborts), the promises of
// app/cli.hpp:
//  - an error is kind = exit, exit code 2, exactly one line on stderr
//    ("framelab: error: ...\n"), nothing on stdout;
//  - help and version are kind = exit, exit code 0, text on stdout, nothing on stderr;
//  - any other request has exit code 0, silent streams and values inside the
//    documented ranges (dt, steps, every, frames, size; seconds, fps and an output
//    format that takes the size for record; a known benchmark whose options resolve);
//  - the parse is deterministic (a second parse gives the same result).
// run_fuzzers.sh runs it in an empty working directory and fails if any file appears
// there (the parse may look at --csv/--json paths, never create them).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"
#include "app/video_format.hpp"
#include "bench/benchmark.hpp"
#include "scenes/simulation.hpp"

namespace {

using namespace framelab;

[[noreturn]] void fail(const std::string& what, const std::string& detail = {}) {
  std::fprintf(stderr, "fuzz_cli: invariant violated: %s\n%s\n", what.c_str(), detail.c_str());
  std::abort();
}

void check(bool ok, const std::string& what, const std::string& detail = {}) {
  if (!ok) fail(what, detail);
}

constexpr std::size_t max_words = 64;

std::vector<std::string> split_words(const std::string& text) {
  std::vector<std::string> words;
  const bool raw = text.find('\0') != std::string::npos;
  std::string word;
  bool in_word = false;
  for (const char c : text) {
    const bool separator = raw ? c == '\0' : (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    if (separator) {
      if (raw || in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
    if (words.size() >= max_words) return words;
  }
  if (in_word) words.push_back(word);
  return words;
}

struct outcome {
  cli_request request;
  std::string out;
  std::string err;
};

outcome parse(const std::vector<std::string>& words) {
  std::vector<const char*> argv{"framelab"};
  for (const auto& w : words) argv.push_back(w.c_str());
  argv.push_back(nullptr);  // as a real argv
  std::ostringstream out;
  std::ostringstream err;
  outcome result{parse_command_line(static_cast<int>(argv.size() - 1), argv.data(), out, err), {}, {}};
  result.out = out.str();
  result.err = err.str();
  return result;
}

bool same_request(const cli_request& a, const cli_request& b) {
  return a.kind == b.kind && a.exit_code == b.exit_code && a.gui.scene == b.gui.scene && a.sim.scene == b.sim.scene &&
         a.sim.sets == b.sim.sets && (a.sim.dt == b.sim.dt || (std::isnan(a.sim.dt) && std::isnan(b.sim.dt))) &&
         a.sim.steps == b.sim.steps && a.sim.every == b.sim.every && a.sim.csv == b.sim.csv &&
         a.shot.scene == b.shot.scene && a.shot.sets == b.shot.sets && a.shot.frames == b.shot.frames &&
         a.shot.width == b.shot.width && a.shot.height == b.shot.height && a.shot.out == b.shot.out &&
         a.record.scene == b.record.scene && a.record.sets == b.record.sets &&
         (a.record.seconds == b.record.seconds || (std::isnan(a.record.seconds) && std::isnan(b.record.seconds))) &&
         a.record.fps == b.record.fps && a.record.width == b.record.width && a.record.height == b.record.height &&
         a.record.out == b.record.out && a.bench.list == b.bench.list && a.bench.name == b.bench.name &&
         a.bench.given == b.bench.given && a.bench.json == b.bench.json && a.bench.csv == b.bench.csv;
}

void check_request(const outcome& o, const std::string& line) {
  const cli_request& r = o.request;
  const std::string detail = "command line: " + line + "\nstdout: " + o.out + "\nstderr: " + o.err;
  if (r.kind == command_kind::exit) {
    check(r.exit_code == 0 || r.exit_code == 2, "exit code neither 0 nor 2", detail);
    if (r.exit_code == 2) {
      check(o.out.empty(), "an error wrote to stdout", detail);
      check(o.err.rfind("framelab: error: ", 0) == 0, "an error message does not start 'framelab: error: '", detail);
      check(!o.err.empty() && o.err.back() == '\n' && o.err.find('\n') == o.err.size() - 1,
            "an error message is not exactly one line", detail);
    } else {
      check(!o.out.empty(), "help/version printed nothing", detail);
      check(o.err.empty(), "help/version wrote to stderr", detail);
    }
    return;
  }
  check(r.exit_code == 0, "a request to run has a non-zero exit code", detail);
  check(o.out.empty() && o.err.empty(), "a request to run printed something while parsing", detail);
  switch (r.kind) {
    case command_kind::sim:
      check(std::isfinite(r.sim.dt) && r.sim.dt >= min_dt && r.sim.dt <= max_dt, "--dt out of range", detail);
      check(r.sim.steps >= 0 && r.sim.steps <= max_steps, "--steps out of range", detail);
      check(r.sim.every >= 1 && r.sim.every <= max_steps, "--every out of range", detail);
      check(!r.sim.csv.empty(), "--csv empty", detail);
      break;
    case command_kind::shot:
      check(r.shot.frames >= 1 && r.shot.frames <= max_frames, "--frames out of range", detail);
      check(r.shot.width >= 64 && r.shot.width <= 16384 && r.shot.height >= 64 && r.shot.height <= 16384,
            "--size out of range", detail);
      check(!r.shot.out.empty(), "--out empty", detail);
      break;
    case command_kind::record: {
      check(r.record.seconds > 0.0 && r.record.seconds <= max_record_seconds, "--seconds out of range", detail);
      check(r.record.fps >= 1 && r.record.fps <= max_record_fps, "--fps out of range", detail);
      check(r.record.frames() >= 1 && r.record.frames() <= max_record_seconds * max_record_fps,
            "record frame count out of range", detail);
      check(r.record.width >= 64 && r.record.width <= 16384 && r.record.height >= 64 && r.record.height <= 16384,
            "--size out of range", detail);
      video_format format = video_format::mp4;
      check(!video_format_for(r.record.out, format), "record accepted an unknown output format", detail);
      check(!check_video_size(format, r.record.width, r.record.height), "record accepted an odd size for .mp4", detail);
      break;
    }
    case command_kind::bench:
      if (!r.bench.list) {
        const bench::benchmark_info* info = bench::find_benchmark(r.bench.name);
        check(info != nullptr, "bench accepted an unknown benchmark", detail);
        bench::option_values values;
        const auto error = bench::resolve_options(*info, r.bench.given, values);
        check(!error, "bench accepted options that do not resolve", detail + "\n" + error.value_or(""));
      }
      break;
    case command_kind::gui:
    case command_kind::list_scenes:
    case command_kind::exit:
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> words = split_words(text);
  std::string line;
  for (const auto& w : words) line += "[" + w + "] ";

  const outcome first = parse(words);
  const outcome second = parse(words);
  check(same_request(first.request, second.request) && first.out == second.out && first.err == second.err,
        "two parses of the same line differ", line);
  check_request(first, line);
  return 0;
}
