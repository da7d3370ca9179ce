#include <gtest/gtest.h>

#include "solve/generate.hpp"
#include "sudoku_count/solve.hpp"

using sudoku_count::block_stream;
using sudoku_count::given_count;
using sudoku_count::Grid;
using sudoku_count::Rng;
using sudoku_count::Shape;
using sudoku_count::SolveStatus;

TEST(Generate, RandomGridsAreCompleteValidAndReproducible) {
  for (const Shape& shape : {Shape{1, 1}, Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{3, 3}}) {
    Rng rng = block_stream(7, 0);
    const Grid grid = sudoku_count::detail::random_grid(shape, rng);
    EXPECT_EQ(given_count(grid), shape.cells()) << shape.name();
    EXPECT_NO_THROW(sudoku_count::validate_grid(grid)) << shape.name();
    Rng again = block_stream(7, 0);
    EXPECT_EQ(sudoku_count::detail::random_grid(shape, again).cells, grid.cells) << shape.name();
  }
  Rng first = block_stream(7, 1), second = block_stream(7, 2);
  EXPECT_NE(sudoku_count::detail::random_grid(Shape{3, 3}, first).cells, sudoku_count::detail::random_grid(Shape{3, 3}, second).cells);
}

TEST(Generate, MinimalPuzzlesAreUniqueAndMinimal) {
  for (const Shape& shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}}) {
    Rng rng = block_stream(3, 0);
    const Grid grid = sudoku_count::detail::random_grid(shape, rng);
    const Grid puzzle = sudoku_count::detail::minimal_puzzle(grid, rng);
    const sudoku_count::SolveResult result = sudoku_count::solve(puzzle);
    ASSERT_EQ(result.status, SolveStatus::Unique) << shape.name();
    EXPECT_EQ(result.solutions[0].cells, grid.cells) << shape.name();
    // Removing any one given leaves more than one completion.
    for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell) {
      if (puzzle.cells[cell] == 0) continue;
      Grid fewer = puzzle;
      fewer.cells[cell] = 0;
      EXPECT_EQ(sudoku_count::solve(fewer).status, SolveStatus::Multiple) << shape.name() << " cell " << cell;
    }
  }
}
