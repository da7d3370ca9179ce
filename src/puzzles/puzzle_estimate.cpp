// Estimates of the numbers of proper and minimal puzzles by clue count: the
// subsets and coin methods (docs/method.md, section 17), run on all threads
// over exactly uniform grids, each grid a cluster of drawn sets.
#include <omp.h>

#include <algorithm>
#include <boost/math/distributions/chi_squared.hpp>
#include <chrono>
#include <cmath>
#include <utility>

#include "core/threads.hpp"
#include "puzzles/minimal_supersets.hpp"
#include "puzzles/proper_subsets.hpp"
#include "puzzles/puzzle_run.hpp"
#include "sample/random_cells.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/sample.hpp"

namespace sudoku_count {

using detail::UniquenessTest;

const char* puzzle_kind_name(PuzzleKind kind) { return kind == PuzzleKind::Minimal ? "minimal" : "proper"; }

PuzzleKind puzzle_kind(const std::string& name) {
  if (name == "minimal") return PuzzleKind::Minimal;
  if (name == "proper") return PuzzleKind::Proper;
  throw RequestError("kind", "{kind} must be minimal or proper, not '" + name + "'");
}

int max_subset_size(const Layout& layout) {
  return std::min(layout.cells(), std::max(16, layout.cells() * 2 / 5));
}

int default_superset_start(const Layout& layout, int min_clues) {
  const int s = static_cast<int>(std::lround(0.3 * layout.cells()));
  return std::max(1, min_clues < 0 ? s : std::min(min_clues, std::max(s, min_clues - 4)));
}

int default_subset_size(const Layout& layout, int max_clues) {
  const int s = static_cast<int>(std::lround(0.35 * layout.cells()));
  return std::min(max_subset_size(layout), std::max(s, max_clues));
}

namespace {

// Hits of a clue count past which its interval is the normal one alone.
constexpr std::uint64_t kNormalHits = 50;
constexpr std::uint64_t kMaxSubsetsPerGrid = 1'000'000;

// A grid's sets, summed: per clue count c, the puzzles found in its sets
// and their squares (one value per set), and the same for the weighted
// total over the reported clue counts.
struct GridTally {
  std::vector<std::uint64_t> found;
  std::vector<long double> found_squared;
  long double total = 0, total_squared = 0;
  std::uint64_t tests = 0;  // uniqueness tests made for the grid
};

// A thread's workspace, reused from grid to grid.
struct SetWork {
  explicit SetWork(const Layout& layout) : test(layout), pool(layout.cells()), cells(layout.cells()) {}
  UniquenessTest test;
  detail::UnavoidableSets pool;
  detail::RandomCells cells;
};

// "A-B" or "A" as a range of clue counts; {-1, -1} for "".
std::pair<int, int> clue_range(const std::string& text) {
  if (text.empty()) return {-1, -1};
  auto number = [&](const std::string& part) {
    if (part.empty() || part.size() > 4 || part.find_first_not_of("0123456789") != std::string::npos)
      throw RequestError("clues", "{clues} must be a clue count or a range of them, such as 24 or 20-32, not '" +
                                      text + "'");
    return std::stoi(part);
  };
  const auto dash = text.find('-');
  if (dash == std::string::npos) return {number(text), number(text)};
  const int low = number(text.substr(0, dash)), high = number(text.substr(dash + 1));
  if (low > high)
    throw RequestError("clues", "{clues} must give its low end first, such as 20-32, not '" + text + "'");
  return {low, high};
}

// The request's plan, checked: a state with no grid.
PuzzleRunState plan_of(const PuzzleEstimateRequest& request, const Layout& layout) {
  PuzzleRunState plan;
  plan.layout = layout;
  plan.kind = request.kind.value_or(PuzzleKind::Minimal);
  const int cells = layout.cells();
  const std::string asked_method = request.method.value_or("auto");
  plan.method = asked_method;
  if (plan.method == "auto") plan.method = plan.kind == PuzzleKind::Minimal ? "subsets" : "coin";
  if (plan.method != "subsets" && plan.method != "supersets" && plan.method != "coin")
    throw RequestError("method", "{method} must be auto, subsets, supersets or coin, not '" + asked_method + "'");
  if (plan.method == "coin" && plan.kind == PuzzleKind::Minimal)
    throw RequestError("method", "{method} coin counts proper puzzles only (a set kept by coin flips is almost "
                                 "never minimal): count minimal puzzles with {method} subsets or auto");
  if (plan.method == "supersets" && plan.kind == PuzzleKind::Proper)
    throw RequestError("method", "{method} supersets counts minimal puzzles only (the proper supersets of a set "
                                 "are all its supersets once it is proper): count proper puzzles with {method} "
                                 "coin or subsets");
  plan.subsets_per_grid = request.subsets_per_grid.value_or(kDefaultSubsetsPerGrid);
  if (plan.subsets_per_grid < 1 || static_cast<std::uint64_t>(plan.subsets_per_grid) > kMaxSubsetsPerGrid)
    throw RequestError("subsets_per_grid", "{subsets_per_grid} must be between 1 and 1000000, not " +
                                               std::to_string(plan.subsets_per_grid));
  int reach = cells;
  const std::pair<int, int> asked = clue_range(request.clues.value_or(""));
  if (plan.method == "subsets") {
    const int most = max_subset_size(layout);
    const int size = request.subset_size.value_or(0);
    if (size < 0 || size > most || (request.subset_size && size == 0))
      throw RequestError("subset_size", "{subset_size} must be between 1 and " + std::to_string(most) +
                                            " for layout " + layout.name() + " (the subsets of a larger set are "
                                            "too many to list), not " + std::to_string(size));
    plan.subset_size = size ? size : default_subset_size(layout, asked.second);
    reach = plan.subset_size;
  } else if (plan.method == "supersets") {
    const int size = request.subset_size.value_or(0);
    if (size < 0 || size > cells || (request.subset_size && size == 0))
      throw RequestError("subset_size", "{subset_size} must be between 1 and " + std::to_string(cells) +
                                            " for layout " + layout.name() + ", not " + std::to_string(size));
    plan.subset_size = size ? size : default_superset_start(layout, asked.first);
    const int low = asked.first < 0 ? plan.subset_size : asked.first;
    if (low < plan.subset_size)
      throw RequestError("clues", "the supersets method with {subset_size} " + std::to_string(plan.subset_size) +
                                      " counts puzzles of at least " + std::to_string(plan.subset_size) +
                                      " clues, not " + std::to_string(low) + ": lower {subset_size} or raise {clues}");
    plan.min_clues = low;
    plan.max_clues = asked.second < 0 ? std::min(cells, 2 * plan.subset_size) : asked.second;
    if (plan.max_clues > cells)
      throw RequestError("clues", "layout " + layout.name() + " has " + std::to_string(cells) +
                                      " cells, so no puzzle has " + std::to_string(plan.max_clues) + " clues");
    return plan;
  } else if (request.subset_size) {
    throw RequestError("subset_size", "{subset_size} is for the subsets method; the coin method keeps each cell "
                                      "with probability 1/2");
  }
  plan.min_clues = asked.first < 0 ? 0 : asked.first;
  plan.max_clues = asked.second < 0 ? reach : asked.second;
  if (plan.max_clues > reach)
    throw RequestError("clues",
                       plan.method == "subsets"
                           ? "the subsets method with {subset_size} " + std::to_string(plan.subset_size) +
                                 " counts puzzles of at most " + std::to_string(plan.subset_size) + " clues, not " +
                                 std::to_string(plan.max_clues) + ": raise {subset_size} or lower {clues}"
                           : "layout " + layout.name() + " has " + std::to_string(cells) + " cells, so no puzzle has " +
                                 std::to_string(plan.max_clues) + " clues");
  return plan;
}

class Plan {
 public:
  explicit Plan(const PuzzleRunState& state)
      : layout_(state.layout),
        kind_(state.kind),
        method_(state.method),
        subset_size_(state.subset_size),
        per_grid_(state.subsets_per_grid),
        min_clues_(state.min_clues),
        max_clues_(state.max_clues) {
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

  // The sets of a grid, from its own stream after the grid, in the thread's
  // workspace.
  GridTally run_grid(const Grid& grid, Rng& rng, SetWork& work) const {
    UniquenessTest& test = work.test;
    detail::UnavoidableSets& pool = work.pool;
    const int cells = layout_.cells();
    GridTally tally;
    tally.found.assign(cells + 1, 0);
    tally.found_squared.assign(cells + 1, 0);
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
        else detail::count_proper_subsets(test, set, proper, kind_ == PuzzleKind::Minimal ? &minimal : nullptr);
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

  void merge(PuzzleTally& into, const GridTally& grid) const {
    const int slots = max_clues_ - min_clues_ + 2;
    auto add = [&](int slot, long double set_sum, long double set_sum_squared, std::uint64_t hits) {
      const long double k = per_grid_;
      const long double v = set_sum / k;
      into.sum[slot] += v;
      into.sum_squared[slot] += v * v;
      into.within[slot] += std::max(0.0L, set_sum_squared - set_sum * set_sum / k);
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

  PuzzleCountRow row(const PuzzleTally& tally, std::uint64_t grids, int slot, const BigInt& grid_count) const {
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
    const BigFloat per_hit = n * BigFloat(weight_[row.clues] / (g * k));
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

 private:
  Layout layout_;
  PuzzleKind kind_;
  std::string method_;
  int subset_size_ = 0, per_grid_ = 1, min_clues_ = 0, max_clues_ = 0;
  std::vector<long double> weight_;
};

}  // namespace

std::uint64_t PuzzleRunState::grids() const {
  std::uint64_t total = 0;
  for (const BlockRange& range : ranges) total += range.blocks();
  return total;
}

PuzzleEstimate puzzle_estimate_of(const PuzzleRunState& state, const BigInt& grid_count) {
  PuzzleEstimate out;
  out.layout = state.layout;
  out.kind = state.kind;
  out.method = state.method;
  out.subset_size = state.subset_size;
  out.subsets_per_grid = state.subsets_per_grid;
  out.grids = state.grids();
  out.sets = out.grids * static_cast<std::uint64_t>(state.subsets_per_grid);
  out.uniqueness_tests = state.tally.tests;
  if (grid_count > 0) {
    out.grid_count = grid_count;
  } else {
    ExactRequest count;
    count.layout = state.layout;
    out.grid_count = count_exact(count).count;
  }
  out.grid_method = sample_method(state.layout);
  out.seed = state.ranges.empty() ? 0 : state.ranges.front().seed;
  out.ranges = state.ranges;
  out.seconds = state.seconds;
  const Plan plan(state);
  const int slots = state.slots() - 1;
  for (int slot = 0; slot < slots; ++slot) out.rows.push_back(plan.row(state.tally, out.grids, slot, out.grid_count));
  out.total = plan.row(state.tally, out.grids, slots, out.grid_count);
  if (out.total.hits == 0)
    for (const PuzzleCountRow& row : out.rows) out.total.high += row.high;
  return out;
}

namespace detail {

PuzzleRunState plan_puzzle_run(const PuzzleEstimateRequest& request, const Layout& layout) {
  PuzzleRunState state = plan_of(request, layout);
  if (!samples_exactly_uniform(layout))
    throw RequestError("layout", "puzzle counts need exactly uniform grids, and those of layout " + layout.name() +
                                     " are drawn only approximately (up to 6x6 any layout, 9x9 and the two-band "
                                     "shapes up to 10x10 are exact)");
  const int slots = state.slots();
  state.tally.sum.assign(slots, 0);
  state.tally.sum_squared.assign(slots, 0);
  state.tally.within.assign(slots, 0);
  state.tally.largest.assign(slots, 0);
  state.tally.hits.assign(slots, 0);
  state.ranges = {BlockRange{request.seed.value_or(kDefaultPuzzleSeed), 0, 0}};
  return state;
}

std::string draw_puzzle_grids(PuzzleRunState& state, const UniformGrids& source, const PuzzleDraw& draw) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return draw.elapsed_before + std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  const Plan plan(state);
  BlockRange& range = state.ranges.at(0);
  const double seconds_before = state.seconds;
  // Rounds of grids, each grid from its own stream, merged in grid order.
  const std::uint64_t round = 16 * static_cast<std::uint64_t>(draw.threads);
  // Why the run should stop now, or "".
  auto stop_reason = [&]() -> std::string {
    if (draw.seconds > 0 && elapsed() >= draw.seconds) return "time";
    if (draw.interrupt && draw.interrupt->load()) return "interrupt";
    return "";
  };
  std::vector<GridTally> grids;
  double last_report = elapsed();
  for (;;) {
    if (draw.grids && range.end - range.first >= draw.grids) return "grids";
    std::uint64_t size = round;
    if (draw.grids) size = std::min(size, draw.grids - (range.end - range.first));
    grids.assign(size, GridTally{});
    // A grid not started when the time is up or the run interrupted is
    // skipped; the grids from the first skipped one on are dropped, so the
    // run holds grids [first, end) of its seed and a resume draws them again.
    std::vector<char> skipped(size, 0);
    const std::uint64_t first = range.end;
#pragma omp parallel num_threads(draw.threads)
    {
      UniformGrids::Drawer drawer = source.drawer();
      SetWork work(state.layout);
#pragma omp for schedule(dynamic, 1)
      for (long long i = 0; i < static_cast<long long>(size); ++i) {
        if (!stop_reason().empty()) {
          skipped[i] = 1;
          continue;
        }
        const std::uint64_t tests_before = work.test.tests();
        Rng rng = block_stream(range.seed, first + static_cast<std::uint64_t>(i));
        const Grid grid = drawer.draw(rng);
        grids[i] = plan.run_grid(grid, rng, work);
        grids[i].tests = work.test.tests() - tests_before;
      }
    }
    std::uint64_t kept = 0;
    for (; kept < size && !skipped[kept]; ++kept) {
      plan.merge(state.tally, grids[kept]);
      state.tally.tests += grids[kept].tests;
    }
    range.end += kept;
    state.seconds = seconds_before + elapsed() - draw.elapsed_before;
    if (draw.round_done) draw.round_done(state);
    if (draw.grids && range.end - range.first >= draw.grids) return "grids";
    if (std::string reason = stop_reason(); !reason.empty()) return reason;
    if (draw.progress && elapsed() - last_report >= 1) {
      last_report = elapsed();
      draw.progress(state);
    }
  }
}

}  // namespace detail

}  // namespace sudoku_count
