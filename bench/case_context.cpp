#include "bench/case_context.hpp"

#include <cmath>

namespace framelab::bench {

namespace {
constexpr long long max_batch = 100'000'000;
}

timing_settings bounded_to(const timing_settings& t, double seconds) {
  timing_settings b = t;
  const int warmups = std::max(0, t.warmup_runs);
  const int min_samples = std::max(1, t.min_samples);
  b.min_sample_seconds = std::min(t.min_sample_seconds, seconds / double(warmups + min_samples));
  if (b.min_sample_seconds > 0.0) {
    const double fit = std::floor(seconds / b.min_sample_seconds + 1e-9) - warmups;  // 1e-9: 5.999... is 6
    b.max_samples = std::clamp(static_cast<int>(std::min(fit, double(t.max_samples))), min_samples,
                               std::max(min_samples, t.max_samples));
  }
  b.max_case_seconds = std::min(t.max_case_seconds, seconds);
  b.case_budget_seconds = t.case_budget_seconds > 0.0 ? std::min(t.case_budget_seconds, seconds) : seconds;
  return b;
}

void case_context::metric(std::string name, double value) {
  for (auto& [k, v] : metrics_) {
    if (k == name) {
      v = value;
      return;
    }
  }
  metrics_.emplace_back(std::move(name), value);
}

std::vector<record> case_context::take_records() {
  for (auto& r : records_)
    for (const auto& m : metrics_) r.metrics.push_back(m);
  metrics_.clear();
  return std::move(records_);
}

case_context::sampler::sampler(case_context& ctx, double items)
    : ctx_(ctx),
      items_(items > 0.0 ? items : 1.0),
      start_(std::chrono::steady_clock::now()),
      warmups_left_(std::max(0, ctx.timing_.warmup_runs)) {}

long long case_context::sampler::next_batch() {
  if (ctx_.stop_requested()) return 0;
  if (warmups_left_ > 0) {
    in_warmup_ = true;
    return 1;
  }
  in_warmup_ = false;
  const timing_settings& t = ctx_.timing_;
  const int taken = static_cast<int>(ns_per_item_.size());
  const auto now = std::chrono::steady_clock::now();
  const double used = std::chrono::duration<double>(now - start_).count();
  if (taken >= std::max(1, t.max_samples)) return 0;
  if (taken >= std::max(1, t.min_samples) && used >= t.max_case_seconds) return 0;
  if (taken >= 1 && t.case_budget_seconds > 0.0 &&
      std::chrono::duration<double>(now - ctx_.case_start_).count() >= t.case_budget_seconds)
    return 0;
  return batch_;
}

void case_context::sampler::add(double ns) {
  const timing_settings& t = ctx_.timing_;
  // The batch for the next samples: enough calls to last min_sample_seconds, but at most ten
  // times the calls just timed: a clock coarser than the body (a browser's ticks in 0.1 ms)
  // reads a short run as 0 ns, which would ask for max_batch calls at once.
  const long long runs = in_warmup_ ? 1 : batch_;
  const double per_run_s = std::max(ns, 1.0) * 1e-9 / static_cast<double>(runs);
  const auto wanted = static_cast<long long>(std::min(std::ceil(t.min_sample_seconds / per_run_s), double(max_batch)));
  const long long next = std::clamp(wanted, 1LL, std::min(max_batch, 10 * runs));
  if (in_warmup_) {
    --warmups_left_;
    batch_ = next;
    return;
  }
  // A sample shorter than half min_sample_seconds while the batch can still grow is calibration,
  // not a measurement (its time is mostly the clock's step).
  const bool calibrating = ns * 1e-9 < 0.5 * t.min_sample_seconds && next > batch_;
  if (!calibrating) ns_per_item_.push_back(ns / (static_cast<double>(batch_) * items_));
  // Grow the batch if the warm-up (cold) made it too small; never shrink it.
  batch_ = std::max(batch_, next);
}

bool case_context::sampler::finish(param_list extra) {
  if (ctx_.stop_requested() || ns_per_item_.empty()) return false;
  std::vector<double> sorted = ns_per_item_;
  std::sort(sorted.begin(), sorted.end());
  record r;
  r.params = ctx_.params_;
  for (auto& p : extra) {  // same key: replaces the case's value in place; new key: appended
    const auto same = std::find_if(r.params.begin(), r.params.end(), [&](const auto& q) { return q.first == p.first; });
    if (same != r.params.end()) {
      same->second = std::move(p.second);
    } else {
      r.params.push_back(std::move(p));
    }
  }
  r.unit = ctx_.unit_;
  r.ns_per_item = sorted.front();
  const std::size_t n = sorted.size();
  r.ns_median = n % 2 == 1 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  r.samples = static_cast<int>(n);
  r.runs_per_sample = batch_;
  r.spread = sorted.front() > 0.0 ? (sorted.back() - sorted.front()) / sorted.front() : 0.0;
  ctx_.records_.push_back(std::move(r));
  return true;
}

}  // namespace framelab::bench
