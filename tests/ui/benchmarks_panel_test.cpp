// The Benchmarks panel with no window at all: open it, pick a tiny benchmark, click Run,
// keep drawing frames while the worker measures (the UI thread never waits for it),
// see the results; Cancel by clicking; closing the app during a run joins the worker.
#include "ui/benchmarks_panel.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "bench/benchmark.hpp"
#include "scenes/registry.hpp"
#include "ui/ui_state.hpp"
#include "tests/ui/headless_ui.hpp"

namespace framelab {
namespace {

using namespace std::chrono_literals;

// Cases of the "ui-tiny" benchmark: two contenders, two sizes, a few microseconds each.
std::vector<bench::bench_case> tiny_cases(const bench::option_values& o) {
  std::vector<bench::bench_case> cases;
  for (long long n : o.integers("sizes")) {
    for (const char* who : {"base", "ours"}) {
      bench::bench_case c;
      c.name = std::string(who) + ", n = " + std::to_string(n);
      c.params = {{"who", who}, {"size", std::to_string(n)}, {"shape", "tiny"}};
      c.timing.min_samples = 2;
      c.timing.max_case_seconds = 0.0;
      c.timing.min_sample_seconds = 0.0001;
      const bool blocking = o.flag("block");
      c.run = [n, blocking](bench::case_context& ctx) {
        while (blocking && !ctx.stop_requested()) std::this_thread::sleep_for(1ms);
        ctx.measure(static_cast<double>(n), [n] {
          volatile long long sum = 0;
          for (long long i = 0; i < n; ++i) sum = sum + i;
        });
      };
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

// --quick narrows the default sizes, as the list benchmark's does.
void quick_defaults(bench::option_values& o) {
  if (o.flag("quick")) o.set_default("sizes", "10");
}

const int registered = bench::register_benchmark({
    .name = "ui-tiny",
    .description = "a tiny benchmark for the panel test",
    .options = {{.name = "quick", .kind = bench::option_kind::flag, .description = "fewer sizes"},
                {.name = "block", .kind = bench::option_kind::flag, .description = "wait for Cancel"},
                {.name = "sizes",
                 .kind = bench::option_kind::integer_list,
                 .description = "sizes",
                 .default_value = "100,1000",
                 .min = 1,
                 .max = 100000}},
    .cases = &tiny_cases,
    .adjust_defaults = &quick_defaults,
    .compare = {.key = "who", .baseline = "base"},
    .plot_x = "size",
    .plot_series = "shape",
});

class benchmarks_panel : public headless_ui_test {
 protected:
  void SetUp() override {
    headless_ui_test::SetUp();
    load("tank-turret");
    state_.show_benchmarks = true;
    ASSERT_TRUE(ui::select_benchmark(state_, "ui-tiny"));
  }
  void TearDown() override {
    state_.benchmarks.reset();  // joins a run still going
    headless_ui_test::TearDown();
  }

  // One frame; returns how long drawing it took.
  std::chrono::duration<double> frame(ImVec2 mouse, bool down) {
    const auto t0 = std::chrono::steady_clock::now();
    headless_ui_test::frame(mouse, down);
    return std::chrono::steady_clock::now() - t0;
  }
  ImGuiWindow* panel() { return ImGui::FindWindowByName("Benchmarks"); }
  // Run is the panel's first item.
  ImVec2 run_button() {
    ImGuiWindow* w = panel();
    return ImVec2(w->DC.CursorStartPos.x + 12.0f, w->DC.CursorStartPos.y + 8.0f);
  }
  // Finds an item of the panel's first row by hovering along it.
  std::optional<ImVec2> find_on_first_row(const char* label) {
    ImGuiWindow* w = panel();
    const ImGuiID id = w->GetID(label);
    const float y = w->DC.CursorStartPos.y + 8.0f;
    for (float x = w->DC.CursorStartPos.x; x < w->DC.CursorStartPos.x + 400.0f; x += 4.0f) {
      frame(ImVec2(x, y), false);
      frame(ImVec2(x, y), false);
      if (ImGui::GetCurrentContext()->HoveredIdPreviousFrame == id) return ImVec2(x, y);
    }
    return std::nullopt;
  }

  // Finds a widget drawn under PushID(push) with this label by hovering down the
  // panel's left edge.
  std::optional<ImVec2> find_in_left_column(const char* push, const char* label) {
    ImGuiWindow* w = panel();
    const ImGuiID id = ImHashStr(label, 0, ImHashStr(push, 0, w->ID));
    const float x = w->DC.CursorStartPos.x + 8.0f;
    for (float y = w->DC.CursorStartPos.y; y < w->DC.CursorStartPos.y + 400.0f; y += 3.0f) {
      frame(ImVec2(x, y), false);
      frame(ImVec2(x, y), false);
      if (ImGui::GetCurrentContext()->HoveredIdPreviousFrame == id) return ImVec2(x, y);
    }
    return std::nullopt;
  }
};

TEST_F(benchmarks_panel, run_a_tiny_benchmark_to_completion_while_the_ui_keeps_drawing) {
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  ASSERT_NE(panel(), nullptr);
  ui::benchmarks_state& b = ui::benchmarks_of(state_);
  EXPECT_EQ(b.selected, "ui-tiny");
  EXPECT_EQ(b.cases.size(), 4u);
  EXPECT_TRUE(b.options_error.empty()) << b.options_error;

  click(run_button());
  EXPECT_EQ(b.result_benchmark, "ui-tiny") << b.message;
  std::chrono::duration<double> slowest{0};
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  int frames = 0;
  while (b.runner.running() && std::chrono::steady_clock::now() < deadline) {
    slowest = std::max(slowest, frame(ImVec2(0, 0), false));
    ++frames;
  }
  ASSERT_FALSE(b.runner.running());
  // Drawing never waits for the worker (a frame here takes well under a millisecond
  // when the machine is idle; the bound leaves room for a loaded one).
  EXPECT_LT(slowest.count(), 0.25) << frames << " frames";
  frame(ImVec2(0, 0), false);  // pulls the last records
  EXPECT_EQ(b.runner.progress().state, bench::run_state::finished);
  ASSERT_EQ(b.records.size(), 4u);
  ASSERT_EQ(b.ratios.size(), 4u);
  EXPECT_TRUE(std::isnan(b.ratios[0]));  // base
  EXPECT_GT(b.ratios[1], 0.0);           // ours against base
  EXPECT_EQ(b.message, "Done.");
  for (int i = 0; i < 3; ++i) frame(ImVec2(0, 0), false);  // results drawn: plots, table, tabs
}

TEST_F(benchmarks_panel, options_in_the_panel_make_the_cases_and_bad_ones_say_why) {
  frame(ImVec2(0, 0), false);
  ui::benchmarks_state& b = ui::benchmarks_of(state_);
  b.given["ui-tiny"]["sizes"] = "5,6,7";
  b.cases_dirty = true;
  frame(ImVec2(0, 0), false);
  EXPECT_EQ(b.cases.size(), 6u);
  b.given["ui-tiny"]["sizes"] = "5,x";
  b.cases_dirty = true;
  frame(ImVec2(0, 0), false);
  EXPECT_TRUE(b.cases.empty());
  EXPECT_NE(b.options_error.find("--sizes: 'x' is not an integer"), std::string::npos) << b.options_error;
  click(run_button());  // disabled: nothing starts
  EXPECT_FALSE(b.runner.running());
  EXPECT_TRUE(b.result_benchmark.empty());
}

TEST_F(benchmarks_panel, ticking_quick_shows_its_defaults_at_once) {
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  ui::benchmarks_state& b = ui::benchmarks_of(state_);
  EXPECT_EQ(b.edit_text["ui-tiny/sizes"], "100,1000");
  const auto quick = find_in_left_column("quick", "quick");
  ASSERT_TRUE(quick.has_value());
  click(*quick);
  EXPECT_TRUE(b.values.flag("quick"));
  EXPECT_EQ(b.cases.size(), 2u);                // one size, two contenders
  EXPECT_EQ(b.edit_text["ui-tiny/sizes"], "10");  // the text field follows
  click(*quick);
  EXPECT_FALSE(b.values.flag("quick"));
  EXPECT_EQ(b.edit_text["ui-tiny/sizes"], "100,1000");
}

TEST_F(benchmarks_panel, cancel_button_stops_the_run) {
  frame(ImVec2(0, 0), false);
  ui::benchmarks_state& b = ui::benchmarks_of(state_);
  b.given["ui-tiny"]["block"] = "true";
  b.cases_dirty = true;
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  click(run_button());
  ASSERT_TRUE(b.runner.running()) << b.message;
  const auto cancel = find_on_first_row("Cancel");
  ASSERT_TRUE(cancel.has_value());
  click(*cancel);
  ASSERT_TRUE(b.runner.wait_for(20s));
  EXPECT_EQ(b.runner.progress().state, bench::run_state::cancelled);
  frame(ImVec2(0, 0), false);
  EXPECT_NE(b.message.find("Cancelled"), std::string::npos) << b.message;
}

TEST_F(benchmarks_panel, closing_the_app_during_a_run_joins_the_worker) {
  frame(ImVec2(0, 0), false);
  ui::benchmarks_state& b = ui::benchmarks_of(state_);
  b.given["ui-tiny"]["block"] = "true";
  b.cases_dirty = true;
  frame(ImVec2(0, 0), false);
  frame(ImVec2(0, 0), false);
  click(run_button());
  ASSERT_TRUE(b.runner.running());
  EXPECT_TRUE(bench::any_run_in_progress());
  state_.benchmarks.reset();  // what destroying ui_state does when the app closes
  EXPECT_FALSE(bench::any_run_in_progress());
}

}  // namespace
}  // namespace framelab
