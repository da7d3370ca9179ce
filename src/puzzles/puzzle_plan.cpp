// The plan of a puzzle-count run (puzzle_plan.hpp): weights, a grid's
// sets, merging and the rows of the estimate.
#include "puzzles/puzzle_plan.hpp"

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <cmath>

#include "puzzles/minimal_supersets.hpp"
#include "puzzles/proper_subsets.hpp"

namespace sudoku_count::detail {
namespace {

// Hits of a clue count past which its interval is the normal one alone.
constexpr std::uint64_t kNormalHits = 50;

}  // namespace

Plan::Plan(const PuzzleRunState& state)
    : layout_(state.layout),
      kind_(state.kind),
      method_(state.method),
      subset_size_(state.subset_size),
      per_grid_(state.subsets_per_grid),
      min_clues_(state.min_clues),
      max_clues_(state.max_clues),
      weighted_grids_(state.weighted_grids) {
  const int cells = layout_.cells();
  // The weight of one puzzle of c clues found in one set: 1 / Pr(it lies
  // in the set). Subsets: C(K-c, s-c) / C(K, s) is the chance that a given
  // c-set lies in a uniform s-set. Coin: 2^-K.
  weight_.assign(cells + 1, 0);
  for (int c = 0; c <= cells; ++c) {
    if (method_ == "coin") {
      weight_[c] = std::ldexp(1.0L, cells);
    } else if (method_ == "supersets") {
      if (c < subset_size_) continue;
      long double inverse = 1;  // C(K, s) / C(c, s) = prod_{i<s} (K-i) / (c-i): 1 / Pr(a uniform s-set lies in a c-set)
      for (int i = 0; i < subset_size_; ++i) inverse *= static_cast<long double>(cells - i) / (c - i);
      weight_[c] = inverse;
    } else if (c <= subset_size_) {
      long double inverse = 1;  // C(K, s) / C(K-c, s-c) = prod_{i<c} (K-i) / (s-i)
      for (int i = 0; i < c; ++i) inverse *= static_cast<long double>(cells - i) / (subset_size_ - i);
      weight_[c] = inverse;
    }
  }
}

GridTally Plan::empty_tally() const {
  GridTally tally;
  tally.found.assign(layout_.cells() + 1, 0);
  tally.found_squared.assign(layout_.cells() + 1, 0);
  return tally;
}

GridTally Plan::run_grid(const Grid& grid, Rng& rng, SetWork& work) const {
  UniquenessTest& test = work.test;
  detail::UnavoidableSets& pool = work.pool;
  const int cells = layout_.cells();
  GridTally tally = empty_tally();
  std::vector<std::uint64_t> proper(cells + 1), minimal(cells + 1);
  std::vector<int> set;
  test.reset(grid);
  // The grid's unavoidable sets, shared by its sets: seeded for the
  // supersets search, which grows them itself; otherwise grown by the
  // uniqueness test from the other completions it finds, and used to
  // answer most tests of sets that are not proper without a search.
  pool.clear();
  if (method_ == "supersets") pool.seed(test, grid);
  else test.filter_with(&pool);
  for (int j = 0; j < per_grid_; ++j) {
    std::fill(proper.begin(), proper.end(), 0);
    std::fill(minimal.begin(), minimal.end(), 0);
    set.clear();
    if (method_ == "coin") {
      for (int cell = 0; cell < cells; cell += 64) {
        std::uint64_t bits = rng();
        for (int b = 0; b < 64 && cell + b < cells; ++b, bits >>= 1)
          if (bits & 1) set.push_back(cell + b);
      }
    } else {
      // The candidate puzzle sample --clues draws (random_clues), in cell order.
      set = work.cells.draw(subset_size_, rng);
    }
    for (int cell : set) test.keep(cell);
    if (method_ == "supersets") detail::count_minimal_supersets(test, pool, set, max_clues_, minimal);
    else if (test.proper()) {
      if (method_ == "coin") proper[set.size()] = 1;
      else
        detail::count_proper_subsets(test, set, proper, kind_ == PuzzleKind::Minimal ? &minimal : nullptr,
                                     min_clues_);
    }
    for (int cell : set) test.drop(cell);  // the walk left the set kept
    const std::vector<std::uint64_t>& counted = kind_ == PuzzleKind::Minimal ? minimal : proper;
    long double total = 0;
    for (int c = min_clues_; c <= max_clues_; ++c) {
      if (!counted[c]) continue;
      tally.found[c] += counted[c];
      tally.found_squared[c] += static_cast<long double>(counted[c]) * counted[c];
      total += weight_[c] * counted[c];
    }
    tally.total += total;
    tally.total_squared += total * total;
  }
  return tally;
}

void Plan::merge(PuzzleTally& into, const GridTally& grid) const {
  const int slots = max_clues_ - min_clues_ + 2;
  // A grid's values times its weight (1 for uniform grids: the same sums).
  const long double a = grid.weight;
  if (weighted_grids_) {
    into.weight_sum += a;
    into.weight_sum_squared += a * a;
  }
  auto add = [&](int slot, long double set_sum, long double set_sum_squared, std::uint64_t hits) {
    const long double k = per_grid_;
    const long double v = a * (set_sum / k);
    into.sum[slot] += v;
    into.sum_squared[slot] += v * v;
    into.within[slot] += a * a * std::max(0.0L, set_sum_squared - set_sum * set_sum / k);
    into.largest[slot] = std::max(into.largest[slot], v);
    into.hits[slot] += hits;
  };
  std::uint64_t all_hits = 0;
  for (int c = min_clues_; c <= max_clues_; ++c) {
    const long double w = weight_[c];
    add(c - min_clues_, w * grid.found[c], w * w * grid.found_squared[c], grid.found[c]);
    all_hits += grid.found[c];
  }
  add(slots - 1, grid.total, grid.total_squared, all_hits);
}

PuzzleCountRow Plan::row(const PuzzleTally& tally, std::uint64_t grids, int slot, const BigInt& grid_count) const {
  PuzzleCountRow row;
  const bool is_total = slot == max_clues_ - min_clues_ + 1;
  row.clues = is_total ? -1 : min_clues_ + slot;
  if (grids == 0) return row;
  const long double g = static_cast<long double>(grids), k = per_grid_;
  const long double mean = tally.sum[slot] / g;
  const BigFloat n = BigFloat(grid_count);
  row.estimate = n * BigFloat(mean);
  row.hits = tally.hits[slot];
  long double variance_of_mean = 0;
  if (grids >= 2) {
    const long double spread = std::max(0.0L, (tally.sum_squared[slot] - g * mean * mean) / (g - 1));
    variance_of_mean = spread / g;
    if (per_grid_ >= 2 && mean > 0 && tally.hits[slot] >= kNormalHits) {
      const long double within = tally.within[slot] / (g * (k - 1));
      row.between_grid_cv = static_cast<double>(std::sqrt(std::max(0.0L, spread - within / k)) / mean);
    }
  }
  row.std_error = n * BigFloat(std::sqrt(variance_of_mean));
  if (tally.sum[slot] > 0) row.largest_grid_share = static_cast<double>(tally.largest[slot] / tally.sum[slot]);
  if (is_total && row.hits == 0) {
    row.interval = "none";  // its upper bound is the sum of the rows' (fill)
    return row;
  }
  const BigFloat half = row.std_error * BigFloat(1.959963984540054L);
  const BigFloat normal_low = row.estimate > half ? BigFloat(row.estimate - half) : BigFloat(0);
  const BigFloat normal_high = row.estimate + half;
  if (row.hits >= kNormalHits || (is_total && row.hits > 0)) {
    row.interval = "normal";
    row.low = normal_low;
    row.high = normal_high;
    return row;
  }
  // Every hit of one clue count weighs the same in the estimate:
  // N w_c / (grids k). An exact Poisson (Garwood) interval on the hits,
  // widened to the normal one where that is wider (hits of one grid come
  // together, so they are more spread than Poisson).
  // Weighted grids: the mean weight (the estimate of the number of grids)
  // in place of the number of grids, so the interval is approximate there.
  const BigFloat grids_per = weighted_grids_ ? BigFloat(tally.weight_sum / g) : n;
  const BigFloat per_hit = grids_per * BigFloat(weight_[row.clues] / (g * k));
  const double h = static_cast<double>(row.hits);
  const double upper = boost::math::quantile(boost::math::chi_squared(2 * h + 2), 0.975) / 2;
  row.high = per_hit * BigFloat(upper);
  if (row.hits == 0) {
    row.interval = "none";
    row.low = 0;
    return row;
  }
  row.interval = "poisson";
  const double lower = boost::math::quantile(boost::math::chi_squared(2 * h), 0.025) / 2;
  row.low = std::min(per_hit * BigFloat(lower), normal_low);
  row.high = std::max(row.high, normal_high);
  return row;
}

}  // namespace sudoku_count::detail
