#pragma once
// The first rules a person solves by, applied until they give nothing more:
//  - a naked single: a cell with one candidate left takes it;
//  - a hidden single: a symbol with one place left in a house (a row, a
//    column, a box, or any other region of the layout) goes there.
// Each deduction holds in every completion, so the puzzle they leave has the
// same completions as the one given; a cell with no candidate, or a symbol
// with no place in a unit, shows there is none.
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count::detail {

struct SinglesResult {
  Grid grid;                          // the puzzle with every deduction placed
  std::vector<Deduction> deductions;  // in the order made
  std::string contradiction;          // empty, or why the puzzle has no completion
  int blanks = 0;                     // cells of `grid` still blank
};

// Naked singles first, a whole pass over the cells in row-major order at a
// time; when none is left, the first hidden single (in the order of
// Layout::houses(): rows, columns, boxes, other regions), then naked singles again. Stops at a contradiction. Throws
// InputError for an invalid grid (see validate_grid).
SinglesResult apply_singles(const Grid& puzzle);

// The candidates of every cell (row-major; bit v-1 for symbol v): the symbols
// not yet in any of its houses; 0 for a filled cell.
std::vector<Mask> candidate_masks(const Grid& grid);

}  // namespace sudoku_count::detail
