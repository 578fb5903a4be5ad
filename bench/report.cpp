#include "bench/report.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "bench/order_fit.hpp"

namespace framelab::bench {

namespace {

// The params of a record without `skip`, as one text key.
std::string key_without(const record& r, const std::string& skip) {
  std::string key;
  for (const auto& [k, v] : r.params) {
    if (k == skip) continue;
    key += k;
    key += '\x1f';
    key += v;
    key += '\x1e';
  }
  return key;
}

double median(std::vector<double> v) {
  if (v.empty()) return no_ratio;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string pad(const std::string& text, std::size_t width, bool right) {
  if (text.size() >= width) return text;
  return right ? std::string(width - text.size(), ' ') + text : text + std::string(width - text.size(), ' ');
}

// Lines of cells into aligned columns (first `left` columns left-aligned).
std::string layout(const std::vector<std::vector<std::string>>& rows, std::size_t left) {
  std::vector<std::size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) line += (c ? "  " : "") + pad(row[c], width[c], c >= left);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

// The parameter names of the records, in order of first appearance.
std::vector<std::string> param_names(const std::vector<record>& records) {
  std::vector<std::string> names;
  for (const auto& r : records)
    for (const auto& [k, v] : r.params)
      if (std::find(names.begin(), names.end(), k) == names.end()) names.push_back(k);
  return names;
}

// A pivot: rows = combinations of the params other than x, columns = x values. Rows are
// sorted by the params in order, `last` (the compared key) least significant; values by
// first appearance, numbers ascending.
std::string pivot(const std::vector<record>& records, const std::vector<double>& values, const std::string& x,
                  const std::string& last) {
  const std::vector<std::string> xs = distinct_values(records, x);
  std::vector<std::string> names;
  for (const auto& n : param_names(records))
    if (n != x) names.push_back(n);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> header = names;
  for (const auto& v : xs) header.push_back(v);
  rows.push_back(header);
  std::map<std::string, std::size_t> row_of;
  for (std::size_t i = 0; i < records.size(); ++i) {
    if (std::isnan(values[i])) continue;
    const record& r = records[i];
    const std::string key = key_without(r, x);
    auto [it, added] = row_of.emplace(key, rows.size());
    if (added) {
      std::vector<std::string> row;
      for (const auto& n : names) row.push_back(r.param(n));
      row.resize(names.size() + xs.size(), "-");
      rows.push_back(row);
    }
    const auto col = std::find(xs.begin(), xs.end(), r.param(x)) - xs.begin();
    rows[it->second][names.size() + static_cast<std::size_t>(col)] = format_number(values[i]);
  }
  if (rows.size() == 1) return "";
  // Sort key: the rank of each param's value, in the order of `names` with `last` moved to the end.
  std::vector<std::size_t> priority;
  for (std::size_t c = 0; c < names.size(); ++c)
    if (names[c] != last) priority.push_back(c);
  for (std::size_t c = 0; c < names.size(); ++c)
    if (names[c] == last) priority.push_back(c);
  std::vector<std::vector<std::string>> ranks_of(names.size());
  for (std::size_t c = 0; c < names.size(); ++c) ranks_of[c] = distinct_values(records, names[c]);
  const auto rank = [&](const std::vector<std::string>& row, std::size_t c) {
    return std::find(ranks_of[c].begin(), ranks_of[c].end(), row[c]) - ranks_of[c].begin();
  };
  std::stable_sort(rows.begin() + 1, rows.end(), [&](const auto& a, const auto& b) {
    for (std::size_t c : priority) {
      const auto ra = rank(a, c), rb = rank(b, c);
      if (ra != rb) return ra < rb;
    }
    return false;
  });
  return layout(rows, names.size());
}

}  // namespace

std::optional<double> numeric_value(const std::string& text) {
  if (text.empty()) return std::nullopt;
  try {
    std::size_t used = 0;
    const double v = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::vector<std::string> distinct_values(const std::vector<record>& records, const std::string& key) {
  std::vector<std::string> values;
  bool all_numeric = true;
  for (const auto& r : records) {
    const std::string& v = r.param(key);
    if (std::find(values.begin(), values.end(), v) != values.end()) continue;
    values.push_back(v);
    all_numeric = all_numeric && numeric_value(v).has_value();
  }
  if (all_numeric) {
    std::sort(values.begin(), values.end(),
              [](const std::string& a, const std::string& b) { return *numeric_value(a) < *numeric_value(b); });
  }
  return values;
}

std::vector<double> compute_ratios(const std::vector<record>& records, const comparison& compare) {
  std::vector<double> ratios(records.size(), no_ratio);
  if (compare.key.empty()) return ratios;
  std::map<std::string, double> baseline;
  for (const auto& r : records)
    if (r.param(compare.key) == compare.baseline) baseline[key_without(r, compare.key)] = r.ns_per_item;
  for (std::size_t i = 0; i < records.size(); ++i) {
    const record& r = records[i];
    if (r.param(compare.key) == compare.baseline || r.ns_per_item <= 0.0) continue;
    const auto it = baseline.find(key_without(r, compare.key));
    if (it != baseline.end()) ratios[i] = it->second / r.ns_per_item;
  }
  return ratios;
}

bool matches(const published_ratio& published, const record& r) {
  for (const auto& [key, alternatives] : published.match) {
    const std::string& value = r.param(key);
    bool any = false;
    std::size_t start = 0;
    while (!any) {
      const auto bar = alternatives.find('|', start);
      any = alternatives.substr(start, bar == std::string::npos ? std::string::npos : bar - start) == value;
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    if (!any) return false;
  }
  if (!published.min_param.empty()) {
    const auto v = numeric_value(r.param(published.min_param));
    if (!v || *v < published.min_value) return false;
  }
  return true;
}

std::vector<published_row> compare_with_published(const benchmark_info& info, const std::vector<record>& records,
                                                  const std::vector<double>& ratios) {
  std::vector<published_row> rows;
  for (const auto& p : info.published) {
    std::vector<double> ours;
    for (std::size_t i = 0; i < records.size() && i < ratios.size(); ++i)
      if (!std::isnan(ratios[i]) && matches(p, records[i])) ours.push_back(ratios[i]);
    rows.push_back({&p, median(ours), static_cast<int>(ours.size())});
  }
  return rows;
}

std::string format_number(double value) {
  if (std::isnan(value)) return "-";
  char text[32];
  const double a = std::abs(value);
  if (a < 10.0) {
    std::snprintf(text, sizeof text, "%.2f", value);
  } else if (a < 100.0) {
    std::snprintf(text, sizeof text, "%.1f", value);
  } else {
    std::snprintf(text, sizeof text, "%.0f", value);
  }
  return text;
}

std::string format_report(const benchmark_info& info, const std::vector<record>& records) {
  std::ostringstream out;
  if (records.empty()) return "no records\n";
  const std::vector<double> ratios = compute_ratios(records, info.compare);
  std::vector<double> ns(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) ns[i] = records[i].ns_per_item;
  const std::string unit = records.front().unit;

  if (!info.plot_x.empty()) {
    if (!info.compare.key.empty()) {
      const std::string table = pivot(records, ratios, info.plot_x, info.compare.key);
      if (!table.empty()) {
        out << "time(" << info.compare.baseline << ") / time(" << info.compare.key << "): above 1 is faster than "
            << info.compare.baseline << "; columns: " << info.plot_x << "\n"
            << table << "\n";
      }
    }
    out << "ns per " << unit << " (minimum over the samples); columns: " << info.plot_x << "\n"
        << pivot(records, ns, info.plot_x, info.compare.key);
  } else {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> header = param_names(records);
    const std::size_t left = header.size();
    for (const char* h : {"ns/item", "median", "samples", "spread"}) header.push_back(h);
    if (!info.compare.key.empty()) header.push_back("ratio");
    rows.push_back(header);
    const auto names = param_names(records);
    for (std::size_t i = 0; i < records.size(); ++i) {
      const record& r = records[i];
      std::vector<std::string> row;
      for (const auto& n : names) row.push_back(r.param(n));
      row.push_back(format_number(r.ns_per_item));
      row.push_back(format_number(r.ns_median));
      row.push_back(std::to_string(r.samples));
      row.push_back(format_number(100.0 * r.spread) + "%");
      if (!info.compare.key.empty()) row.push_back(format_number(ratios[i]));
      rows.push_back(row);
    }
    out << "ns per " << unit << " (minimum over the samples)\n" << layout(rows, left);
  }

  const auto published = compare_with_published(info, records, ratios);
  bool any = false;
  for (const auto& p : published) any = any || p.cells > 0;
  if (any) {
    std::vector<std::vector<std::string>> rows{{"published", "from", "article", "ours", "cells"}};
    for (const auto& p : published) {
      if (p.cells == 0) continue;
      std::string from = p.published->min_param.empty()
                             ? std::string("-")
                             : p.published->min_param + " >= " + format_number(p.published->min_value);
      rows.push_back({p.published->label, from, format_number(p.published->ratio), format_number(p.ours),
                      std::to_string(p.cells)});
    }
    out << "\npublished improvement factors beside ours (ours: median over the matching cells)\n" << layout(rows, 2);
  }
  if (const std::string orders = format_orders(info, records); !orders.empty()) out << "\n" << orders;
  return out.str();
}

}  // namespace framelab::bench
