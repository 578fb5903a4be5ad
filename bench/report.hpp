#pragma once
// Reading a run's records: ratios against the baseline measured in the same run,
// the comparison with published numbers, and the text tables `framelab bench` prints.
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/record.hpp"

namespace framelab::bench {

inline constexpr double no_ratio = std::numeric_limits<double>::quiet_NaN();

// ratio[i] = time(baseline) / time(records[i]) for the baseline record whose params
// equal records[i]'s except compare.key (minimum ns per item of each). NaN for the
// baseline's own records, records without a baseline, and when compare.key is empty.
std::vector<double> compute_ratios(const std::vector<record>& records, const comparison& compare);

// The value of a parameter as a number, if it is one ("1000", "1e6", "0.5").
std::optional<double> numeric_value(const std::string& text);

// The distinct values of a parameter in the records: numerically ascending when all
// are numbers, else in order of first appearance.
std::vector<std::string> distinct_values(const std::vector<record>& records, const std::string& key);

struct published_row {
  const published_ratio* published = nullptr;
  double ours = no_ratio;  // median of our matching ratios (NaN: no matching record yet)
  int cells = 0;           // how many of our records matched
};

// One row per benchmark_info::published entry.
std::vector<published_row> compare_with_published(const benchmark_info& info, const std::vector<record>& records,
                                                  const std::vector<double>& ratios);

// Does the record match a published entry's params (alternatives separated by '|')
// and lower bound?
bool matches(const published_ratio& published, const record& r);

// The text report: with plot_x, pivot tables (one row per other parameter combination,
// one column per plot_x value): the ratios first (when there is a comparison), then ns
// per item; without, one line per record. Then the published comparison, if any.
std::string format_report(const benchmark_info& info, const std::vector<record>& records);

// "0.312", "4.56", "45.6", "456", for ns and ratios in tables.
std::string format_number(double value);

}  // namespace framelab::bench
