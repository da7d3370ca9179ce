#pragma once
// Random completed grids and puzzles, for benchmarks and tests. Neither is
// drawn uniformly: they are varied, reproducible from the stream given, and
// valid.
#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

// A completed grid: a random first row and N more givens at random among
// each cell's candidates, then the first completion in dancing-links search
// order (drawing again when the givens leave none). Quick up to 9x9 and
// 16x16; larger shapes may search long.
Grid random_grid(const Shape& shape, Rng& rng);

// A minimal puzzle whose only completion is `grid` (a completed grid):
// the cells are visited in random order and each given is removed when the
// puzzle stays unique without it (solve(), stopped at two completions).
Grid minimal_puzzle(const Grid& grid, Rng& rng);

}  // namespace sudoku_count::detail
