// The exact counts as jobs of units (exact_job.hpp): the unit list, the
// runners and the run; what each route sums is job_classes.hpp's.
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "core/threads.hpp"
#include "diagonals/diagonal_classes.hpp"
#include "exact/job_classes.hpp"
#include "slices/sliced_layout.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

// Two bands of up to 6 rows: 7 rows would be 128 types and beyond any time.
constexpr int kMaxJobRows = 6;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class ThreadRunner : public UnitRunner {
 public:
  ThreadRunner(const ExactJob& job, int threads, std::function<bool()> stop)
      : job_(job), threads_(thread_count(threads)), stop_(std::move(stop)) {}
  int width() const override { return threads_; }
  void run(const std::vector<std::uint64_t>& units, const std::function<void(const UnitResult&)>& finished) override {
#pragma omp parallel for num_threads(threads_) schedule(dynamic, 1)
    for (std::size_t i = 0; i < units.size(); ++i) {
      if (stop_ && stop_()) continue;
      const UnitResult result = job_.run_unit(units[i]);
#pragma omp critical(sudoku_count_unit_finished)
      finished(result);
    }
  }

 private:
  const ExactJob& job_;
  int threads_;
  std::function<bool()> stop_;
};

}  // namespace

struct ExactJob::Impl {
  std::unique_ptr<const JobClasses> classes;  // what the route sums
};

bool ExactJob::handles(const Layout& layout, std::string* why) {
  if (layout.classic()) {
    if (handles(layout.shape())) return true;
    if (why) *why = "the two-band job counts boxes R x 2 or 2 x R with R <= 6";
    return false;
  }
  return !variant_route_for(layout, why).empty();
}

bool variant_route(const std::string& route) { return route == kSlicesRoute || route == kDiagonalSetsRoute; }

std::string ExactJob::variant_route_for(const Layout& layout, std::string* why) {
  if (layout.classic()) {
    if (why) *why = "it has the classic rules";
    return "";
  }
  if (layout.is_jigsaw()) {
    if (why) *why = "a jigsaw has no bands of boxes";
    return "";
  }
  std::string why_not_sets;
  if (DiagonalSetClasses::serves(layout, &why_not_sets)) return kDiagonalSetsRoute;
  if (SlicedLayout::cut(layout, why).has_value()) return kSlicesRoute;
  // Both diagonals alone: say why sets-x does not serve (slices never cut them into slices of more than one column).
  if (why && layout.variants() == std::vector<Variant>{Variant::X}) *why = why_not_sets;
  return "";
}

ExactJob::ExactJob(const Layout& layout, const std::string& route)
    : shape_(layout.shape()), counted_(layout.shape()), layout_(layout) {
  route_ = route.empty() ? variant_route_for(layout) : route;
  if (route_.empty() || (route_ != kDiagonalSetsRoute && route_ != kSlicesRoute)) {
    if (!route.empty())
      throw InputError("a variant layout is counted by route " + std::string(kDiagonalSetsRoute) + " or " +
                       kSlicesRoute + ", not '" + route + "'");
    route_ = kSlicesRoute;  // its refusal says why
  }
  impl_ = std::make_unique<const Impl>(
      Impl{route_ == kDiagonalSetsRoute ? diagonal_job_classes(layout) : sliced_job_classes(layout)});
}

bool ExactJob::known_route(const std::string& route) {
  return route == kLayersRoute || route == kHalfSplitRoute || variant_route(route);
}

bool ExactJob::handles(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols;
  return (c == 2 && r >= 1 && r <= kMaxJobRows) || (r == 2 && c >= 1 && c <= kMaxJobRows);
}

ExactJob::ExactJob(const Shape& shape, const std::string& route) : shape_(shape), layout_(shape), route_(route) {
  if (!handles(shape))
    throw InputError("the exact job counts grids of two bands, boxes R x 2 or 2 x R with R <= 6; box " +
                     shape.name() + " is not one");
  if (route != kLayersRoute && route != kHalfSplitRoute)
    throw InputError("the two-band job's route is '" + std::string(kLayersRoute) + "' or '" + kHalfSplitRoute +
                     "', not '" + route + "'" + (variant_route(route) ? " (" + route + " counts variant layouts)" : ""));
  counted_ = shape.box_cols == 2 ? shape : Shape{shape.box_cols, shape.box_rows};
  if (route == kLayersRoute) {
    const double floor = layers_route_memory_floor(shape), memory = physical_memory_bytes();
    if (memory > 0 && floor > memory) {
      char text[400];
      std::snprintf(text, sizeof text,
                    "the layers route's tables for box %s take at least %.0f GB (the orbits of its base layer at 32 "
                    "bytes each) and this machine has %.0f GB: run it with {route} two-bands, or on a machine with "
                    "more memory ({calibrate} prints the projection)",
                    shape.name().c_str(), floor / 1e9, memory / 1e9);
      throw InputError(text);
    }
  }
  impl_ = std::make_unique<const Impl>(Impl{two_band_job_classes(counted_.box_rows, route == kLayersRoute)});
}

ExactJob::~ExactJob() = default;

std::uint64_t ExactJob::chunks() const { return impl_->classes->chunks(); }
std::uint64_t ExactJob::group_order() const { return impl_->classes->group_order(); }

// A census unit counts its chunk's classes; a class unit walks its chunk
// again (cheap next to the term) to its class and computes the class's term.
UnitResult ExactJob::run_unit(std::uint64_t unit) const {
  const std::uint64_t chunk = is_census_unit(unit) ? unit : (unit - chunks()) / kMaxClassesPerChunk;
  if (chunk >= chunks())
    throw InputError("unit " + std::to_string(unit) + " is beyond the job's " + std::to_string(chunks()) + " chunks");
  const auto start = std::chrono::steady_clock::now();
  UnitResult result;
  result.unit = unit;
  if (is_census_unit(unit)) {
    result.classes = impl_->classes->census(chunk);
  } else {
    const std::uint64_t k = (unit - chunks()) % kMaxClassesPerChunk;
    if (!impl_->classes->term(chunk, k, result.sum))
      throw InputError("unit " + std::to_string(unit) + ": chunk " + std::to_string(chunk) + " has no class " +
                       std::to_string(k));
    result.classes = 1;
  }
  result.seconds = seconds_since(start);
  return result;
}

std::unique_ptr<UnitRunner> make_unit_thread_runner(const ExactJob& job, int threads, std::function<bool()> stop) {
  return std::make_unique<ThreadRunner>(job, threads, std::move(stop));
}

ExactJobState run_exact_job(const ExactJob& job, ExactJobState state, const JobLimits& limits, const JobHooks& hooks) {
  const auto start = std::chrono::steady_clock::now();
  auto out_of_time = [&] { return limits.seconds > 0 && seconds_since(start) >= limits.seconds; };
  auto interrupted = [&] { return hooks.interrupt && hooks.interrupt->load(); };
  std::unique_ptr<UnitRunner> own;
  UnitRunner* runner = hooks.runner;
  if (!runner) {
    own = make_unit_thread_runner(job, hooks.threads, [&] { return out_of_time() || interrupted(); });
    runner = own.get();
  }
  // The census first, then the classes of the chunks counted; the budget of
  // units spans both.
  std::uint64_t budget = limits.max_units > 0 ? limits.max_units : ~std::uint64_t{0};
  // Saved at once (an unwritable file is seen before any work), after the
  // first unit (units of 2x6 take up to an hour: a job stopped early keeps
  // what it did), then every checkpoint_every seconds.
  if (hooks.checkpoint) hooks.checkpoint(state, false);
  auto last_save = start;
  bool saved_a_unit = false;
  auto save = [&] {
    hooks.checkpoint(state, false);
    last_save = std::chrono::steady_clock::now();
    saved_a_unit = true;
  };
  auto finished = [&](const UnitResult& result) {
    state.add(result);
    if (hooks.progress) hooks.progress(state, seconds_since(start));
    if (hooks.checkpoint &&
        (!saved_a_unit ||
         std::chrono::duration<double>(std::chrono::steady_clock::now() - last_save).count() >= hooks.checkpoint_every))
      save();
  };
  for (const bool census : {true, false}) {
    std::vector<std::uint64_t> pending;
    for (std::uint64_t chunk = 0; chunk < state.chunks && pending.size() < budget; ++chunk) {
      if (census) {
        if (!state.is_done(chunk)) pending.push_back(chunk);
        continue;
      }
      for (std::int64_t k = 0; k < state.census[chunk] && pending.size() < budget; ++k)
        if (const std::uint64_t unit = job.class_unit(chunk, static_cast<std::uint64_t>(k)); !state.is_done(unit))
          pending.push_back(unit);
    }
    if (pending.empty() || out_of_time() || interrupted()) continue;
    budget -= pending.size();
    runner->run(pending, finished);
    // The census's last units can finish within a second of the previous
    // save, and the class units after them take up to an hour each (2x6):
    // what the census found is saved before they start.
    if (census && hooks.checkpoint) save();
  }
  if (hooks.checkpoint) hooks.checkpoint(state, true);
  return state;
}

}  // namespace sudoku_count
