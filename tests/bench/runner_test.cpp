// The runner with tiny synthetic cases: progress, records, cancel between and within
// cases, one run at a time, errors, destruction during a run; and the timing itself
// against bodies of known duration.
#include "bench/runner.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

namespace framelab::bench {
namespace {

using namespace std::chrono_literals;
using clock_type = std::chrono::steady_clock;

// Generous bounds: the machine runs other work, so timings only get upper limits here.
constexpr auto run_timeout = 20s;

// Busy-waits (a sleep may oversleep by a whole scheduler tick).
void spin_for(std::chrono::microseconds d) {
  const auto end = clock_type::now() + d;
  while (clock_type::now() < end) {
  }
}

timing_settings fast_timing() {
  timing_settings t;
  t.warmup_runs = 1;
  t.min_samples = 3;
  t.max_samples = 3;
  t.min_sample_seconds = 0.0002;
  t.max_case_seconds = 0.01;
  return t;
}

bench_case tiny_case(int i) {
  bench_case c;
  c.name = "tiny " + std::to_string(i);
  c.params = {{"index", std::to_string(i)}, {"kind", "tiny"}};
  c.timing = fast_timing();
  c.run = [](case_context& ctx) {
    ctx.measure(10.0, [] { spin_for(20us); });
    ctx.metric("answer", 42.0);
  };
  return c;
}

std::vector<bench_case> tiny_cases(int n) {
  std::vector<bench_case> cases;
  for (int i = 0; i < n; ++i) cases.push_back(tiny_case(i));
  return cases;
}

// Waits until `condition` holds (polling), at most run_timeout.
template <class Condition>
bool eventually(Condition condition) {
  const auto end = clock_type::now() + run_timeout;
  while (!condition()) {
    if (clock_type::now() > end) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

TEST(runner, runs_every_case_and_records_complete_measurements) {
  runner r;
  ASSERT_FALSE(r.start(tiny_cases(5)));
  ASSERT_TRUE(r.wait_for(run_timeout));
  const run_progress p = r.progress();
  EXPECT_EQ(p.state, run_state::finished);
  EXPECT_EQ(p.cases_done, 5u);
  EXPECT_EQ(p.cases_total, 5u);
  EXPECT_DOUBLE_EQ(p.fraction, 1.0);
  EXPECT_TRUE(p.errors.empty());
  const auto records = r.records();
  ASSERT_EQ(records.size(), 5u);
  for (int i = 0; i < 5; ++i) {
    const record& rec = records[static_cast<std::size_t>(i)];
    EXPECT_EQ(rec.param("index"), std::to_string(i));
    EXPECT_EQ(rec.param("kind"), "tiny");
    EXPECT_EQ(rec.unit, "element");
    EXPECT_EQ(rec.samples, 3);
    // 20 us for 10 items: at least 2 us per item.
    EXPECT_GE(rec.ns_per_item, 2000.0);
    EXPECT_GE(rec.ns_median, rec.ns_per_item);
    EXPECT_GE(rec.spread, 0.0);
    ASSERT_EQ(rec.metrics.size(), 1u);
    EXPECT_EQ(rec.metrics[0].first, "answer");
    EXPECT_EQ(rec.metrics[0].second, 42.0);
  }
  EXPECT_FALSE(any_run_in_progress());
}

TEST(runner, reports_progress_with_the_current_case_and_an_eta) {
  // Case i waits for the test's go[i], so each state can be looked at.
  constexpr int n = 4;
  std::atomic<int> reached{-1};
  std::atomic<int> released{-1};
  std::vector<bench_case> cases;
  for (int i = 0; i < n; ++i) {
    bench_case c = tiny_case(i);
    c.cost = 1.0;
    c.run = [i, &reached, &released](case_context& ctx) {
      ctx.measure(1.0, [] { spin_for(5us); });
      reached = i;
      while (released.load() < i && !ctx.stop_requested()) std::this_thread::sleep_for(100us);
    };
    cases.push_back(std::move(c));
  }
  runner r;
  ASSERT_FALSE(r.start(std::move(cases)));
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(eventually([&] { return reached.load() == i; }));
    const run_progress p = r.progress();
    EXPECT_EQ(p.state, run_state::running);
    EXPECT_EQ(p.cases_done, static_cast<std::size_t>(i));
    EXPECT_EQ(p.current_case, "tiny " + std::to_string(i));
    EXPECT_EQ(p.record_count, static_cast<std::size_t>(i));
    if (i == 0) {
      EXPECT_LT(p.eta_seconds, 0.0);  // unknown before a case finished
    } else {
      EXPECT_GE(p.eta_seconds, 0.0);
      EXPECT_NEAR(p.fraction, double(i) / n, 1e-12);  // equal costs
    }
    released = i;
  }
  ASSERT_TRUE(r.wait_for(run_timeout));
  EXPECT_EQ(r.progress().state, run_state::finished);
  EXPECT_EQ(r.records().size(), static_cast<std::size_t>(n));
  EXPECT_EQ(r.records_from(2).size(), static_cast<std::size_t>(n - 2));
  EXPECT_TRUE(r.records_from(n).empty());
}

TEST(runner, cancel_stops_between_cases_and_keeps_finished_records) {
  std::atomic<bool> in_first{false};
  std::atomic<bool> go{false};
  std::atomic<int> started{0};
  std::vector<bench_case> cases = tiny_cases(3);
  for (auto& c : cases) {
    c.run = [&](case_context& ctx) {
      const int me = started++;
      ctx.measure(1.0, [] { spin_for(5us); });
      if (me == 0) {
        in_first = true;
        while (!go) std::this_thread::sleep_for(100us);  // ignores the stop flag on purpose
      }
    };
  }
  runner r;
  ASSERT_FALSE(r.start(std::move(cases)));
  ASSERT_TRUE(eventually([&] { return in_first.load(); }));
  r.cancel();
  go = true;
  ASSERT_TRUE(r.wait_for(run_timeout));
  EXPECT_EQ(started.load(), 1);  // the next case never began
  const run_progress p = r.progress();
  EXPECT_EQ(p.state, run_state::cancelled);
  EXPECT_EQ(r.records().size(), 1u);  // the first case's measurement was complete
  EXPECT_FALSE(r.running());
}

TEST(runner, cancel_reaches_into_a_long_case_through_the_stop_flag) {
  std::atomic<bool> inside{false};
  bench_case c = tiny_case(0);
  c.run = [&](case_context& ctx) {
    ctx.measure(1.0, [&] {
      inside = true;
      while (!ctx.stop_requested()) std::this_thread::sleep_for(100us);  // "a long case"
    });
  };
  runner r;
  ASSERT_FALSE(r.start({c, tiny_case(1)}));
  ASSERT_TRUE(eventually([&] { return inside.load(); }));
  const auto cancelled_at = clock_type::now();
  r.cancel();
  ASSERT_TRUE(r.wait_for(run_timeout));
  EXPECT_LT(clock_type::now() - cancelled_at, 5s);
  EXPECT_EQ(r.progress().state, run_state::cancelled);
  EXPECT_TRUE(r.records().empty());  // the cut sample is not a measurement
}

TEST(runner, never_two_runs_at_once) {
  std::atomic<bool> go{false};
  bench_case blocker = tiny_case(0);
  blocker.run = [&](case_context& ctx) {
    while (!go && !ctx.stop_requested()) std::this_thread::sleep_for(100us);
  };
  runner first;
  ASSERT_FALSE(first.start({blocker}));
  EXPECT_TRUE(first.running());
  EXPECT_TRUE(any_run_in_progress());
  const auto again = first.start(tiny_cases(1));
  ASSERT_TRUE(again.has_value());
  EXPECT_NE(again->find("already"), std::string::npos) << *again;
  runner second;
  const auto other = second.start(tiny_cases(1));
  ASSERT_TRUE(other.has_value());
  EXPECT_NE(other->find("another"), std::string::npos) << *other;
  EXPECT_FALSE(second.running());
  EXPECT_EQ(second.progress().state, run_state::idle);

  go = true;
  ASSERT_TRUE(first.wait_for(run_timeout));
  EXPECT_FALSE(any_run_in_progress());
  // Both can run again, one after the other; the old records are dropped on start.
  ASSERT_FALSE(second.start(tiny_cases(2)));
  second.wait();
  EXPECT_EQ(second.records().size(), 2u);
  ASSERT_FALSE(first.start(tiny_cases(1)));
  first.wait();
  EXPECT_EQ(first.records().size(), 1u);
}

TEST(runner, destroying_a_running_runner_cancels_and_joins) {
  std::atomic<bool> inside{false};
  std::atomic<bool> case_returned{false};
  {
    bench_case c = tiny_case(0);
    c.run = [&](case_context& ctx) {
      inside = true;
      while (!ctx.stop_requested()) std::this_thread::sleep_for(100us);
      std::this_thread::sleep_for(20ms);  // still working after the stop: the destructor must wait
      case_returned = true;
    };
    runner r;
    ASSERT_FALSE(r.start({c, tiny_case(1)}));
    ASSERT_TRUE(eventually([&] { return inside.load(); }));
  }
  EXPECT_TRUE(case_returned.load());  // joined, not detached
  EXPECT_FALSE(any_run_in_progress());
  runner next;
  EXPECT_FALSE(next.start(tiny_cases(1)));
  next.wait();
}

TEST(runner, a_throwing_case_is_reported_and_the_run_goes_on) {
  std::vector<bench_case> cases = tiny_cases(3);
  cases[1].run = [](case_context&) { throw std::runtime_error("out of widgets"); };
  runner r;
  ASSERT_FALSE(r.start(std::move(cases)));
  r.wait();
  const run_progress p = r.progress();
  EXPECT_EQ(p.state, run_state::finished);
  EXPECT_EQ(p.cases_done, 3u);
  ASSERT_EQ(p.errors.size(), 1u);
  EXPECT_NE(p.errors[0].find("tiny 1"), std::string::npos);
  EXPECT_NE(p.errors[0].find("out of widgets"), std::string::npos);
  EXPECT_EQ(r.records().size(), 2u);
}

TEST(runner, an_empty_run_finishes_at_once) {
  runner r;
  ASSERT_FALSE(r.start({}));
  ASSERT_TRUE(r.wait_for(run_timeout));
  EXPECT_EQ(r.progress().state, run_state::finished);
  EXPECT_TRUE(r.records().empty());
  runner idle;  // never started: waiting returns at once, destruction is a no-op
  idle.wait();
  EXPECT_EQ(idle.progress().state, run_state::idle);
}

TEST(runner, below_ui_priority_lowers_only_the_worker_thread) {
  const int caller_nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()));
  std::atomic<int> worker_nice{-100};
  bench_case c = tiny_case(0);
  c.run = [&](case_context&) { worker_nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())); };
  runner r;
  ASSERT_FALSE(r.start({c}, run_priority::below_ui));
  r.wait();
  EXPECT_EQ(worker_nice.load(), std::min(caller_nice + 5, 19));
  EXPECT_EQ(::getpriority(PRIO_PROCESS, static_cast<id_t>(::gettid())), caller_nice);
}

// [SECTION] Runs in slices (the browser's page: no worker thread)

// The default timing with a shorter case (the threaded run stays short): 3-25 samples of
// 5 ms, up to 20 ms.
timing_settings short_default_timing() {
  timing_settings t;
  t.min_samples = 3;
  t.max_case_seconds = 0.02;
  return t;
}

// A case measuring twice, with a metric: its body spins `body` and counts its calls in `calls`.
bench_case counted_case(int i, std::atomic<long long>& calls, std::chrono::microseconds body) {
  bench_case c;
  c.name = "counted " + std::to_string(i);
  c.params = {{"index", std::to_string(i)}, {"test", "both"}};
  c.unit = "step";
  c.timing = short_default_timing();
  c.run = [&calls, body](case_context& ctx) {
    const auto counted_body = [&] {
      ++calls;
      spin_for(body);
    };
    ctx.measure(2.0, counted_body, {{"test", "first"}});
    ctx.measure(2.0, counted_body, {{"test", "second"}});
    ctx.metric("answer", 42.0);
  };
  return c;
}

TEST(runner, in_slices_start_returns_at_once_and_each_slice_measures_one_bounded_case) {
  constexpr int n = 4;
  constexpr double slice = 0.004;
  constexpr auto body = 100us;
  std::atomic<long long> calls{0};
  std::vector<bench_case> cases;
  for (int i = 0; i < n; ++i) cases.push_back(counted_case(i, calls, body));

  runner sliced({.threads = false, .slice_seconds = slice});
  ASSERT_FALSE(sliced.start(cases));
  EXPECT_TRUE(sliced.in_slices());
  EXPECT_TRUE(sliced.running());
  EXPECT_EQ(calls.load(), 0);  // nothing measured before start returned
  EXPECT_EQ(sliced.progress().cases_done, 0u);

  // A slice's calls of the body: two measure()s, each at most the warm-up and max_samples
  // batches of ceil(min_sample_seconds / body) calls (the batch comes from the warm-up's time,
  // which is at least `body`), which fit the slice up to one body per sample.
  const timing_settings bound = bounded_to(short_default_timing(), slice);
  const long long batch = static_cast<long long>(std::ceil(bound.min_sample_seconds / 100e-6));
  const long long per_measure = bound.warmup_runs + bound.max_samples * batch;
  EXPECT_LE(double(per_measure) * 100e-6, slice + bound.max_samples * 100e-6);
  int slices = 0;
  for (bool more = true; more;) {
    const long long before = calls.load();
    more = sliced.run_slice();
    ++slices;
    EXPECT_GT(calls.load() - before, 0);
    EXPECT_LE(calls.load() - before, 2 * per_measure) << "slice " << slices;
    EXPECT_EQ(sliced.progress().cases_done, static_cast<std::size_t>(slices));  // one case a slice
    if (more) EXPECT_GE(sliced.progress().eta_seconds, 0.0);
  }
  EXPECT_EQ(slices, n);
  EXPECT_FALSE(sliced.run_slice());
  EXPECT_FALSE(any_run_in_progress());

  // The same cases on the worker thread: the same progress and records, in the same order.
  runner threaded;
  ASSERT_FALSE(threaded.start(cases));
  EXPECT_FALSE(threaded.in_slices());
  ASSERT_TRUE(threaded.wait_for(run_timeout));
  const run_progress a = sliced.progress();
  const run_progress b = threaded.progress();
  EXPECT_EQ(a.state, run_state::finished);
  EXPECT_EQ(a.state, b.state);
  EXPECT_EQ(a.cases_done, b.cases_done);
  EXPECT_EQ(a.cases_total, b.cases_total);
  EXPECT_EQ(a.fraction, b.fraction);
  EXPECT_EQ(a.record_count, b.record_count);
  const auto ra = sliced.records();
  const auto rb = threaded.records();
  ASSERT_EQ(ra.size(), 2u * n);
  ASSERT_EQ(ra.size(), rb.size());
  for (std::size_t i = 0; i < ra.size(); ++i) {
    EXPECT_EQ(ra[i].params, rb[i].params);
    EXPECT_EQ(ra[i].unit, rb[i].unit);
    EXPECT_EQ(ra[i].metrics, rb[i].metrics);
    EXPECT_GE(ra[i].samples, 1);  // the second measure() may find the case's budget used
    EXPECT_LE(ra[i].samples, bound.max_samples);
    EXPECT_GE(ra[i].ns_per_item, 50'000.0);  // 100 us for 2 steps
  }
}

TEST(runner, progress_names_the_longest_case_with_its_untimed_set_up) {
  std::vector<bench_case> cases = tiny_cases(3);
  bench_case slow = tiny_case(9);
  slow.name = "slow set-up";
  slow.run = [](case_context& ctx) {
    spin_for(40ms);  // untimed: a set-up the slice cannot cut
    ctx.measure(10.0, [] { spin_for(20us); });
  };
  cases.insert(cases.begin() + 1, slow);
  runner sliced(runner_options{.threads = false});
  ASSERT_FALSE(sliced.start(std::move(cases)));
  sliced.wait();
  const run_progress p = sliced.progress();
  EXPECT_EQ(p.longest_case, "slow set-up");
  EXPECT_GE(p.longest_case_seconds, 0.04);
  EXPECT_TRUE(threads_can_start());  // the desktop: the options' slice_max do not apply
}

TEST(runner, in_slices_a_case_past_its_budget_takes_one_sample_per_measure) {
  // A set-up longer than the slice: in slices each measure() then stops at its first sample
  // (the case's budget counts the set-up and the earlier measure()); on a thread, the case's
  // own timing (3 samples at least).
  const auto slow_case = [] {
    bench_case c;
    c.name = "slow set-up, two measures";
    c.timing = fast_timing();
    c.run = [](case_context& ctx) {
      spin_for(12ms);  // untimed set-up, past the 10 ms slice below
      ctx.measure(1.0, [] { spin_for(50us); }, {{"test", "first"}});
      ctx.measure(1.0, [] { spin_for(50us); }, {{"test", "second"}});
    };
    return std::vector<bench_case>{c};
  };
  runner sliced({.threads = false, .slice_seconds = 0.01});
  ASSERT_FALSE(sliced.start(slow_case()));
  sliced.wait();
  const auto cut = sliced.records();
  ASSERT_EQ(cut.size(), 2u);
  for (const auto& r : cut) EXPECT_EQ(r.samples, 1) << r.params.back().second;
  runner threaded;
  ASSERT_FALSE(threaded.start(slow_case()));
  ASSERT_TRUE(threaded.wait_for(run_timeout));
  const auto whole = threaded.records();
  ASSERT_EQ(whole.size(), 2u);
  for (const auto& r : whole) EXPECT_EQ(r.samples, fast_timing().min_samples);
}

TEST(runner, in_slices_cancel_stops_at_the_next_slice_and_wait_drives_the_slices) {
  std::atomic<long long> calls{0};
  std::vector<bench_case> cases;
  for (int i = 0; i < 3; ++i) cases.push_back(counted_case(i, calls, 20us));
  runner r({.threads = false, .slice_seconds = 0.002});
  ASSERT_FALSE(r.start(cases));
  ASSERT_TRUE(r.run_slice());
  r.cancel();
  const long long at_cancel = calls.load();
  EXPECT_FALSE(r.run_slice());
  EXPECT_EQ(calls.load(), at_cancel);  // the next case never began
  EXPECT_EQ(r.progress().state, run_state::cancelled);
  EXPECT_EQ(r.progress().cases_done, 1u);
  EXPECT_EQ(r.records().size(), 2u);
  EXPECT_FALSE(r.running());
  EXPECT_FALSE(any_run_in_progress());

  // wait_for and wait run the slices themselves (the command line's loop).
  ASSERT_FALSE(r.start(cases));
  ASSERT_TRUE(r.wait_for(run_timeout));
  EXPECT_EQ(r.records().size(), 6u);
  ASSERT_FALSE(r.start(cases));
  r.wait();
  EXPECT_EQ(r.progress().state, run_state::finished);

  {  // destroyed mid-run: cancelled, and the process may run again
    runner gone({.threads = false, .slice_seconds = 0.002});
    ASSERT_FALSE(gone.start(cases));
    EXPECT_TRUE(any_run_in_progress());
  }
  EXPECT_FALSE(any_run_in_progress());
}

TEST(bounded_to, keeps_a_measure_within_the_slice) {
  const timing_settings panel{};  // 1 warm-up, 5-25 samples of 5 ms, 0.5 s
  const timing_settings b = bounded_to(panel, 0.03);
  EXPECT_DOUBLE_EQ(b.min_sample_seconds, 0.005);  // 30 ms / (1 + 5)
  EXPECT_EQ(b.min_samples, 5);
  EXPECT_EQ(b.max_samples, 5);
  EXPECT_DOUBLE_EQ(b.max_case_seconds, 0.03);
  EXPECT_DOUBLE_EQ(b.case_budget_seconds, 0.03);  // for the whole case
  EXPECT_DOUBLE_EQ(panel.case_budget_seconds, 0.0);  // none on a thread
  const timing_settings small = bounded_to(panel, 0.012);
  EXPECT_DOUBLE_EQ(small.min_sample_seconds, 0.002);
  EXPECT_EQ(small.max_samples, 5);
  const timing_settings roomy = bounded_to(panel, 0.1);  // 5 ms samples: 19 after the warm-up
  EXPECT_DOUBLE_EQ(roomy.min_sample_seconds, 0.005);
  EXPECT_EQ(roomy.max_samples, 19);
  EXPECT_EQ(bounded_to(fast_timing(), 1.0).max_samples, fast_timing().max_samples);  // never more
}

// [SECTION] Timing (case_context::measure on the calling thread)

TEST(measure, batches_short_bodies_and_reports_per_item_time) {
  std::atomic<bool> stop{false};
  timing_settings t = fast_timing();
  t.min_sample_seconds = 0.002;
  case_context ctx(stop, {{"k", "v"}}, "operation", t);
  long long calls = 0;
  ASSERT_TRUE(ctx.measure(1.0, [&] { keep(++calls); }));
  auto records = ctx.take_records();
  ASSERT_EQ(records.size(), 1u);
  const record& r = records[0];
  EXPECT_EQ(r.unit, "operation");
  EXPECT_GT(r.runs_per_sample, 100);  // a ~ns body is run many times per sample
  // The warm-up, the calibration samples (each batch at least twice the one before, so
  // together fewer calls than the last) and every kept sample's batch.
  EXPECT_GE(calls, 1 + r.samples * 100);
  EXPECT_LE(calls, 1 + (r.samples + 1) * r.runs_per_sample);
  EXPECT_LT(r.ns_per_item, 1000.0);
}

TEST(measure, a_known_duration_is_measured_from_below_and_setup_is_not_timed) {
  std::atomic<bool> stop{false};
  case_context ctx(stop, {}, "element", fast_timing());
  // Body: 200 us for 100 items = 2000 ns per item at least; the setup's 3 ms are not counted.
  ASSERT_TRUE(ctx.measure(
      100.0, [] { spin_for(3000us); }, [] { spin_for(200us); }, {{"extra", "1"}}));
  auto records = ctx.take_records();
  ASSERT_EQ(records.size(), 1u);
  EXPECT_GE(records[0].ns_per_item, 2000.0);
  EXPECT_LT(records[0].ns_per_item, 25000.0);  // far below setup + body (32000 ns per item)
  EXPECT_EQ(records[0].param("extra"), "1");
}

TEST(measure, extra_params_replace_the_case_value_of_the_same_key) {
  std::atomic<bool> stop{false};
  case_context ctx(stop, {{"container", "a"}, {"test", "both"}, {"size", "10"}}, "element", fast_timing());
  ASSERT_TRUE(ctx.measure(1.0, [] {}, {{"test", "first"}}));
  ASSERT_TRUE(ctx.measure(1.0, [] {}, {{"test", "second"}, {"more", "x"}}));
  const auto records = ctx.take_records();
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].params, (param_list{{"container", "a"}, {"test", "first"}, {"size", "10"}}));
  EXPECT_EQ(records[1].params, (param_list{{"container", "a"}, {"test", "second"}, {"size", "10"}, {"more", "x"}}));
}

TEST(measure, a_stopped_measure_records_nothing) {
  std::atomic<bool> stop{true};
  case_context ctx(stop, {}, "element", fast_timing());
  int calls = 0;
  EXPECT_FALSE(ctx.measure(1.0, [&] { ++calls; }));
  EXPECT_EQ(calls, 0);
  EXPECT_TRUE(ctx.take_records().empty());
}

TEST(format_duration, reads_like_a_clock) {
  EXPECT_EQ(format_duration(0.84), "0.8 s");
  EXPECT_EQ(format_duration(42.0), "42 s");
  EXPECT_EQ(format_duration(185.0), "3 min 05 s");
  EXPECT_EQ(format_duration(3720.0), "1 h 02 min");
  EXPECT_EQ(format_duration(-1.0), "?");
}

}  // namespace
}  // namespace framelab::bench
