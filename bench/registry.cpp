#include <algorithm>
#include <deque>
#include <mutex>
#include <stdexcept>

#include "bench/benchmark.hpp"

namespace framelab::bench {

namespace {

// Function-local statics: registration runs during static initialisation of other
// translation units. A deque keeps the addresses handed out stable.
std::deque<benchmark_info>& registry() {
  static std::deque<benchmark_info> benchmarks;
  return benchmarks;
}

std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

int register_benchmark(benchmark_info info) {
  if (info.name.empty()) throw std::logic_error("register_benchmark: a benchmark needs a name");
  if (info.cases == nullptr) throw std::logic_error("register_benchmark: benchmark '" + info.name + "' has no cases");
  const std::lock_guard lock(registry_mutex());
  auto& all = registry();
  for (const auto& b : all) {
    if (b.name == info.name) throw std::logic_error("register_benchmark: '" + info.name + "' is registered twice");
  }
  all.push_back(std::move(info));
  return static_cast<int>(all.size());
}

std::vector<const benchmark_info*> registered_benchmarks() {
  const std::lock_guard lock(registry_mutex());
  std::vector<const benchmark_info*> out;
  for (const auto& b : registry()) out.push_back(&b);
  std::sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
  return out;
}

const benchmark_info* find_benchmark(std::string_view name) {
  const std::lock_guard lock(registry_mutex());
  for (const auto& b : registry())
    if (b.name == name) return &b;
  return nullptr;
}

std::optional<std::string> resolve_options(const benchmark_info& info, const std::map<std::string, std::string>& given,
                                           option_values& values) {
  if (auto error = make_option_values(info.options, given, values)) return error;
  if (info.adjust_defaults != nullptr) info.adjust_defaults(values);
  return check_option_values(info.options, values);
}

std::optional<std::string> make_cases(const benchmark_info& info, const option_values& values,
                                      std::vector<bench_case>& cases) {
  try {
    cases = info.cases(values);
  } catch (const std::exception& e) {
    cases.clear();
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace framelab::bench
