#pragma once
// Known answers for the tests, read from the files in tests/data, which the
// scripts read too: each count and puzzle is written down once.
//  - data/grid_counts.txt: BOX:COUNT, the number of completed grids of a box shape;
//  - data/puzzles.txt: NAME PUZZLE:COUNT[:SOLUTION] (tdoku's puzzle:count lines, named).
// A missing file, a malformed line or an unknown name throws
// std::runtime_error naming the file and line, which fails the test.
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::known {

struct KnownPuzzle {
  std::string name;
  Shape shape;           // square boxes, from the number of cells
  std::string puzzle;    // as written in the file
  BigInt count;          // its number of completions
  std::string solution;  // the only completion, or empty
};

// Every puzzle of data/puzzles.txt, in file order.
const std::vector<KnownPuzzle>& puzzles();
const KnownPuzzle& puzzle(const std::string& name);
// The puzzle named `name`, and its solution, as grids.
Grid puzzle_grid(const std::string& name);
Grid solution_grid(const std::string& name);

// The number of completed grids of `shape`, from data/grid_counts.txt.
BigInt grid_count(const Shape& shape);
// The number of completed grids of the layout named `name` (Layout::name()),
// from data/layout_counts.txt.
BigInt layout_count(const std::string& name);

}  // namespace sudoku_count::known
