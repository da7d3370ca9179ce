#include "sample/resampling.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "estimate/rows_steps.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::detail {
namespace {

RowsTuning proposal_tuning() {
  RowsTuning tuning;
  // Every row counted exactly and drawn uniformly as far as the counter's
  // table reaches; beyond, one sequential draw, its 1/q the weight.
  tuning.exact_matching_max_symbols = MatchingCounter::kMaxSymbols;
  tuning.matching_draws = 1;
  tuning.pick_single_draw = false;
  // Every row is drawn (no closing count, nothing fixed): the proposal must
  // reach every grid.
  tuning.exact_closing_rows = 1;
  tuning.prune = false;
  tuning.relabel = false;
  return tuning;
}

}  // namespace

GridProposals::GridProposals(const Layout& layout) : steps_(layout, proposal_tuning()) {}

bool GridProposals::propose(Rng& rng, RowsSteps::Scratch& scratch, Grid& grid, long double& log_weight) const {
  const int n = steps_.n();
  grid = empty_grid(steps_.layout());
  std::vector<Mask> state(steps_.state_size());
  steps_.start(state.data());
  int symbol_of[kMaxGridSize];
  log_weight = 0;
  for (int row = 0; row < n; ++row) {
    const long double row_weight = steps_.fill_row(state.data(), row, rng, scratch, symbol_of);
    if (row_weight == kLogZero) return false;
    log_weight += row_weight;
    for (int j = 0; j < n; ++j) grid.at(row, j) = symbol_of[j] + 1;
  }
  return true;
}

ResampledGrids resample_grids(const Layout& layout, std::uint64_t count, std::uint64_t proposals_per_grid,
                              std::uint64_t seed, int threads) {
  ResampledGrids result;
  result.proposals = count * proposals_per_grid;
  const auto proposals = static_cast<long long>(result.proposals);
  constexpr long double kDead = -std::numeric_limits<long double>::infinity();
  std::vector<long double> log_weight(result.proposals, kDead);
  const GridProposals proposals_of(layout);
#pragma omp parallel num_threads(threads)
  {
    RowsSteps::Scratch scratch;
#pragma omp for schedule(dynamic, 1)
    for (long long i = 0; i < proposals; ++i) {
      Rng rng = block_stream(seed, static_cast<std::uint64_t>(i));
      Grid grid;
      long double w = 0;
      if (proposals_of.propose(rng, scratch, grid, w)) log_weight[i] = w;
    }
  }
  // Weights relative to the largest, summed in a fixed order.
  const long double top = *std::max_element(log_weight.begin(), log_weight.end());
  result.live = static_cast<std::uint64_t>(std::count_if(log_weight.begin(), log_weight.end(),
                                                         [&](long double w) { return w != kDead; }));
  if (result.live == 0) return result;
  std::vector<long double> cumulative(result.proposals);
  long double sum = 0, sum_squares = 0;
  for (std::size_t i = 0; i < log_weight.size(); ++i) {
    const long double w = log_weight[i] == kDead ? 0 : std::exp(log_weight[i] - top);
    sum += w;
    sum_squares += w * w;
    cumulative[i] = sum;
  }
  result.effective_sample_size = static_cast<double>(sum * sum / sum_squares);
  // Multinomial resampling, then each chosen proposal replayed from its own
  // stream (the proposals are not kept: M grids may not fit in memory).
  Rng rng = block_stream(seed, result.proposals);
  std::vector<std::uint64_t> chosen(count);
  for (std::uint64_t k = 0; k < count; ++k) {
    const long double u = std::ldexp(static_cast<long double>(rng() >> 11), -53) * sum;
    const auto it = std::upper_bound(cumulative.begin(), cumulative.end(), u);
    chosen[k] = std::min<std::uint64_t>(static_cast<std::uint64_t>(it - cumulative.begin()), result.proposals - 1);
  }
  result.grids.resize(count);
  const auto grids = static_cast<long long>(count);
#pragma omp parallel num_threads(threads)
  {
    RowsSteps::Scratch scratch;
#pragma omp for schedule(dynamic, 1)
    for (long long k = 0; k < grids; ++k) {
      Rng replay = block_stream(seed, chosen[k]);
      long double w = 0;
      proposals_of.propose(replay, scratch, result.grids[k], w);
    }
  }
  return result;
}

}  // namespace sudoku_count::detail
