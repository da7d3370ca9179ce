// Estimates of the numbers of proper and minimal puzzles by clue count
// (docs/method.md, section 17): the plan of a run checked from its request,
// and the estimate its tallies give.
#include <algorithm>
#include <cmath>
#include <utility>

#include "puzzles/puzzle_plan.hpp"
#include "puzzles/puzzle_run.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/sample.hpp"

namespace sudoku_count {

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

constexpr std::uint64_t kMaxSubsetsPerGrid = 1'000'000;

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
  // The multiplier of the grids' mean value: the number of grids for
  // uniform grids; 1 for weighted ones, whose weights carry it.
  BigInt multiplier = 1;
  if (state.weighted_grids) {
    out.weighted_grids = true;
    out.grid_method = kWeightedGridMethod;
    const long double g = static_cast<long double>(out.grids);
    const PuzzleTally& t = state.tally;
    if (out.grids > 0) out.grid_estimate = BigFloat(t.weight_sum / g);
    if (t.weight_sum_squared > 0)
      out.weight_effective_grids = static_cast<double>(t.weight_sum * t.weight_sum / t.weight_sum_squared);
  } else {
    if (grid_count > 0) {
      out.grid_count = grid_count;
    } else {
      ExactRequest count;
      count.layout = state.layout;
      out.grid_count = count_exact(count).count;
    }
    out.grid_method = sample_method(state.layout);
    multiplier = out.grid_count;
  }
  out.seed = state.ranges.empty() ? 0 : state.ranges.front().seed;
  out.ranges = state.ranges;
  out.seconds = state.seconds;
  const detail::Plan plan(state);
  const int slots = state.slots() - 1;
  for (int slot = 0; slot < slots; ++slot) out.rows.push_back(plan.row(state.tally, out.grids, slot, multiplier));
  out.total = plan.row(state.tally, out.grids, slots, multiplier);
  if (out.total.hits == 0)
    for (const PuzzleCountRow& row : out.rows) out.total.high += row.high;
  return out;
}

namespace detail {

PuzzleRunState plan_puzzle_run(const PuzzleEstimateRequest& request, const Layout& layout) {
  PuzzleRunState state = plan_of(request, layout);
  if (!samples_exactly_uniform(layout) || request.weighted_grids.value_or(false)) {
    if (layout.n() > kMaxWeightedPuzzleN)
      throw RequestError("layout", "puzzle counts reach grids of up to " + std::to_string(kMaxWeightedPuzzleN) + "x" +
                                       std::to_string(kMaxWeightedPuzzleN) + ", not layout " + layout.name() +
                                       " (beyond 16x16 a grid's importance weight leaves the range of the tallies)");
    state.weighted_grids = true;
  }
  const int slots = state.slots();
  state.tally.sum.assign(slots, 0);
  state.tally.sum_squared.assign(slots, 0);
  state.tally.within.assign(slots, 0);
  state.tally.largest.assign(slots, 0);
  state.tally.hits.assign(slots, 0);
  state.ranges = {BlockRange{request.seed.value_or(kDefaultPuzzleSeed), 0, 0}};
  return state;
}

}  // namespace detail

}  // namespace sudoku_count
