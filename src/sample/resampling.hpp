#pragma once
// Approximately uniform grids by sampling-importance-resampling (Rubin,
// "Using the SIR algorithm to simulate posterior distributions", 1988).
//
// Proposal: the grid is built row by row by the row step of the row-by-row
// estimator (estimate/rows_steps.hpp, relabelling off), each row a perfect
// matching of the row's cells to the symbols in none of their houses
// (column, box, region, diagonal, group or window): drawn uniformly up to
// MatchingCounter::kMaxSymbols symbols, where the matchings are counted,
// and by one sequential draw beyond. A row with no matching ends the
// proposal (weight 0). A full grid Y is proposed with probability q(Y), the
// product over rows of each row's probability, so its weight w = 1/q is an
// unbiased estimate of the number of grids (the row-by-row estimator with
// one particle). Resampling K of M proposals in proportion to w gives draws
// whose distribution tends to the uniform one as M grows with K fixed; the
// effective sample size (sum w)^2 / sum w^2 of the proposals measures how
// far from it they are.
#include <cstdint>
#include <vector>

#include "estimate/rows_steps.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// The proposal above, its row step built once and shared read-only; each
// thread proposes with a Scratch of its own. Also the weighted grids of
// WeightedGrids (sample.hpp).
class GridProposals {
 public:
  explicit GridProposals(const Layout& layout);
  // One proposal: the grid and the log of its weight 1/q; false (weight 0,
  // `grid` partly filled) when a row has no matching.
  bool propose(Rng& rng, RowsSteps::Scratch& scratch, Grid& grid, long double& log_weight) const;

 private:
  RowsSteps steps_;
};

struct ResampledGrids {
  std::vector<Grid> grids;
  std::uint64_t proposals = 0;
  std::uint64_t live = 0;
  double effective_sample_size = 0;
};

// Proposal i drawn from block_stream(seed, i); the resampling from
// block_stream(seed, proposals), after all of them.
ResampledGrids resample_grids(const Layout& layout, std::uint64_t count, std::uint64_t proposals_per_grid,
                              std::uint64_t seed, int threads);

}  // namespace sudoku_count::detail
