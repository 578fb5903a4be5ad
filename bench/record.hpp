#pragma once
// One measurement: what was measured (the case's parameters as key/value text), and
// how long it took per element (or per operation, pair, step: the unit).
//
// Timing is repeated-minimum (bench/case_context.hpp): after a warm-up, several samples
// of the same work; the minimum is the estimate least disturbed by the rest of the
// machine, the median and the spread say how much the samples disagreed.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace framelab::bench {

// Ordered key/value pairs, e.g. {{"container", "std::list"}, {"size", "1000"}}.
using param_list = std::vector<std::pair<std::string, std::string>>;

struct record {
  param_list params;
  std::string unit = "element";                         // ns per <unit>; exported as the field "ns_per_<unit>"
  double ns_per_item = 0.0;                             // minimum over the samples
  double ns_median = 0.0;                               // median over the samples
  int samples = 0;                                      // samples taken (after the warm-up)
  long long runs_per_sample = 1;                        // calls of the timed body per sample (short bodies are batched)
  double spread = 0.0;                                  // (max - min) / min over the samples
  std::vector<std::pair<std::string, double>> metrics;  // extra numbers, e.g. bytes_per_element

  // The value of a parameter, or "" if the record has none.
  const std::string& param(std::string_view key) const {
    static const std::string none;
    for (const auto& [k, v] : params)
      if (k == key) return v;
    return none;
  }
};

}  // namespace framelab::bench
