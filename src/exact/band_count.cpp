#include "sudoku_count/exact.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "bands/band_completions.hpp"
#include "bands/band_fillings.hpp"
#include "sudoku_count/error.hpp"
#include "bands/band_tables.hpp"
#include "bands/two_band_classes.hpp"
#include "core/threads.hpp"
#include "exact/band_reach.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

BigInt to_big(Wide value) {
  BigInt result = static_cast<std::uint64_t>(value >> 64);
  result <<= 64;
  result += static_cast<std::uint64_t>(value);
  return result;
}

// Union-find over orbit members.
struct Orbits {
  std::vector<std::uint32_t> parent;
  explicit Orbits(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

// Keys of column sets whose boxes 1..R-1 list their C sets in increasing
// order of their smallest symbol: permuting the columns of those boxes only
// reorders their sets, so every key has exactly one such sorted form.
class SortedKeys {
 public:
  explicit SortedKeys(const BandFillings& fillings) : fillings_(fillings) {}

  std::size_t sorted(const Mask* sets) const {
    const Shape& s = fillings_.shape();
    Mask work[kMaxGridSize];
    std::copy(sets, sets + s.n(), work);
    for (int b = 1; b < s.box_rows; ++b)
      std::sort(work + b * s.box_cols, work + (b + 1) * s.box_cols,
                [](Mask x, Mask y) { return low_bit_index(x) < low_bit_index(y); });
    return fillings_.key_of(work);
  }

 private:
  const BandFillings& fillings_;
};

// The tabulated case (R = 3): every band-1 X is the relabelling of exactly
// one key's column sets in P ways, so the count is P * sum_k f(k) G(k), and
// G is constant on orbits of keys under the grid symmetries that keep band 1.
BigInt sum_over_key_orbits(const BandTables& tables, int threads, const ProgressFn& progress, std::string& detail) {
  const BandFillings& fillings = *tables.fillings;
  const Shape& shape = tables.shape;
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  const std::size_t keys = fillings.table_entries();
  const SortedKeys sorted_keys(fillings);

  // 1. The sorted form of every key, and an index for the sorted ones.
  std::vector<std::uint32_t> sorted_of(keys);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::size_t k = 0; k < keys; ++k) {
    Mask sets[kMaxGridSize];
    fillings.key_sets(k, sets);
    sorted_of[k] = static_cast<std::uint32_t>(sorted_keys.sorted(sets));
  }
  std::vector<std::uint32_t> index(keys, 0), members;
  for (std::size_t k = 0; k < keys; ++k)
    if (sorted_of[k] == k) {
      index[k] = static_cast<std::uint32_t>(members.size());
      members.push_back(static_cast<std::uint32_t>(k));
    }
  if (progress) progress(0.2);

  // 2. Orbits of the sorted keys under the remaining generators: swaps of
  //    adjacent columns of box 0, of adjacent boxes, and of adjacent symbols
  //    within one of box 0's canonical sets.
  std::vector<std::vector<std::uint32_t>> neighbours(members.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 256)
  for (std::size_t m = 0; m < members.size(); ++m) {
    Mask sets[kMaxGridSize], moved[kMaxGridSize];
    fillings.key_sets(members[m], sets);
    auto add = [&] { neighbours[m].push_back(sorted_of[sorted_keys.sorted(moved)]); };
    for (int k = 0; k + 1 < c; ++k) {
      std::copy(sets, sets + n, moved);
      std::swap(moved[k], moved[k + 1]);
      add();
    }
    for (int b = 0; b + 1 < r; ++b) {
      std::copy(sets, sets + n, moved);
      std::swap_ranges(moved + b * c, moved + (b + 1) * c, moved + (b + 1) * c);
      add();
    }
    for (int s = 0; s + 1 < n; ++s) {
      if ((s + 1) % r == 0) continue;  // s and s+1 in different canonical sets
      const Mask pair = Mask{3} << s;
      for (int j = 0; j < n; ++j) {
        const Mask both = sets[j] & pair;
        moved[j] = (both == 0 || both == pair) ? sets[j] : sets[j] ^ pair;
      }
      add();
    }
  }
  Orbits orbits(members.size());
  for (std::size_t m = 0; m < members.size(); ++m)
    for (const std::uint32_t other : neighbours[m]) orbits.unite(static_cast<std::uint32_t>(m), index[other]);
  neighbours.clear();
  if (progress) progress(0.4);

  // 3. Orbit weights: the sum of f over every key in the orbit.
  std::vector<std::uint64_t> weight(members.size(), 0);
  for (std::size_t k = 0; k < keys; ++k) weight[orbits.find(index[sorted_of[k]])] += fillings.at_key(k);
  std::vector<std::uint32_t> roots;
  for (std::size_t m = 0; m < members.size(); ++m)
    if (orbits.find(static_cast<std::uint32_t>(m)) == m) roots.push_back(static_cast<std::uint32_t>(m));

  // 4. G once per orbit.
  std::vector<Wide> completions_of(roots.size());
  std::size_t done = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (std::size_t i = 0; i < roots.size(); ++i) {
    Mask sets[kMaxGridSize], avail[kMaxGridSize];
    fillings.key_sets(members[roots[i]], sets);
    for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~sets[j];
    completions_of[i] = completions(fillings, avail, c - 1);
#pragma omp atomic
    ++done;
    if (progress && omp_get_thread_num() == 0) progress(0.4 + 0.6 * static_cast<double>(done) / roots.size());
  }
  BigInt sum = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) sum += BigInt(weight[roots[i]]) * to_big(completions_of[i]);
  detail = std::to_string(keys) + " band-1 column-set keys in " + std::to_string(roots.size()) + " orbits";
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
// exact_methods() describes this reach in words (policy.cpp): keep the two
// in step.
static_assert(kMaxTwoBandRows == 5, "exact_methods() gives bands a reach of two bands of up to 5 rows");
bool two_bands_in_reach(const Shape& shape) { return shape.box_cols == 2 && shape.box_rows <= kMaxTwoBandRows; }

bool tables_in_reach(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols;
  return (c <= 3 || (r <= 2 && c <= 4)) && (r <= 2 || (r == 3 && shape.n() <= 9)) &&
         shape.n() <= CanonicalBands::kMaxSymbols;
}

bool in_reach(const Shape& shape) { return two_bands_in_reach(shape) || tables_in_reach(shape); }

Shape transposed(const Shape& shape) { return Shape{shape.box_cols, shape.box_rows}; }

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

bool bands_count_exactly(const Shape& shape) { return in_reach(shape) || in_reach(transposed(shape)); }

ExactResult count_grids_by_bands(const Shape& given, const ExactOptions& options, const ProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  // Transposing a grid maps the R x C grids one-to-one onto the C x R grids.
  const bool transpose = !in_reach(given) && in_reach(transposed(given));
  const Shape shape = transpose ? transposed(given) : given;
  // Every band between band 1 and the last two is enumerated in full, which
  // is only quick for a few bands of short rows.
  require_band_reach(given);
  const int r = shape.box_rows;
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
