#pragma once
// A layout as exact cover, one option per (cell, symbol) covering the cell
// and symbol-in-house for each house of the cell: rows, columns, boxes and
// any further regions are all items of the same cover (as Knuth's dlx
// programs grow by adding items, not solvers). N*N cell columns, then N per
// house; N^3 options. Option (row*N + col)*N + value-1 places value at
// (row, col).
#include "cover/exact_cover.hpp"
#include "sudoku_count/grid.hpp"

namespace sudoku_count::detail {

// The exact cover of the empty grid of a layout.
ExactCover empty_grid_cover(const Layout& layout);

// Selects the givens of a validated puzzle in the cover of its empty grid.
void select_givens(ExactCover& cover, const Grid& puzzle);

// The cover of a puzzle, its givens selected. Throws InputError for an
// invalid grid (see validate_grid).
ExactCover sudoku_exact_cover(const Grid& puzzle);

}  // namespace sudoku_count::detail
