// `framelab bench world`: a generated world scene file (bench/cases/world_cases.hpp: n
// frames, every one moving, and p particles on springs) stepped by the world model
// (scenes/world/world_model.hpp), against the sweep alone of the same hierarchy, in the
// same run. Per frame (ns per frame, ratio = time(sweep only) / time(x)):
//   sweep only          hierarchy::update_world at the acceleration level (the baseline)
//   bulk re-set + sweep every local copied in place (locals_in_place) and one sweep
//   set_local + sweep   every local through set_local (checked per node), one sweep
//   frame motion + sweep  the world model's frame update: every frame's expressions
//                       evaluated with hyper-duals, written in place, one sweep (a file
//                       with the frames only)
//   world step          a whole step of the file with its particles (RK4)
// Issue 22's targets: re-setting every local + the sweep <= 3x the sweep per node; a step
// of 10,000 frames and 1,000 particles >= 60 steps per second on one core (<= 1.67 ms,
// 167 ns per frame).
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/benchmark.hpp"
#include "bench/cases/world_cases.hpp"
#include "scenes/world/world_loader.hpp"
#include "scenes/world/world_scene.hpp"

namespace framelab::bench {

namespace {

std::shared_ptr<world_model> loaded_model(std::size_t frames, std::size_t particles) {
  auto spec = std::make_shared<world_spec>();
  if (auto error = parse_world(generated_world_text(frames, particles), "generated", *spec))
    throw std::runtime_error(*error);
  auto model = std::make_shared<world_model>(spec);
  const double w = 0.5;
  if (auto error = model->reset(std::span<const double>(&w, 1), ode::method::rk4)) throw std::runtime_error(*error);
  return model;
}

std::vector<bench_case> world_cases(const option_values& o) {
  std::vector<bench_case> cases;
  const auto particles = std::size_t(o.integer("particles"));
  for (const long long n_ll : o.integers("frames")) {
    const auto n = std::size_t(n_ll);
    const auto add = [&](const char* work, std::size_t with_particles, auto body_maker) {
      bench_case c;
      c.name = std::string(work) + ", " + std::to_string(n) + " frames";
      c.params = {{"work", work}, {"frames", std::to_string(n)}, {"particles", std::to_string(with_particles)}};
      c.unit = "frame";
      c.cost = double(n) * (with_particles > 0 ? 4.0 : 1.0);
      c.run = [n, with_particles, body_maker](case_context& ctx) { body_maker(ctx, n, with_particles); };
      cases.push_back(std::move(c));
    };
    add("sweep only", 0, [](case_context& ctx, std::size_t n, std::size_t) {
      hierarchy3d h = loaded_model(n, 0)->frames();
      ctx.measure(double(n), [&] {
        h.update_world();
        keep(h.globals().back());
      });
    });
    add("bulk re-set + sweep", 0, [](case_context& ctx, std::size_t n, std::size_t) {
      hierarchy3d h = loaded_model(n, 0)->frames();
      const std::vector<dynamic_transform<double, 3>> locals(h.locals().begin(), h.locals().end());
      ctx.measure(double(n), [&] {
        const auto out = h.locals_in_place();
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = locals[i];
        h.locals_written();
        h.update_world();
        keep(h.globals().back());
      });
    });
    add("set_local + sweep", 0, [](case_context& ctx, std::size_t n, std::size_t) {
      hierarchy3d h = loaded_model(n, 0)->frames();
      const std::vector<dynamic_transform<double, 3>> locals(h.locals().begin(), h.locals().end());
      ctx.measure(double(n), [&] {
        for (std::size_t i = 0; i < locals.size(); ++i) h.set_local(h.id_at(i), locals[i]);
        h.update_world();
        keep(h.globals().back());
      });
    });
    add("frame motion + sweep", 0, [](case_context& ctx, std::size_t n, std::size_t) {
      const auto model = loaded_model(n, 0);
      ctx.measure(double(n), [&] {
        model->step(1.0 / 60.0);
        keep(model->frame_world(n - 1));
      });
    });
    add("world step", particles, [](case_context& ctx, std::size_t n, std::size_t p) {
      const auto model = loaded_model(n, p);
      ctx.measure(double(n), [&] {
        model->step(1.0 / 60.0);
        keep(model->frame_world(n - 1));
      });
    });
  }
  return cases;
}

void adjust_world_defaults(option_values& o) {
  if (o.flag("quick") && !o.given("frames")) o.set_default("frames", "2000");
}

const int world_bench_registered = register_benchmark(
    {.name = "world",
     .description = "A generated world scene file: every frame moved from its expressions and swept, with particles",
     .options = {{.name = "frames",
                  .kind = option_kind::integer_list,
                  .description = "Frames in the generated file (an 8-ary tree, every frame moving)",
                  .default_value = "10000",
                  .min = 8,
                  .max = 50000,
                  .slice_max = 500},
                 {.name = "particles",
                  .kind = option_kind::integer,
                  .description = "Particles on springs in the file of the 'world step' case",
                  .default_value = "1000",
                  .min = 0,
                  .max = 10000},
                 {.name = "quick", .kind = option_kind::flag, .description = "2,000 frames, fewer samples"}},
     .cases = &world_cases,
     .adjust_defaults = &adjust_world_defaults,
     .compare = {.key = "work", .baseline = "sweep only"},
     .plot_x = "frames",
     .notes = "ns per frame of the world model's step against the hierarchy's sweep of the same frames, in the same "
              "run; ratio = time(sweep only) / time(x), so 0.33 is 3x the sweep. Steps per second = 1e9 / (ns per "
              "frame x frames). Issue 22's targets: bulk re-set + sweep within 3x the sweep; a world step of 10,000 "
              "frames and 1,000 particles at >= 60 steps per second on one core."});

}  // namespace

}  // namespace framelab::bench
