#include "sudoku_count/exact.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "bands/band_completions.hpp"
#include "bands/band_fillings.hpp"
#include "bands/band_one_orbits.hpp"
#include "sudoku_count/error.hpp"
#include "bands/band_tables.hpp"
#include "bands/two_band_classes.hpp"
#include "core/threads.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

BigInt to_big(Wide value) {
  BigInt result = static_cast<std::uint64_t>(value >> 64);
  result <<= 64;
  result += static_cast<std::uint64_t>(value);
  return result;
}

// The tabulated case (R = 3, and R = 2): every band-1 X is the relabelling
// of exactly one key's column sets in P ways, so the count is
// P * sum over orbits of weight * G (band_one_orbits.hpp).
BigInt sum_over_key_orbits(const BandTables& tables, int threads, const ProgressFn& progress, std::string& detail) {
  const Shape& shape = tables.shape;
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  const std::vector<BandOneOrbit> orbits = band_one_orbits(tables, threads, progress);
  BigInt sum = 0;
  for (const BandOneOrbit& orbit : orbits) sum += BigInt(orbit.weight) * to_big(orbit.completions);
  detail = std::to_string(tables.fillings->table_entries()) + " band-1 column-set keys in " +
           std::to_string(orbits.size()) + " orbits";
  BigInt partitions = factorial(n) / boost::multiprecision::pow(factorial(r), c);
  return partitions * sum;
}

// Untabulated (R <= 2, or small R >= 4): N! times the sum over canonical
// bands of their completions.
BigInt sum_over_canonical_bands(const BandTables& tables, int threads, const ProgressFn& progress,
                                std::string& detail) {
  const int n = tables.shape.n(), c = tables.shape.box_cols;
  const std::size_t bands = tables.bands->size();
  constexpr std::size_t kChunk = 256;
  const std::size_t chunks = (bands + kChunk - 1) / kChunk;
  std::vector<Wide> partial(chunks, 0);
  std::size_t done = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (std::size_t chunk = 0; chunk < chunks; ++chunk) {
    Mask sets[kMaxGridSize], avail[kMaxGridSize];
    for (std::size_t i = chunk * kChunk; i < std::min(bands, (chunk + 1) * kChunk); ++i) {
      tables.bands->column_sets(i, sets);
      for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~sets[j];
      partial[chunk] += completions(*tables.fillings, avail, c - 1);
    }
#pragma omp atomic
    ++done;
    if (progress && omp_get_thread_num() == 0) progress(static_cast<double>(done) / chunks);
  }
  detail = std::to_string(bands) + " canonical bands";
  BigInt sum = 0;
  for (const Wide p : partial) sum += to_big(p);
  return factorial(n) * sum;
}

// Two bands (C = 2): the sum of f^2 over band-1 column sets, one f per class
// of column sets (two_bands.hpp).
BigInt sum_over_two_band_classes(int rows, int threads, const ProgressFn& progress, std::string& detail) {
  const std::vector<TwoBandClass> classes = two_band_classes(rows, threads);
  if (progress) progress(0.05);
  std::vector<std::uint64_t> fillings(classes.size());
  std::size_t done = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (std::size_t i = 0; i < classes.size(); ++i) {
    Mask sets[kMaxGridSize];
    two_band_column_sets(classes[i], rows, sets);
    fillings[i] = count_band_fillings(sets, rows, 2 * rows);
#pragma omp atomic
    ++done;
    if (progress && omp_get_thread_num() == 0) progress(0.05 + 0.95 * static_cast<double>(done) / classes.size());
  }
  BigInt sum = 0;
  for (std::size_t i = 0; i < classes.size(); ++i) {
    const BigInt f = fillings[i];
    sum += classes[i].column_sets * f * f;
  }
  detail = std::to_string(classes.size()) + " classes of band-1 column sets, f^2 each";
  return sum;
}

}  // namespace

namespace {

// The band-table sums are quick for few bands (every band between band 1
// and the last two is enumerated) and need the f table (R <= 3, N <= 9 for
// R = 3). Two bands of up to kMaxTwoBandRows rows take the sum of squares.
bool two_bands_in_reach(const Shape& shape) { return shape.box_cols == 2 && shape.box_rows <= kMaxTwoBandRows; }

bool tables_in_reach(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols;
  return (c <= 3 || (r <= 2 && c <= 4)) && (r <= 2 || (r == 3 && shape.n() <= 9)) &&
         shape.n() <= CanonicalBands::kMaxSymbols;
}

bool in_reach(const Shape& shape) { return two_bands_in_reach(shape) || tables_in_reach(shape); }

Shape transposed(const Shape& shape) { return Shape{shape.box_cols, shape.box_rows}; }

}  // namespace

bool bands_count_exactly(const Shape& shape) { return in_reach(shape) || in_reach(transposed(shape)); }

ExactResult count_grids_by_bands(const Shape& given, const ExactOptions& options, const ProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  // Transposing a grid maps the R x C grids one-to-one onto the C x R grids.
  const bool transpose = !in_reach(given) && in_reach(transposed(given));
  const Shape shape = transpose ? transposed(given) : given;
  const int r = shape.box_rows, c = shape.box_cols;
  // Every band between band 1 and the last two is enumerated in full, which
  // is only quick for a few bands of short rows.
  if (!in_reach(shape))
    throw InputError("method bands counts exactly the shapes (or their transposes) with two bands of at most " +
                     std::to_string(kMaxTwoBandRows) + " rows, 2-row boxes and at most 4 bands, or 3-row boxes and "
                     "at most 3 bands up to 9x9; box " + given.name() + " (" + std::to_string(c) + " bands of " +
                     std::to_string(r) + " rows; transposed, " + std::to_string(r) + " bands of " + std::to_string(c) +
                     " rows) is beyond them: the sums would not finish in reasonable time");
  ExactResult result;
  result.method = "bands";
  result.threads = thread_count(options.threads);
  if (two_bands_in_reach(shape)) {
    result.count = sum_over_two_band_classes(r, result.threads, progress, result.detail);
  } else {
    const BandTables tables = BandTables::build(shape);
    result.count = tables.fillings->tabulated()
                       ? sum_over_key_orbits(tables, result.threads, progress, result.detail)
                       : sum_over_canonical_bands(tables, result.threads, progress, result.detail);
  }
  if (transpose) result.note = "counted on the transposed " + shape.name() + " shape, which has the same number of grids";
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sudoku_count
