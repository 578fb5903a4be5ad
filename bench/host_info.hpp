#pragma once
// A one-line note on the machine the numbers come from, as the OS reports it:
// the CPU model and logical CPUs from /proc/cpuinfo, the caches of cpu0 from
// /sys/devices/system/cpu/cpu0/cache/index*/{level,type,size}.
//   "Intel(R) Xeon(R) Processor, 2 logical CPUs; L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB"
#include <filesystem>
#include <string>
#include <vector>

namespace framelab::bench {

struct cache_level {
  int level = 0;
  std::string type;  // "Data", "Instruction", "Unified"
  long long bytes = 0;
};

struct host_info {
  std::string cpu_model;  // "unknown CPU" when the OS does not say
  int logical_cpus = 0;
  std::vector<cache_level> caches;  // as listed for cpu0
};

// Reads the files under `root` ("/" on a real machine; tests pass a fake tree).
host_info read_host_info(const std::filesystem::path& root = "/");

// "Intel(R) Xeon(R) Processor, 2 logical CPUs; L1d 48 KiB, L1i 32 KiB, L2 2 MiB, L3 260 MiB"
std::string host_note(const host_info& host);

// host_note(read_host_info()), read once and kept; after set_runtime(r), r first:
//   "WebAssembly in a browser, one thread of 2 logical CPUs; <host note>"
// (r alone where the OS says nothing about the CPU, as in a browser's page).
const std::string& this_host_note();

// What runs the program where that is not the machine itself (main sets it once, before any
// benchmark asks for the note, from app/platform's runtime_description(): the browser's page);
// "" (the default) on the desktop.
void set_runtime(const std::string& runtime);

// 49152 -> "48 KiB", 2097152 -> "2 MiB"
std::string format_bytes(long long bytes);

}  // namespace framelab::bench
