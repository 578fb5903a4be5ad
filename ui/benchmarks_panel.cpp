// The Benchmarks panel: pick a benchmark, its options and cases, Run / Cancel with a
// progress bar and an ETA while the bench engine's worker thread measures; the results
// as plots (ratio against the baseline over a log x axis, one line per series value;
// ns per element), a table, the published factors beside ours, the host CPU, and
// Export CSV / JSON. The UI thread only polls the runner (a mutex held for a copy), so
// it keeps drawing at full rate during a run.
#include "ui/benchmarks_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "bench/export.hpp"
#include "bench/host_info.hpp"
#include "bench/order_fit.hpp"
#include "bench/report.hpp"
#include "ui/line_plot.hpp"
#include "ui/panels.hpp"
#include "ui/widgets.hpp"

namespace framelab::ui {

namespace {

// [SECTION] Options and cases

const bench::benchmark_info* selected_info(benchmarks_state& b) {
  const bench::benchmark_info* info = bench::find_benchmark(b.selected);
  if (info == nullptr) {
    const auto all = bench::registered_benchmarks();
    if (all.empty()) return nullptr;
    // The list benchmark first when there is one (the lecture starts there).
    info = bench::find_benchmark("list");
    if (info == nullptr) info = all.front();
    b.selected = info->name;
    b.cases_dirty = true;
  }
  return info;
}

void rebuild_cases(benchmarks_state& b, const bench::benchmark_info& info) {
  b.cases_dirty = false;
  b.cases.clear();
  b.enabled.clear();
  b.options_error.clear();
  b.slice_caps.clear();
  if (auto error = bench::resolve_options(info, b.given[info.name], b.values)) {
    b.options_error = *error;
    return;
  }
  if (!bench::threads_can_start()) b.slice_caps = bench::cap_for_slices(info.options, b.values);
  if (auto error = bench::make_cases(info, b.values, b.cases)) {
    b.options_error = *error;
    return;
  }
  b.enabled.assign(b.cases.size(), 1);
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ",") + s;
  return out;
}

// Sets an option and remakes the cases at once, so the widgets drawn after it in this
// frame show the new values (a flag may change other options' defaults).
void set_option(benchmarks_state& b, const bench::benchmark_info& info, const std::string& name, std::string text) {
  b.given[info.name][name] = std::move(text);
  rebuild_cases(b, info);
}

// The choices to show ticked: the checked values, or (while another option is wrong)
// what was set for this one.
std::vector<std::string> shown_choices(benchmarks_state& b, const bench::benchmark_info& info,
                                       const bench::option_spec& spec) {
  if (b.options_error.empty()) return b.values.choices(spec.name);
  const auto& given = b.given[info.name];
  const auto it = given.find(spec.name);
  std::string canonical;
  if (bench::canonical_option_text(spec, it == given.end() ? spec.default_value : it->second, canonical)) return {};
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= canonical.size() && !canonical.empty()) {
    const auto comma = canonical.find(',', start);
    out.push_back(canonical.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

void draw_option(benchmarks_state& b, const bench::benchmark_info& info, const bench::option_spec& spec) {
  ImGui::PushID(spec.name.c_str());
  const bool valid = b.options_error.empty();
  switch (spec.kind) {
    case bench::option_kind::flag: {
      bool on = valid ? b.values.flag(spec.name) : b.given[info.name][spec.name] == "true";
      if (ImGui::Checkbox(spec.name.c_str(), &on)) {
        // A flag may change the other options' defaults (--quick): start from them again.
        auto& given = b.given[info.name];
        for (const auto& other : info.options)
          if (other.kind != bench::option_kind::flag) given.erase(other.name);
        for (const auto& other : info.options) b.edit_text.erase(info.name + "/" + other.name);
        set_option(b, info, spec.name, on ? "true" : "false");
      }
      tooltip((spec.description + "\nChanging it resets the other options to their defaults.").c_str());
      break;
    }
    case bench::option_kind::choice_list: {
      ImGui::TextUnformatted(spec.name.c_str());
      tooltip(spec.description.c_str());
      const std::vector<std::string> chosen = shown_choices(b, info, spec);
      for (const auto& choice : spec.choices) {
        same_line_if_fits(checkbox_width(choice.c_str()));
        bool on = std::find(chosen.begin(), chosen.end(), choice) != chosen.end();
        if (ImGui::Checkbox(choice.c_str(), &on)) {
          std::vector<std::string> next;
          for (const auto& c : spec.choices) {
            const bool was = std::find(chosen.begin(), chosen.end(), c) != chosen.end();
            if (c == choice ? on : was) next.push_back(c);
          }
          set_option(b, info, spec.name, joined(next));
        }
        tooltip(spec.description.c_str());
      }
      break;
    }
    case bench::option_kind::integer:
    case bench::option_kind::integer_list: {
      const std::string key = info.name + "/" + spec.name;
      auto it = b.edit_text.find(key);
      if (it == b.edit_text.end()) {
        it = b.edit_text.emplace(key, valid ? b.values.text(spec.name) : spec.default_value).first;
      }
      char buffer[512];
      std::snprintf(buffer, sizeof buffer, "%s", it->second.c_str());
      ImGui::SetNextItemWidth(std::max(6.0f * ImGui::GetFontSize(),
                                       ImGui::GetContentRegionAvail().x - labelled_width(0.0f, spec.name.c_str())));
      if (ImGui::InputText(spec.name.c_str(), buffer, sizeof buffer)) {
        it->second = buffer;
        set_option(b, info, spec.name, buffer);
      }
      tooltip((spec.description + "\nDefault: " + spec.default_value +
               (spec.kind == bench::option_kind::integer_list ? "\nComma-separated; 1e6 and 1'000'000 work." : ""))
                  .c_str());
      break;
    }
  }
  ImGui::PopID();
}

void draw_cases(benchmarks_state& b) {
  const auto selected = static_cast<std::size_t>(std::count(b.enabled.begin(), b.enabled.end(), 1));
  char header[96];
  std::snprintf(header, sizeof header, "Cases: %zu of %zu selected###cases", selected, b.cases.size());
  if (!ImGui::CollapsingHeader(header)) return;
  if (button("All", "Select every case")) std::fill(b.enabled.begin(), b.enabled.end(), 1);
  ImGui::SameLine();
  if (button("None", "Clear every case")) std::fill(b.enabled.begin(), b.enabled.end(), 0);
  ImGui::BeginChild("case list", ImVec2(0, 160), true);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(b.cases.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      bool on = b.enabled[static_cast<std::size_t>(i)] != 0;
      ImGui::PushID(i);
      if (ImGui::Checkbox(b.cases[static_cast<std::size_t>(i)].name.c_str(), &on)) {
        b.enabled[static_cast<std::size_t>(i)] = on ? 1 : 0;
      }
      ImGui::PopID();
    }
  }
  ImGui::EndChild();
}

// [SECTION] Running

void start_run(benchmarks_state& b, const bench::benchmark_info& info) {
  std::vector<bench::bench_case> chosen;
  for (std::size_t i = 0; i < b.cases.size(); ++i)
    if (b.enabled[i]) chosen.push_back(b.cases[i]);
  if (chosen.empty()) {
    b.message = "No case selected.";
    b.message_is_error = true;
    return;
  }
  // The worker runs at a lower priority than the UI thread, so drawing keeps its pace.
  if (auto refused = b.runner.start(std::move(chosen), bench::run_priority::below_ui)) {
    b.message = "Not started: " + *refused;
    b.message_is_error = true;
    return;
  }
  b.result_benchmark = info.name;
  b.result_options.clear();
  for (const auto& [k, v] : b.values.all()) b.result_options[k] = v;
  b.records.clear();
  b.ratios.clear();
  b.filter.clear();
  b.message = "Running " + info.name + "...";
  b.message_is_error = false;
}

// Pulls new records from the runner (cheap when nothing changed).
void poll_records(benchmarks_state& b) {
  const auto fresh = b.runner.records_from(b.records.size());
  if (fresh.empty()) return;
  if (b.records.empty()) b.collapse_options = true;  // the first results: the plots take the room
  b.records.insert(b.records.end(), fresh.begin(), fresh.end());
  if (const auto* info = bench::find_benchmark(b.result_benchmark)) {
    b.ratios = bench::compute_ratios(b.records, info->compare);
  } else {
    b.ratios.assign(b.records.size(), bench::no_ratio);
  }
}

void draw_run_controls(benchmarks_state& b, const bench::benchmark_info& info) {
  const bench::run_progress p = b.runner.progress();
  const bool running = p.state == bench::run_state::running;
  const bool can_run = !running && b.options_error.empty() && std::count(b.enabled.begin(), b.enabled.end(), 1) > 0;
  ImGui::BeginDisabled(!can_run);
  if (button("Run", "Measure the selected cases on a worker thread (in the browser: one case a frame, each timed "
                    "for about 30 ms), so the UI stays responsive")) {
    start_run(b, info);
  }
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!running);
  if (button("Cancel", "Stop after the current sample; the finished cases' records are kept")) b.runner.cancel();
  ImGui::EndDisabled();

  char overlay[256];
  if (running) {
    const std::string eta = p.eta_seconds >= 0.0 ? bench::format_duration(p.eta_seconds) : std::string("estimating");
    std::snprintf(overlay, sizeof overlay, "case %zu of %zu   ETA %s", std::min(p.cases_done + 1, p.cases_total),
                  p.cases_total, eta.c_str());
  } else if (p.state == bench::run_state::finished) {
    std::snprintf(overlay, sizeof overlay, "done: %zu cases in %s", p.cases_done,
                  bench::format_duration(p.elapsed_seconds).c_str());
  } else if (p.state == bench::run_state::cancelled) {
    std::snprintf(overlay, sizeof overlay, "cancelled after %zu of %zu cases", p.cases_done, p.cases_total);
  } else {
    std::snprintf(overlay, sizeof overlay, "idle");
  }
  ImGui::ProgressBar(static_cast<float>(p.state == bench::run_state::finished ? 1.0 : p.fraction), ImVec2(-1.0f, 0.0f),
                     overlay);
  if (running) {
    ImGui::TextWrapped("Now: %s   (elapsed %s)", p.current_case.c_str(),
                       bench::format_duration(p.elapsed_seconds).c_str());
  } else if (!b.message.empty()) {
    if (b.message_is_error) {
      error_text(b.message.c_str());
    } else {
      ImGui::TextWrapped("%s", b.message.c_str());
    }
  } else {
    disabled_text_wrapped("Pick the cases, then Run.");
  }
  if (!running && b.runner.in_slices() && !p.longest_case.empty()) {
    disabled_text_wrapped("Longest case, one frame: %.0f ms (%s)", 1000.0 * p.longest_case_seconds,
                          p.longest_case.c_str());
    tooltip(
        "The run went one case a frame (no worker thread here): the page drew nothing for this long, the\n"
        "case's set-up included");
  }
  for (const auto& e : p.errors) error_text(("Case failed: " + e).c_str());
  if (b.message.rfind("Running", 0) == 0) {  // the run started here has ended: say how
    const bench::run_state now = b.runner.progress().state;
    if (now == bench::run_state::cancelled) b.message = "Cancelled; the finished cases are shown.";
    if (now == bench::run_state::finished) b.message = "Done.";
  }
}

// [SECTION] Results

// The records shown in a plot: those matching every filter.
bool passes(const benchmarks_state& b, const bench::record& r, const std::vector<std::string>& ignore) {
  for (const auto& [key, value] : b.filter) {
    if (std::find(ignore.begin(), ignore.end(), key) != ignore.end()) continue;
    if (r.param(key) != value) return false;
  }
  return true;
}

// A combo per parameter that is neither the x axis, the series nor `skip`.
void draw_filters(benchmarks_state& b, const std::vector<std::string>& skip, const std::vector<std::string>& keys) {
  bool first = true;
  for (const auto& key : keys) {
    if (std::find(skip.begin(), skip.end(), key) != skip.end()) continue;
    const auto values = bench::distinct_values(b.records, key);
    if (values.empty()) continue;
    std::string& current = b.filter[key];
    if (std::find(values.begin(), values.end(), current) == values.end()) current = values.front();
    if (!first) same_line_if_fits(labelled_width(ImGui::GetFontSize() * 10.0f, key.c_str()));
    first = false;
    ImGui::SetNextItemWidth(field_width_beside(key.c_str(), 10.0f));
    if (ImGui::BeginCombo(key.c_str(), current.c_str())) {
      for (const auto& v : values)
        if (ImGui::Selectable(v.c_str(), v == current)) current = v;
      ImGui::EndCombo();
    }
    tooltip(("Show the records with " + key + " = this value").c_str());
  }
}

std::vector<std::string> param_keys(const std::vector<bench::record>& records) {
  std::vector<std::string> keys;
  for (const auto& r : records)
    for (const auto& [k, v] : r.params)
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) keys.push_back(k);
  return keys;
}

struct series_data {
  std::string label;
  std::vector<double> x, y;
  ImU32 color = 0;
};

std::vector<plot_series> as_plot(const std::vector<series_data>& data) {
  std::vector<plot_series> out;
  for (const auto& s : data) out.push_back({s.label, s.x, s.y, s.color});
  return out;
}

void sort_by_x(series_data& s) {
  std::vector<std::size_t> order(s.x.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t c) { return s.x[a] < s.x[c]; });
  series_data sorted;
  for (std::size_t i : order) {
    sorted.x.push_back(s.x[i]);
    sorted.y.push_back(s.y[i]);
  }
  s.x = std::move(sorted.x);
  s.y = std::move(sorted.y);
}

void draw_ratio_plot(benchmarks_state& b, const bench::benchmark_info& info) {
  const std::string& key = info.compare.key;
  const std::vector<std::string> keys = param_keys(b.records);
  // The contender: every value of the comparison key but the baseline.
  std::vector<std::string> contenders;
  for (const auto& v : bench::distinct_values(b.records, key))
    if (v != info.compare.baseline) contenders.push_back(v);
  if (contenders.empty()) {
    disabled_text_wrapped("No contender measured yet.");
    return;
  }
  std::string& contender = b.filter["#contender"];
  if (std::find(contenders.begin(), contenders.end(), contender) == contenders.end()) contender = contenders.front();
  if (contenders.size() > 1) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
    if (ImGui::BeginCombo(key.c_str(), contender.c_str())) {
      for (const auto& v : contenders)
        if (ImGui::Selectable(v.c_str(), v == contender)) contender = v;
      ImGui::EndCombo();
    }
    tooltip("Whose time the baseline's is divided by");
    ImGui::SameLine();
  }
  draw_filters(b, {info.plot_x, info.plot_series, key}, keys);

  const auto series_values =
      info.plot_series.empty() ? std::vector<std::string>{""} : bench::distinct_values(b.records, info.plot_series);
  std::vector<series_data> data;
  double x_lo = INFINITY, x_hi = -INFINITY;
  for (std::size_t s = 0; s < series_values.size(); ++s) {
    series_data d;
    d.label = info.plot_series.empty() ? contender : info.plot_series + " " + series_values[s];
    d.color = series_color(s);
    for (std::size_t i = 0; i < b.records.size(); ++i) {
      const auto& r = b.records[i];
      if (r.param(key) != contender || std::isnan(b.ratios[i])) continue;
      if (!info.plot_series.empty() && r.param(info.plot_series) != series_values[s]) continue;
      if (!passes(b, r, {info.plot_x, info.plot_series, key, "#contender"})) continue;
      const auto x = bench::numeric_value(r.param(info.plot_x));
      if (!x) continue;
      d.x.push_back(*x);
      d.y.push_back(b.log_y ? std::log10(b.ratios[i]) : b.ratios[i]);
      x_lo = std::min(x_lo, *x);
      x_hi = std::max(x_hi, *x);
    }
    if (d.x.empty()) continue;
    sort_by_x(d);
    data.push_back(std::move(d));
  }
  if (data.empty()) {
    disabled_text_wrapped("No ratio for this selection yet.");
    return;
  }
  // The published factors for this selection, as faded horizontal segments in the
  // colour of their series, from the list size the publication gives to our largest.
  for (std::size_t s = 0; s < series_values.size(); ++s) {
    bench::record probe;
    for (const auto& [k, v] : b.filter)
      if (k[0] != '#') probe.params.emplace_back(k, v);
    probe.params.emplace_back(key, contender);
    if (!info.plot_series.empty()) probe.params.emplace_back(info.plot_series, series_values[s]);
    probe.params.emplace_back(info.plot_x, bench::format_number(x_hi));
    for (const auto& p : info.published) {
      if (!bench::matches(p, probe)) continue;
      series_data article;
      article.label = "article: " + bench::format_number(p.ratio) + " (" + p.label + ")";
      article.x = {std::max(p.min_value, x_lo), x_hi};
      article.y = {b.log_y ? std::log10(p.ratio) : p.ratio, b.log_y ? std::log10(p.ratio) : p.ratio};
      article.color = (series_color(s) & 0x00FFFFFFu) | (120u << 24);
      data.push_back(std::move(article));
    }
  }
  series_data equal;  // the line where both take the same time, labelled at its value on the axis
  equal.label = (b.log_y ? "0 (ratio 1) = as fast as " : "1 = as fast as ") + info.compare.baseline;
  equal.x = {x_lo, x_hi};
  equal.y = {b.log_y ? 0.0 : 1.0, b.log_y ? 0.0 : 1.0};
  equal.color = IM_COL32(160, 160, 160, 200);
  data.push_back(std::move(equal));
  plot_options options;
  options.x_label = info.plot_x;
  options.y_label =
      std::string(b.log_y ? "log10 of " : "") + "time(" + info.compare.baseline + ") / time(" + contender + ")";
  options.log_x = true;
  options.size = ImVec2(0.0f, min_plot_height(data.size()));
  const auto series = as_plot(data);
  line_plot("ratio", series, options);
}

void draw_ns_plot(benchmarks_state& b, const bench::benchmark_info& info) {
  const std::string& key = info.compare.key;
  draw_filters(b, {info.plot_x, info.plot_series, key}, param_keys(b.records));
  const auto series_values =
      info.plot_series.empty() ? std::vector<std::string>{""} : bench::distinct_values(b.records, info.plot_series);
  const auto containers = key.empty() ? std::vector<std::string>{""} : bench::distinct_values(b.records, key);
  std::vector<series_data> data;
  for (std::size_t s = 0; s < series_values.size(); ++s) {
    for (const auto& container : containers) {
      series_data d;
      d.label = container + (info.plot_series.empty() ? "" : " " + info.plot_series + " " + series_values[s]);
      d.color = series_color(s);
      if (container == info.compare.baseline) d.color = (d.color & 0x00FFFFFFu) | (110u << 24);  // baseline: faded
      for (const auto& r : b.records) {
        if (!key.empty() && r.param(key) != container) continue;
        if (!info.plot_series.empty() && r.param(info.plot_series) != series_values[s]) continue;
        if (!passes(b, r, {info.plot_x, info.plot_series, key, "#contender"})) continue;
        const auto x = bench::numeric_value(r.param(info.plot_x));
        if (!x) continue;
        d.x.push_back(*x);
        d.y.push_back(b.log_y ? std::log10(r.ns_per_item) : r.ns_per_item);
      }
      if (d.x.empty()) continue;
      sort_by_x(d);
      data.push_back(std::move(d));
    }
  }
  if (data.empty()) {
    disabled_text_wrapped("No record for this selection yet.");
    return;
  }
  plot_options options;
  options.x_label = info.plot_x;
  options.y_label = std::string(b.log_y ? "log10 of " : "") + "ns per " + b.records.front().unit +
                    (key.empty() ? "" : " (faded: " + info.compare.baseline + ")");
  options.log_x = true;
  options.size = ImVec2(0.0f, min_plot_height(data.size()));
  const auto series = as_plot(data);
  line_plot("ns", series, options);
}

// Below this |slope| a fitted order measures nothing (the error does not follow the step).
constexpr double no_order_below = 0.5;

// A metric against a numeric parameter on log-log axes, one line per series with its
// measured order (the least-squares slope, bench/order_fit.hpp) in the legend.
void draw_order_plot(benchmarks_state& b, const bench::benchmark_info& info) {
  std::vector<series_data> data;
  const auto lines = bench::order_lines(info, b.records);
  for (std::size_t s = 0; s < lines.size(); ++s) {
    if (lines[s].x.empty()) continue;
    char order[48];
    std::snprintf(order, sizeof order, lines[s].order ? ": order %.2f" : ": order -", lines[s].order.value_or(0.0));
    series_data d;
    d.label = lines[s].series + order;
    d.color = series_color(s);
    d.x = lines[s].x;
    d.y = lines[s].y;
    sort_by_x(d);
    data.push_back(std::move(d));
  }
  if (data.empty()) {
    disabled_text_wrapped("No record with a positive %s yet.", info.order.metric.c_str());
    return;
  }
  const std::string x = bench::x_label(info.order);
  ImGui::TextWrapped("The slope on log-log axes is the order: halving %s divides the error by 2^order.", x.c_str());
  // A slope near 0 is no order: the error does not fall with the step over the steps shown.
  std::string flat;
  for (const auto& line : lines) {
    if (line.order && std::abs(*line.order) < no_order_below) flat += (flat.empty() ? "" : ", ") + line.series;
  }
  if (!flat.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "%s: a slope near 0 measures no order. The error does not shrink with %s over these steps: it has saturated "
        "(e.g. magnus on a body near the separatrix is first order in omega, and the flip's phase is already lost at "
        "every step shown), so the fit means nothing here; smaller steps or a body far from the separatrix show the "
        "order.",
        flat.c_str(), x.c_str());
    ImGui::PopStyleColor();
  }
  plot_options options;
  options.x_label = x;
  options.y_label = info.order.metric;
  options.log_x = true;
  options.log_y = true;
  options.size = ImVec2(0.0f, min_plot_height(data.size()));
  const auto series = as_plot(data);
  line_plot("order", series, options);
}

void draw_table(benchmarks_state& b, const bench::benchmark_info& info) {
  const std::vector<std::string> keys = param_keys(b.records);
  std::vector<std::string> metrics;
  for (const auto& r : b.records)
    for (const auto& [k, v] : r.metrics)
      if (std::find(metrics.begin(), metrics.end(), k) == metrics.end()) metrics.push_back(k);
  const bool with_ratio = !info.compare.key.empty();
  const int columns = static_cast<int>(keys.size() + 4 + (with_ratio ? 1 : 0) + metrics.size());
  if (columns > 60) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("records", columns, flags, ImVec2(0.0f, 12.0f * ImGui::GetFrameHeightWithSpacing()))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  // Each column as wide as its header and its widest cell: headers are never cut.
  const auto column = [&](const std::string& header, const auto& cell_text) {
    float width = ImGui::CalcTextSize(header.c_str()).x;
    for (std::size_t i = 0; i < b.records.size(); ++i) width = std::max(width, ImGui::CalcTextSize(cell_text(i).c_str()).x);
    ImGui::TableSetupColumn(header.c_str(), ImGuiTableColumnFlags_WidthFixed, width);
  };
  for (const auto& k : keys) column(k, [&](std::size_t i) { return b.records[i].param(k); });
  column("ns/" + b.records.front().unit, [&](std::size_t i) { return bench::format_number(b.records[i].ns_per_item); });
  column("median ns", [&](std::size_t i) { return bench::format_number(b.records[i].ns_median); });
  column("samples", [&](std::size_t i) {
    return std::to_string(b.records[i].samples) + " x " + std::to_string(b.records[i].runs_per_sample);
  });
  column("spread", [](std::size_t) { return std::string("100.0 %"); });
  if (with_ratio) column("ratio", [&](std::size_t i) { return bench::format_number(b.ratios[i]); });
  for (const auto& m : metrics) {
    column(m, [&](std::size_t i) {
      for (const auto& [k, v] : b.records[i].metrics)
        if (k == m) return bench::format_number(v);
      return std::string();
    });
  }
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(b.records.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto& r = b.records[static_cast<std::size_t>(row)];
      ImGui::TableNextRow();
      for (const auto& k : keys) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.param(k).c_str());
      }
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(bench::format_number(r.ns_per_item).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(bench::format_number(r.ns_median).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%d x %lld", r.samples, r.runs_per_sample);
      ImGui::TableNextColumn();
      ImGui::Text("%.1f %%", 100.0 * r.spread);
      if (with_ratio) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(bench::format_number(b.ratios[static_cast<std::size_t>(row)]).c_str());
      }
      for (const auto& m : metrics) {
        ImGui::TableNextColumn();
        for (const auto& [k, v] : r.metrics)
          if (k == m) ImGui::TextUnformatted(bench::format_number(v).c_str());
      }
    }
  }
  ImGui::EndTable();
}

void draw_published(benchmarks_state& b, const bench::benchmark_info& info) {
  const auto rows = bench::compare_with_published(info, b.records, b.ratios);
  ImGui::TextWrapped(
      "The article's improvement factors (time(%s) / time(ours)) beside ours: the median of our ratios over the "
      "matching records at or above the article's list size. The article measured a Haswell i5 with VS 2015.",
      info.compare.baseline.c_str());
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX;
  if (!ImGui::BeginTable("published", 5, flags, ImVec2(0.0f, 12.0f * ImGui::GetFrameHeightWithSpacing()))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  const float digits = ImGui::CalcTextSize("0000000").x;
  ImGui::TableSetupColumn("case", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("from", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("size >= 300000").x);
  ImGui::TableSetupColumn("article", ImGuiTableColumnFlags_WidthFixed, digits);
  ImGui::TableSetupColumn("ours", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("not measured").x);
  ImGui::TableSetupColumn("cells", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("cells").x);
  ImGui::TableHeadersRow();
  for (const auto& row : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(row.published->label.c_str());
    ImGui::TableNextColumn();
    if (!row.published->min_param.empty()) {
      ImGui::Text("%s >= %s", row.published->min_param.c_str(), bench::format_number(row.published->min_value).c_str());
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(bench::format_number(row.published->ratio).c_str());
    ImGui::TableNextColumn();
    if (row.cells == 0) {
      ImGui::TextDisabled("not measured");
    } else {
      const ImU32 color = row.ours >= row.published->ratio ? IM_COL32(120, 220, 130, 255) : IM_COL32(240, 200, 90, 255);
      ImGui::PushStyleColor(ImGuiCol_Text, color);
      ImGui::TextUnformatted(bench::format_number(row.ours).c_str());
      ImGui::PopStyleColor();
    }
    ImGui::TableNextColumn();
    ImGui::Text("%d", row.cells);
  }
  ImGui::EndTable();
}

void draw_export(benchmarks_state& b) {
  // The default name follows the benchmark shown until the user types one of their own.
  if (b.export_stem.empty() || b.export_stem == "framelab-bench-" + b.export_stem_benchmark) {
    b.export_stem = "framelab-bench-" + b.result_benchmark;
    b.export_stem_benchmark = b.result_benchmark;
  }
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%s", b.export_stem.c_str());
  const float export_buttons = ImGui::CalcTextSize("Export CSVExport JSON").x +
                               4.0f * ImGui::GetStyle().FramePadding.x + 3.0f * ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(std::max(8.0f * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - export_buttons));
  if (ImGui::InputText("##export", buffer, sizeof buffer)) b.export_stem = buffer;
  tooltip("File name without extension; Export adds .csv or .json (relative to the working directory)");
  bench::run_report report;
  const auto* info = bench::find_benchmark(b.result_benchmark);
  const auto write = [&](bool json) {
    report.benchmark = b.result_benchmark;
    report.host = bench::this_host_note();
    report.options = b.result_options;
    if (info != nullptr) report.compare = info->compare;
    report.records = b.records;
    std::filesystem::path path = b.export_stem;
    if (path.extension() == ".csv" || path.extension() == ".json") path.replace_extension();
    path += json ? ".json" : ".csv";
    const auto error = json ? bench::export_json(path, report) : bench::export_csv(path, report);
    b.message = error ? "Not exported: " + *error : "Wrote " + std::filesystem::absolute(path).string();
    b.message_is_error = error.has_value();
  };
  same_line_if_fits(ImGui::CalcTextSize("Export CSV").x + 2.0f * ImGui::GetStyle().FramePadding.x);
  if (button("Export CSV", "Write the records as CSV (one line per record)")) write(false);
  same_line_if_fits(ImGui::CalcTextSize("Export JSON").x + 2.0f * ImGui::GetStyle().FramePadding.x);
  if (button("Export JSON", "Write the records, options and host as JSON")) write(true);
}

// The result views the benchmark has: its plots, the table, the article's factors.
enum class view_kind { ratio, ns, order, table, article };
struct result_view {
  std::string name;
  view_kind kind;
};

std::vector<result_view> result_views(const bench::benchmark_info& info) {
  std::vector<result_view> views;
  const bool plots = !info.plot_x.empty();
  if (plots && !info.compare.key.empty()) views.push_back({"Ratio", view_kind::ratio});
  if (plots) views.push_back({"ns per element", view_kind::ns});
  if (!info.order.metric.empty()) views.push_back({info.order.title, view_kind::order});
  views.push_back({"Table", view_kind::table});
  if (!info.published.empty()) views.push_back({"Article", view_kind::article});
  return views;
}

void draw_view(benchmarks_state& b, const bench::benchmark_info& info, view_kind kind) {
  switch (kind) {
    case view_kind::ratio:
      draw_ratio_plot(b, info);
      break;
    case view_kind::ns:
      draw_ns_plot(b, info);
      break;
    case view_kind::order:
      draw_order_plot(b, info);
      break;
    case view_kind::table:
      draw_table(b, info);
      break;
    case view_kind::article:
      draw_published(b, info);
      break;
  }
}

// The views as tabs where their titles fit on one row, else a choice above the view
// (tabs too narrow for their titles would cut them).
void draw_views(benchmarks_state& b, const bench::benchmark_info& info) {
  const auto views = result_views(info);
  if (!b.show_tab.empty()) b.result_view = b.show_tab;
  float tabs = 0.0f;
  for (const auto& v : views) {
    tabs += ImGui::CalcTextSize(v.name.c_str()).x + 2.0f * ImGui::GetStyle().FramePadding.x +
            ImGui::GetStyle().ItemInnerSpacing.x;
  }
  if (tabs <= ImGui::GetContentRegionAvail().x) {
    if (ImGui::BeginTabBar("results")) {
      for (const auto& v : views) {
        const ImGuiTabItemFlags flags = b.show_tab == v.name ? ImGuiTabItemFlags_SetSelected : 0;
        if (!ImGui::BeginTabItem(v.name.c_str(), nullptr, flags)) continue;
        b.result_view = v.name;
        draw_view(b, info, v.kind);
        ImGui::EndTabItem();
      }
      ImGui::EndTabBar();
    }
  } else {
    const auto shown =
        std::find_if(views.begin(), views.end(), [&b](const result_view& v) { return v.name == b.result_view; });
    const result_view& current = shown == views.end() ? views.front() : *shown;
    ImGui::SetNextItemWidth(field_width_beside("view", 10.0f));
    if (ImGui::BeginCombo("view", current.name.c_str())) {
      for (const auto& v : views) {
        if (ImGui::Selectable(v.name.c_str(), v.name == current.name)) b.result_view = v.name;
      }
      ImGui::EndCombo();
    }
    tooltip("The plot, table or comparison shown below");
    draw_view(b, info, current.kind);
  }
  b.show_tab.clear();
}

void draw_results(benchmarks_state& b) {
  const bench::benchmark_info* info = bench::find_benchmark(b.result_benchmark);
  if (info == nullptr || b.records.empty()) {
    disabled_text_wrapped("No results yet.");
    return;
  }
  ImGui::TextWrapped("Results: %s, %zu records", b.result_benchmark.c_str(), b.records.size());
  same_line_if_fits(checkbox_width("log10 y"));
  ImGui::Checkbox("log10 y", &b.log_y);
  tooltip("Plot log10 of the values: 0 is 1, 1 is 10, 2 is 100 (ratios and times span several decades)");
  draw_export(b);
  draw_views(b, *info);
}

}  // namespace

// [SECTION] Panel

benchmarks_state& benchmarks_of(ui_state& state) {
  if (!state.benchmarks) state.benchmarks = std::make_shared<benchmarks_state>();
  return *state.benchmarks;
}

bool select_benchmark(ui_state& state, const std::string& name) {
  if (bench::find_benchmark(name) == nullptr) return false;
  benchmarks_state& b = benchmarks_of(state);
  if (b.selected != name) {
    b.selected = name;
    b.cases_dirty = true;
  }
  return true;
}

std::optional<std::string> set_benchmark_option(ui_state& state, const std::string& name, const std::string& text) {
  benchmarks_state& b = benchmarks_of(state);
  const bench::benchmark_info* info = selected_info(b);
  if (info == nullptr) return std::string("no benchmark is registered in this build");
  if (b.runner.running()) return std::string("a run is in progress");
  set_option(b, *info, name, text);
  if (!b.options_error.empty()) return b.options_error;
  return std::nullopt;
}

std::optional<std::string> run_selected_benchmark(ui_state& state) {
  benchmarks_state& b = benchmarks_of(state);
  const bench::benchmark_info* info = selected_info(b);
  if (info == nullptr) return std::string("no benchmark is registered in this build");
  if (b.cases_dirty) rebuild_cases(b, *info);
  if (!b.options_error.empty()) return b.options_error;
  start_run(b, *info);
  if (b.message_is_error) return b.message;
  return std::nullopt;
}

void cancel_benchmark(ui_state& state) {
  benchmarks_of(state).runner.cancel();
}

void show_benchmark_tab(ui_state& state, const std::string& tab) {
  benchmarks_of(state).show_tab = tab;
}

bool benchmark_running(ui_state& state) {
  return benchmarks_of(state).runner.running();
}

void advance_benchmark_run(ui_state& state) {
  benchmarks_of(state).runner.run_slice();
}

void draw_benchmarks_panel(ui_state& state) {
  benchmarks_state& b = benchmarks_of(state);
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque: it is read from the back of a lecture hall
  if (!begin_panel(state, panel_id::benchmarks, "Benchmarks", &state.show_benchmarks)) {
    end_panel(state, panel_id::benchmarks);
    return;
  }
  poll_records(b);
  const bench::benchmark_info* info = selected_info(b);
  if (info == nullptr) {
    disabled_text_wrapped("No benchmark is registered in this build.");
    end_panel(state, panel_id::benchmarks);
    return;
  }
  if (b.cases_dirty) rebuild_cases(b, *info);
  const bool running = b.runner.running();

  draw_run_controls(b, *info);
  ImGui::Separator();

  ImGui::BeginDisabled(running);
  ImGui::SetNextItemWidth(field_width_beside("benchmark", 13.0f));
  if (ImGui::BeginCombo("benchmark", info->name.c_str())) {
    for (const auto* candidate : bench::registered_benchmarks()) {
      if (ImGui::Selectable(candidate->name.c_str(), candidate == info)) select_benchmark(state, candidate->name);
      tooltip(candidate->description.c_str());
    }
    ImGui::EndCombo();
  }
  tooltip("The benchmark to run (one per data structure)");
  ImGui::TextWrapped("%s", info->description.c_str());
  if (!info->notes.empty()) {
    ImGui::SameLine();
    help_marker(info->notes.c_str());
  }
  // Open while choosing; closed once results are in, so that the plots below have the room
  // (a click opens it again).
  if (b.collapse_options) ImGui::SetNextItemOpen(false, ImGuiCond_Always);
  b.collapse_options = false;
  if (ImGui::CollapsingHeader("Options", ImGuiTreeNodeFlags_DefaultOpen)) {
    for (const auto& spec : info->options) draw_option(b, *info, spec);
  }
  if (!b.options_error.empty()) error_text(b.options_error.c_str());
  if (!b.slice_caps.empty()) {
    std::string caps;
    for (const auto& cap : b.slice_caps) caps += (caps.empty() ? "" : "; ") + cap;
    disabled_text_wrapped("On one thread, one case a frame: %s", caps.c_str());
    tooltip(
        "Here no worker thread can start (the browser's page), so the cases run one a frame. A case's set-up\n"
        "and a single timed call are not cut into pieces, so larger sizes would hold the page for longer than\n"
        "about 0.1 s each; they are left out. The desktop build runs them.");
  }
  draw_cases(b);
  ImGui::EndDisabled();

  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Host: %s", bench::this_host_note().c_str());
  ImGui::PopStyleColor();
  ImGui::Separator();
  draw_results(b);
  end_panel(state, panel_id::benchmarks);
}

}  // namespace framelab::ui
