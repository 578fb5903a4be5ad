#include "bench/host_info.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

namespace framelab::bench {

namespace {

std::string read_line(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return line;
}

// "48K" -> 49152, "2048K" -> 2097152, "1M" -> 1048576, "512" -> 512
long long parse_size(const std::string& text) {
  if (text.empty()) return 0;
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(text, &used);
  } catch (const std::exception&) {
    return 0;
  }
  const char unit = used < text.size() ? text[used] : ' ';
  if (unit == 'K') return v << 10;
  if (unit == 'M') return v << 20;
  if (unit == 'G') return v << 30;
  return v;
}

}  // namespace

std::string format_bytes(long long bytes) {
  char text[32];
  if (bytes >= (1LL << 30) && bytes % (1LL << 30) == 0) {
    std::snprintf(text, sizeof text, "%lld GiB", bytes >> 30);
  } else if (bytes >= (1LL << 20)) {
    std::snprintf(text, sizeof text, "%.3g MiB", double(bytes) / double(1 << 20));
  } else if (bytes >= (1LL << 10)) {
    std::snprintf(text, sizeof text, "%.3g KiB", double(bytes) / double(1 << 10));
  } else {
    std::snprintf(text, sizeof text, "%lld B", bytes);
  }
  return text;
}

host_info read_host_info(const std::filesystem::path& root) {
  host_info host;
  {
    std::ifstream in(root / "proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
      const auto colon = line.find(':');
      if (colon == std::string::npos) continue;
      std::string key = line.substr(0, colon);
      while (!key.empty() && (key.back() == ' ' || key.back() == '\t')) key.pop_back();
      std::string value = line.substr(colon + 1);
      value.erase(0, std::min(value.find_first_not_of(" \t"), value.size()));
      if (key == "processor") ++host.logical_cpus;
      if (key == "model name" && host.cpu_model.empty()) host.cpu_model = value;
    }
  }
  if (host.cpu_model.empty()) host.cpu_model = "unknown CPU";
  if (host.logical_cpus == 0 && root == "/") host.logical_cpus = static_cast<int>(std::thread::hardware_concurrency());

  const std::filesystem::path cache_dir = root / "sys/devices/system/cpu/cpu0/cache";
  std::error_code ec;
  std::vector<std::filesystem::path> indexes;
  for (const auto& entry : std::filesystem::directory_iterator(cache_dir, ec)) {
    if (entry.path().filename().string().rfind("index", 0) == 0) indexes.push_back(entry.path());
  }
  std::sort(indexes.begin(), indexes.end());
  for (const auto& dir : indexes) {
    cache_level c;
    try {
      c.level = std::stoi(read_line(dir / "level"));
    } catch (const std::exception&) {
      continue;
    }
    c.type = read_line(dir / "type");
    c.bytes = parse_size(read_line(dir / "size"));
    if (c.bytes > 0) host.caches.push_back(c);
  }
  std::sort(host.caches.begin(), host.caches.end(), [](const cache_level& a, const cache_level& b) {
    return a.level != b.level ? a.level < b.level : a.type < b.type;
  });
  return host;
}

std::string host_note(const host_info& host) {
  std::ostringstream out;
  out << host.cpu_model;
  if (host.logical_cpus > 0) out << ", " << host.logical_cpus << " logical CPU" << (host.logical_cpus == 1 ? "" : "s");
  if (!host.caches.empty()) {
    out << ";";
    for (std::size_t i = 0; i < host.caches.size(); ++i) {
      const cache_level& c = host.caches[i];
      std::string suffix = c.type == "Data" ? "d" : c.type == "Instruction" ? "i" : "";
      out << (i ? ", " : " ") << "L" << c.level << suffix << " " << format_bytes(c.bytes);
    }
  } else {
    out << "; cache sizes not reported";
  }
  return out.str();
}

namespace {
std::string& runtime_text() {
  static std::string runtime;
  return runtime;
}
}  // namespace

// Read at the first use, not at start: reading /proc and /sys costs a program that runs no
// benchmark (`sim` under node, whose file calls go through JavaScript) ~70 ms.
const std::string& this_host_note() {
  static const std::string note = [] {
    const host_info host = read_host_info();
    const std::string& runtime = runtime_text();
    if (runtime.empty()) return host_note(host);
    return host.cpu_model == "unknown CPU" ? runtime : runtime + "; " + host_note(host);
  }();
  return note;
}

void set_runtime(const std::string& runtime) { runtime_text() = runtime; }

}  // namespace framelab::bench
