#include "sample/resampling.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "bands/row_matchings.hpp"
#include "core/bits.hpp"

namespace sudoku_count::detail {

bool propose_grid(const Layout& layout, Rng& rng, Grid& grid, long double& log_weight) {
  const int n = layout.n();
  const auto& houses_of = layout.houses_of_cells();
  grid = empty_grid(layout);
  // Symbols placed in each house; a row is a perfect matching of its cells
  // to the symbols in none of their houses (the row being a house itself,
  // any other house meets it in distinct symbols).
  std::vector<Mask> used(layout.houses().size(), 0), allowed(n);
  std::vector<int> symbol_of(n);
  MatchingCounter counter;
  log_weight = 0;
  for (int row = 0; row < n; ++row) {
    for (int j = 0; j < n; ++j) {
      Mask taken = 0;
      for (int house : houses_of[row * n + j]) taken |= used[house];
      allowed[j] = low_bits(n) & ~taken;
    }
    if (n <= MatchingCounter::kMaxSymbols) {
      const double matchings = counter.count(allowed.data(), n);
      if (matchings == 0) return false;
      counter.sample(rng, symbol_of.data());
      log_weight += std::log(static_cast<long double>(matchings));
    } else {
      // Beyond the counter's table: one matching drawn sequentially, its
      // weight 1/q an unbiased estimate of the number of matchings.
      const double inverse_probability = sequential_matching(allowed.data(), n, rng, symbol_of.data());
      if (inverse_probability == 0) return false;
      log_weight += std::log(static_cast<long double>(inverse_probability));
    }
    for (int j = 0; j < n; ++j) {
      const Mask bit = Mask{1} << symbol_of[j];
      for (int house : houses_of[row * n + j]) used[house] |= bit;
      grid.at(row, j) = symbol_of[j] + 1;
    }
  }
  return true;
}

ResampledGrids resample_grids(const Layout& shape, std::uint64_t count, std::uint64_t proposals_per_grid,
                              std::uint64_t seed, int threads) {
  ResampledGrids result;
  result.proposals = count * proposals_per_grid;
  const auto proposals = static_cast<long long>(result.proposals);
  constexpr long double kDead = -std::numeric_limits<long double>::infinity();
  std::vector<long double> log_weight(result.proposals, kDead);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (long long i = 0; i < proposals; ++i) {
    Rng rng = block_stream(seed, static_cast<std::uint64_t>(i));
    Grid grid;
    long double w = 0;
    if (propose_grid(shape, rng, grid, w)) log_weight[i] = w;
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
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (long long k = 0; k < grids; ++k) {
    Rng replay = block_stream(seed, chosen[k]);
    long double w = 0;
    propose_grid(shape, replay, result.grids[k], w);
  }
  return result;
}

}  // namespace sudoku_count::detail
