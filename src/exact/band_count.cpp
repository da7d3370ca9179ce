#include "sudoku_count/exact.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <optional>
#include <vector>

#include "bands/band_classes.hpp"
#include "bands/band_completions.hpp"
#include "bands/band_fillings.hpp"
#include "core/threads.hpp"
#include "exact/band_reach.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "exact/job_sum.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

// Two bands of up to kMaxTwoBandRows rows take the sum of squares (6 rows:
// about 10 CPU-years, a job to spread over many cores; exact_job.hpp). The completions route enumerates every band between band 1
// and the last two, which is only quick for a few bands of short rows, and
// needs the f table (R <= 3, N <= 9 for R = 3).
constexpr int kMaxTwoBandRows = 6;
constexpr std::size_t kMaxFillingEntries = std::size_t{1} << 28;

// Sum over the classes of band-1 column sets (band_classes.hpp) of
// |class| f(X) G(X), X the class's representative and G(X) its completions
// over the column sets of the other bands, every middle band enumerated and
// the last two summed against the f table (band_completions.hpp). The
// classes are computed from the type multisets of band 1 alone, and G once
// per class, on all threads.
BigInt sum_over_band_classes(const Shape& shape, int threads, const ProgressFn& progress, std::string& detail) {
  const int n = shape.n(), c = shape.box_cols;
  const std::vector<BandClass> classes = band_classes(shape, threads);
  const BandFillings fillings(shape, kMaxFillingEntries, threads);
  if (progress) progress(0.05);
  std::vector<Wide> term(classes.size(), 0);
  std::size_t done = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (std::size_t i = 0; i < classes.size(); ++i) {
    Mask sets[kMaxGridSize], avail[kMaxGridSize];
    band_class_column_sets(classes[i], shape, sets);
    const FillingCount f = fillings.count(sets);
    if (f != 0) {
      for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~sets[j];
      term[i] = static_cast<Wide>(f) * completions(fillings, avail, c - 1);
    }
#pragma omp atomic
    ++done;
    if (progress && omp_get_thread_num() == 0) progress(0.05 + 0.95 * static_cast<double>(done) / classes.size());
  }
  BigInt sum = 0;
  for (std::size_t i = 0; i < classes.size(); ++i) sum += classes[i].column_sets * to_big(term[i]);
  detail = std::to_string(classes.size()) + " classes of band-1 column sets, completions of each over the other " +
           std::to_string(c - 1) + " bands";
  return sum;
}

}  // namespace

BigInt detail::sum_of_job(const ExactJob& job, int threads, const ProgressFn& progress, std::string& detail) {
  JobHooks hooks;
  hooks.threads = threads;
  if (progress)
    hooks.progress = [&](const ExactJobState& state, double) {
      progress(static_cast<double>(state.units_done()) / static_cast<double>(state.units()) *
               (state.census_complete() ? 1.0 : 0.05));
    };
  const ExactJobState state = run_exact_job(job, start_state(job), {}, hooks);
  detail = exact_job_detail(job, state);
  return state.sum;
}

namespace {

// Two bands (C = 2): the sum of f^2 over band-1 column sets, one f per class
// of column sets (docs/method.md section 8), as the units of the exact job
// (exact_job.hpp) run to the end on this process's threads.
BigInt sum_over_two_band_classes(const Shape& shape, int threads, const ProgressFn& progress, std::string& detail) {
  return detail::sum_of_job(ExactJob(shape), threads, progress, detail);
}

}  // namespace

namespace {

// Two bands of up to kMaxTwoBandRows rows take the sum of squares; the
// completions route is quick for few bands of short rows.
// exact_methods() describes this reach in words (policy.cpp): keep the two
// in step.
static_assert(kMaxTwoBandRows == 6, "exact_methods() gives bands a reach of two bands of up to 6 rows");
bool two_bands_in_reach(const Shape& shape) { return shape.box_cols == 2 && shape.box_rows <= kMaxTwoBandRows; }

bool completions_in_reach(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols;
  return (c <= 3 || (r <= 2 && c <= 4)) && (r <= 2 || (r == 3 && shape.n() <= 9)) && band_classes_in_reach(shape);
}

bool route_in_reach(const Shape& shape, BandRoute route) {
  switch (route) {
    case BandRoute::two_bands: return two_bands_in_reach(shape);
    case BandRoute::completions: return completions_in_reach(shape);
    case BandRoute::automatic: return two_bands_in_reach(shape) || completions_in_reach(shape);
  }
  return false;
}

Shape transposed(const Shape& shape) { return Shape{shape.box_cols, shape.box_rows}; }

// The shape to count on (the given one or its transpose: transposing a grid
// maps the R x C grids one-to-one onto the C x R grids) and the route. The
// sum of squares is the quicker wherever it reaches: it needs one f per
// class and no completions.
struct Plan {
  Shape shape;
  BandRoute route = BandRoute::automatic;
};

std::optional<Plan> plan(const Shape& given, BandRoute wanted) {
  const std::vector<BandRoute> routes =
      wanted == BandRoute::automatic ? std::vector<BandRoute>{BandRoute::two_bands, BandRoute::completions}
                                     : std::vector<BandRoute>{wanted};
  for (const BandRoute route : routes)
    for (const Shape shape : {given, transposed(given)})
      if (route_in_reach(shape, route)) return Plan{shape, route};
  return std::nullopt;
}

}  // namespace

namespace detail {

void require_band_reach(const Shape& shape) {
  if (bands_count_exactly(shape)) return;
  const int r = shape.box_rows, c = shape.box_cols;
  throw InputError("method bands reaches " + exact_method("bands").reach + "; box " + shape.name() + " (" +
                   std::to_string(c) + " bands of " + std::to_string(r) + " rows; transposed, " + std::to_string(r) +
                   " bands of " + std::to_string(c) + " rows) is beyond it: the sums would not finish in reasonable "
                   "time");
}

}  // namespace detail

bool bands_count_exactly(const Shape& shape) { return plan(shape, BandRoute::automatic).has_value(); }

ExactResult count_grids_by_bands(const Shape& given, const ExactOptions& options, const ProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  require_band_reach(given);
  const std::optional<Plan> chosen = plan(given, options.band_route);
  if (!chosen)
    throw InputError("box " + given.name() + " is within the band method's reach, but not by the route asked for");
  const Shape& shape = chosen->shape;
  ExactResult result;
  result.method = "bands";
  result.threads = thread_count(options.threads);
  if (chosen->route == BandRoute::two_bands)
    result.count = sum_over_two_band_classes(shape, result.threads, progress, result.detail);
  else
    result.count = sum_over_band_classes(shape, result.threads, progress, result.detail);
  if (!(shape == given))
    result.note = "counted on the transposed " + shape.name() + " shape, which has the same number of grids";
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sudoku_count
