#include "bench/export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "bench/report.hpp"
#include "common/atomic_file.hpp"

namespace framelab::bench {

namespace {

// The columns of a report: params, then the numbers.
struct columns {
  std::vector<std::string> params;
  std::vector<std::string> units;
  std::vector<std::string> metrics;
};

columns columns_of(const std::vector<record>& records) {
  columns c;
  const auto add = [](std::vector<std::string>& v, const std::string& s) {
    if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
  };
  for (const auto& r : records) {
    for (const auto& [k, v] : r.params) add(c.params, k);
    add(c.units, r.unit);
    for (const auto& [k, v] : r.metrics) add(c.metrics, k);
  }
  return c;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string out = "\"";
  for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return out + "\"";
}

std::string number(double v) {
  if (!std::isfinite(v)) return "";
  char text[40];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

nlohmann::json param_json(const std::string& text) {
  if (const auto v = numeric_value(text)) {
    if (*v == std::floor(*v) && std::abs(*v) < 9e15) return static_cast<long long>(*v);
    return *v;
  }
  return text;
}

}  // namespace

std::string to_csv(const run_report& report) {
  const columns c = columns_of(report.records);
  const bool with_ratio = !report.compare.key.empty();
  const std::vector<double> ratios = compute_ratios(report.records, report.compare);
  std::string out;
  std::vector<std::string> header = c.params;
  for (const auto& u : c.units) header.push_back("ns_per_" + u);
  for (const char* h : {"ns_median", "samples", "runs_per_sample", "spread"}) header.push_back(h);
  if (with_ratio) header.push_back("ratio");
  for (const auto& m : c.metrics) header.push_back(m);
  for (std::size_t i = 0; i < header.size(); ++i) out += (i ? "," : "") + csv_field(header[i]);
  out += "\n";
  for (std::size_t i = 0; i < report.records.size(); ++i) {
    const record& r = report.records[i];
    std::vector<std::string> row;
    for (const auto& p : c.params) row.push_back(r.param(p));
    for (const auto& u : c.units) row.push_back(u == r.unit ? number(r.ns_per_item) : "");
    row.push_back(number(r.ns_median));
    row.push_back(std::to_string(r.samples));
    row.push_back(std::to_string(r.runs_per_sample));
    row.push_back(number(r.spread));
    if (with_ratio) row.push_back(number(ratios[i]));
    for (const auto& m : c.metrics) {
      std::string cell;
      for (const auto& [k, v] : r.metrics)
        if (k == m) cell = number(v);
      row.push_back(cell);
    }
    for (std::size_t j = 0; j < row.size(); ++j) out += (j ? "," : "") + csv_field(row[j]);
    out += "\n";
  }
  return out;
}

std::string to_json(const run_report& report) {
  const std::vector<double> ratios = compute_ratios(report.records, report.compare);
  nlohmann::ordered_json doc;
  doc["benchmark"] = report.benchmark;
  doc["host"] = report.host;
  doc["options"] = nlohmann::ordered_json::object();
  for (const auto& [k, v] : report.options) doc["options"][k] = v;
  if (!report.compare.key.empty()) {
    doc["ratio"] = "time(" + report.compare.key + " = " + report.compare.baseline + ") / time(this record)";
  }
  doc["records"] = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < report.records.size(); ++i) {
    const record& r = report.records[i];
    nlohmann::ordered_json j;
    for (const auto& [k, v] : r.params) j[k] = param_json(v);
    j["ns_per_" + r.unit] = r.ns_per_item;
    j["ns_median"] = r.ns_median;
    j["samples"] = r.samples;
    j["runs_per_sample"] = r.runs_per_sample;
    j["spread"] = r.spread;
    if (!report.compare.key.empty() && std::isfinite(ratios[i])) j["ratio"] = ratios[i];
    for (const auto& [k, v] : r.metrics) j[k] = v;
    doc["records"].push_back(std::move(j));
  }
  return doc.dump(1) + "\n";
}

std::optional<std::string> export_csv(const std::filesystem::path& path, const run_report& report) {
  return write_file_atomically(path, to_csv(report));
}

std::optional<std::string> export_json(const std::filesystem::path& path, const run_report& report) {
  return write_file_atomically(path, to_json(report));
}

std::optional<std::string> check_output_path(const std::filesystem::path& path) {
  if (path.empty()) return std::string("needs a file name");
  const std::filesystem::path parent = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  std::error_code ec;
  if (!std::filesystem::is_directory(parent, ec)) return path.string() + ": directory does not exist";
  if (std::filesystem::is_directory(path, ec)) return path.string() + ": is a directory";
  return std::nullopt;
}

}  // namespace framelab::bench
