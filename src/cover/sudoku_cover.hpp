#pragma once
// Sudoku as exact cover, one option per (cell, symbol) covering four columns:
// the cell, symbol-in-row, symbol-in-column and symbol-in-box (4*N*N columns,
// N^3 options). Option (row*N + col)*N + value-1 places value at (row, col).
#include "cover/exact_cover.hpp"
#include "sudoku_count/grid.hpp"

namespace sudoku_count::detail {

// The exact cover of the empty grid of a shape.
ExactCover empty_grid_cover(const Shape& shape);

// Selects the givens of a validated puzzle in the cover of its empty grid.
void select_givens(ExactCover& cover, const Grid& puzzle);

// The cover of a puzzle, its givens selected. Throws InputError for an
// invalid grid (see validate_grid).
ExactCover sudoku_exact_cover(const Grid& puzzle);

}  // namespace sudoku_count::detail
