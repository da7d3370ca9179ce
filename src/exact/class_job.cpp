// The two-band sum of squares as a job of units (exact_job.hpp).
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include "core/threads.hpp"
#include "diagonals/diagonal_classes.hpp"
#include "exact/layered_fillings.hpp"
#include "slices/first_band_classes.hpp"
#include "slices/sliced_completions.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

// Two bands of up to 6 rows: 7 rows would be 128 types and beyond any time.
constexpr int kMaxJobRows = 6;

BigInt big(UInt128 value) {
  BigInt b = BigInt(static_cast<std::uint64_t>(value >> 64)) << 64;
  return b + static_cast<std::uint64_t>(value);
}

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
  // The two-band count: its class chunks, and the layers route's tables.
  std::unique_ptr<const TwoBandClassChunks> two_bands;
  std::unique_ptr<const LayeredFillings> layers;
  // The slices route: the classes of first bands and their completions.
  std::unique_ptr<const FirstBandClasses> first_bands;
  std::unique_ptr<const SlicedCompletions> completions;
  BigInt relabellings;  // N!
  // The sets-x route: classes of first-band column sets, cut into chunks.
  std::unique_ptr<const DiagonalSetClasses> diagonal_sets;
  static constexpr std::uint64_t kDiagonalClassesPerChunk = 64;
  Impl(int rows, bool by_layers)
      : two_bands(std::make_unique<const TwoBandClassChunks>(rows)),
        layers(by_layers ? std::make_unique<const LayeredFillings>(rows) : nullptr) {}
  Impl(const Layout& layout, SlicedLayout cut)
      : first_bands(std::make_unique<const FirstBandClasses>(layout)),
        completions(std::make_unique<const SlicedCompletions>(std::move(cut))),
        relabellings(factorial(layout.n())) {}
  explicit Impl(const Layout& layout)
      : diagonal_sets(std::make_unique<const DiagonalSetClasses>(std::make_shared<const DiagonalSetTables>(layout))) {}
  std::uint64_t chunks() const {
    if (diagonal_sets) return (diagonal_sets->size() + kDiagonalClassesPerChunk - 1) / kDiagonalClassesPerChunk;
    return two_bands ? two_bands->chunks() : first_bands->chunks();
  }
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
  std::string why;
  route_ = route.empty() ? variant_route_for(layout, &why) : route;
  if (route_ == kDiagonalSetsRoute) {
    if (!DiagonalSetClasses::serves(layout, &why))
      throw InputError("the sets-x route counts both main diagonals alone in two or three bands; layout " +
                       layout.name() + " is not served: " + why);
    impl_ = std::make_unique<const Impl>(layout);
    return;
  }
  if (!route_.empty() && route_ != kSlicesRoute)
    throw InputError("a variant layout is counted by route " + std::string(kDiagonalSetsRoute) + " or " + kSlicesRoute +
                     ", not '" + route_ + "'");
  route_ = kSlicesRoute;
  std::optional<SlicedLayout> cut = layout.classic() ? std::nullopt : SlicedLayout::cut(layout, &why);
  if (!cut)
    throw InputError("the slices route counts variant layouts with boxes in two or three bands; layout " +
                     layout.name() + " is not served: " + (layout.classic() ? "it has the classic rules" : why));
  impl_ = std::make_unique<const Impl>(layout, std::move(*cut));
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
  impl_ = std::make_unique<const Impl>(counted_.box_rows, route == kLayersRoute);
}

ExactJob::~ExactJob() = default;

std::uint64_t ExactJob::chunks() const { return impl_->chunks(); }
std::uint64_t ExactJob::group_order() const {
  if (impl_->diagonal_sets) return impl_->diagonal_sets->group_order();
  return impl_->first_bands ? impl_->first_bands->group_order() : 1;
}

// A census unit counts its chunk's classes; a class unit walks its chunk
// again (cheap next to f) to its class and computes the class's term.
UnitResult ExactJob::run_unit(std::uint64_t unit) const {
  const std::uint64_t chunk = is_census_unit(unit) ? unit : (unit - chunks()) / kMaxClassesPerChunk;
  if (chunk >= chunks())
    throw InputError("unit " + std::to_string(unit) + " is beyond the job's " + std::to_string(chunks()) + " chunks");
  const auto start = std::chrono::steady_clock::now();
  const int rows = counted_.box_rows;
  UnitResult result;
  result.unit = unit;
  if (impl_->diagonal_sets) {
    // The sets-x route: chunk c holds classes [c K, (c + 1) K); a class unit's term is |K| S(K).
    const DiagonalSetClasses& classes = *impl_->diagonal_sets;
    const std::uint64_t first = chunk * Impl::kDiagonalClassesPerChunk;
    const std::uint64_t end = std::min<std::uint64_t>(first + Impl::kDiagonalClassesPerChunk, classes.size());
    if (is_census_unit(unit)) {
      result.classes = end - first;
    } else {
      const std::uint64_t k = (unit - chunks()) % kMaxClassesPerChunk;
      if (first + k >= end)
        throw InputError("unit " + std::to_string(unit) + ": chunk " + std::to_string(chunk) + " has no class " +
                         std::to_string(k));
      const DiagonalSetClass& found = classes[first + k];
      DiagonalJoin join(classes.tables());
      result.sum = big(classes.grids_with_first_band(found.sets.data(), join)) * found.column_sets;
      result.classes = 1;
    }
  } else if (impl_->first_bands) {
    // The slices route: a class unit's term is N! |K| G(K).
    const std::uint64_t wanted = is_census_unit(unit) ? ~std::uint64_t{0} : (unit - chunks()) % kMaxClassesPerChunk;
    std::uint64_t k = 0;
    impl_->first_bands->for_each_class(chunk, [&](const FirstBandClass& band_class) {
      if (is_census_unit(unit)) {
        ++result.classes;
        return;
      }
      if (k++ != wanted) return;
      // The memo of slice-array counts holds patterns only: one per thread serves every layout.
      thread_local SliceArrayCounter counter;
      const SliceCount g = impl_->completions->count(band_class.band, counter);
      result.sum = impl_->relabellings * band_class.bands * big(g);
      result.classes = 1;
    });
    if (!is_census_unit(unit) && result.classes != 1)
      throw InputError("unit " + std::to_string(unit) + ": chunk " + std::to_string(chunk) + " has no class " +
                       std::to_string(wanted));
  } else if (is_census_unit(unit)) {
    impl_->two_bands->for_each_class(chunk, [&](const BandClass&) { ++result.classes; });
  } else {
    const std::uint64_t wanted = (unit - chunks()) % kMaxClassesPerChunk;
    std::uint64_t k = 0;
    impl_->two_bands->for_each_class(chunk, [&](const BandClass& band_class) {
      if (k++ != wanted) return;
      Mask sets[kMaxGridSize];
      band_class_column_sets(band_class, counted_, sets);
      const BigInt f = impl_->layers ? impl_->layers->count(sets) : count_band_fillings(sets, rows, 2 * rows);
      result.sum = band_class.column_sets * f * f;
      result.classes = 1;
    });
    if (result.classes != 1)
      throw InputError("unit " + std::to_string(unit) + ": chunk " + std::to_string(chunk) + " has no class " +
                       std::to_string(wanted));
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
