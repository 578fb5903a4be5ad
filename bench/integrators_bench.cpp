// `framelab bench integrators`: the rotation integrators of core/rotation/rotation_integrator.hpp
// on the asymmetric top (inertia (1, 2, 3), omega = (0.01, 5, 0.01) rad/s,
// torque-free, gyroscopic term on): ns per step, and the error after a fixed time
// against the closed-form solution (Jacobi elliptic functions) for dt = 1/30, 1/60,
// 1/120, 1/240 s, so cost and accuracy read off one table. The cases come from
// bench/cases/rotation_cases.hpp; ratio = time(rk4) / time(x).
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/rotation_cases.hpp"

namespace framelab::bench {

namespace {

std::string dt_label(double dt) {
  return "1/" + std::to_string(static_cast<int>(1.0 / dt + 0.5));
}

// One case per (integrator, dt): an untimed accuracy run sets the metrics, then the
// same run is timed per step.
bench_case accuracy_case(integrator_kind kind, double dt, double duration, bool quick) {
  bench_case c;
  const std::string name(to_string(kind));
  c.name = name + ", dt = " + dt_label(dt) + " s, " + std::to_string(static_cast<int>(duration)) + " s";
  c.params = {{"integrator", name}, {"steps_per_s", std::to_string(static_cast<int>(1.0 / dt + 0.5))}};
  c.unit = "step";
  c.cost = duration / dt;
  c.timing.min_samples = quick ? 2 : 3;
  c.timing.max_samples = quick ? 3 : 7;
  c.timing.max_case_seconds = quick ? 0.2 : 1.0;
  c.run = [kind, dt, duration](case_context& ctx) {
    rotation_bench_case body;
    body.duration = duration;
    const rotation_bench_reference reference = make_rotation_bench_reference(body);
    const rotation_accuracy_result r = rotation_bench_accuracy(kind, dt, body, reference);
    ctx.metric("completed", r.completed ? 1.0 : 0.0);
    ctx.metric("omega_error", r.omega_error);
    ctx.metric("orientation_error_rad", r.orientation_error);
    ctx.metric("energy_drift", r.energy_drift);
    ctx.metric("momentum_drift", r.momentum_drift);
    ctx.metric("momentum_direction_drift_rad", r.momentum_direction_drift);
    ctx.metric("flip_period_error", r.flip_period_error);
    const auto steps = static_cast<std::size_t>(duration / dt + 0.5);
    ctx.measure(static_cast<double>(steps), [&] { keep(rotation_bench_steps(kind, steps)); });
  };
  return c;
}

std::vector<bench_case> integrator_cases(const option_values& o) {
  std::vector<bench_case> cases;
  const bool quick = o.flag("quick");
  const auto duration = static_cast<double>(o.integer("duration"));
  for (const std::string& choice : o.choices("integrators")) {
    const auto kind = parse_integrator(choice);
    if (!kind) continue;  // the option's choices are the integrators' names
    for (const double dt : rotation_bench_dts) cases.push_back(accuracy_case(*kind, dt, duration, quick));
  }
  return cases;
}

void adjust_integrator_defaults(option_values& o) {
  if (o.flag("quick")) o.set_default("duration", "10");
}

const int integrators_bench_registered = register_benchmark(
    {.name = "integrators",
     .description = "Rotation integrators on a torque-free (1, 2, 3) top: ns per step and error after a fixed time",
     .options = {{.name = "integrators",
                  .kind = option_kind::choice_list,
                  .description = "Integrators to run",
                  .default_value = "explicit-euler,magnus,midpoint,rk4,midpoint4",
                  .choices = {"explicit-euler", "magnus", "midpoint", "rk4", "midpoint4"}},
                 {.name = "duration",
                  .kind = option_kind::integer,
                  .description = "Simulated seconds for the accuracy columns",
                  .default_value = "100",
                  .min = 1,
                  .max = 10000,
                  .slice_max = 10},
                 {.name = "quick", .kind = option_kind::flag, .description = "10 s of simulated time, fewer samples"}},
     .cases = &integrator_cases,
     .adjust_defaults = &adjust_integrator_defaults,
     .compare = {.key = "integrator", .baseline = "rk4"},
     .plot_x = "steps_per_s",
     .plot_series = "integrator",
     .order =
         {.metric = "omega_error", .x = "steps_per_s", .x_label = "dt (s)", .title = "Order", .reciprocal_x = true},
     .notes = "ns per step of each integrator, and after `duration` seconds: the relative error of omega and "
              "the orientation error against the elliptic-function solution, the drifts of energy, |L| and the "
              "direction of the world-frame L, and the flip-period error. explicit-euler with the gyroscopic "
              "term gains energy until a step is refused (completed = 0). The log-log plot of the omega error "
              "against dt gives each integrator's measured order (its slope): 1 for explicit-euler and magnus, "
              "2 for midpoint, 4 for rk4 and midpoint4; midpoint4 keeps midpoint's invariants while its error "
              "falls as dt^4."});

}  // namespace

}  // namespace framelab::bench
