// The runner with tiny synthetic cases: progress, records, cancel between and within
// cases, one run at a time, errors, destruction during a run; and the timing itself
// against bodies of known duration.
#include "bench/runner.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
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
  // The warm-up, then every sample's batch (a batch only grows after calibration).
  EXPECT_GE(calls, 1 + r.samples * 100);
  EXPECT_LE(calls, 1 + r.samples * r.runs_per_sample);
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
