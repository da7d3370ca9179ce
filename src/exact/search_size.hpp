#pragma once
#include <limits>

#include "sudoku_count/grid.hpp"

namespace sudoku_count::detail {

// Quick unbiased estimates, from random paths down the cell-by-cell search
// tree (most constrained cell first, a fixed seed), of a puzzle's number of
// completions and of the size of its search tree (Knuth, "Estimating the
// efficiency of backtrack programs", Math. Comp. 29 (1975) 121-136): along a
// path, the product of the branching so far estimates the nodes at that
// depth; their sum over the path estimates the whole tree, and the product at
// a completed grid its completions. Counting by enumeration visits about as
// many nodes, so a tree far beyond reach can be refused up front even when
// every path dies before completing a grid (as on large, sparse grids, where
// the completions estimate is then 0). Heavy-tailed: both tend to
// underestimate, never to exaggerate much, which is the safe side here.
struct SearchEstimate {
  double completions = 0;
  double nodes = 0;  // +inf when a path's product overflows a double
};
// Stops early once the nodes estimate is sure to exceed `stop_above` (path
// sums are never negative, so their total so far over all `probes` bounds it
// from below) and returns those partial averages.
SearchEstimate estimate_search(const Grid& puzzle, int probes = 2000,
                               double stop_above = std::numeric_limits<double>::infinity());

}  // namespace sudoku_count::detail
