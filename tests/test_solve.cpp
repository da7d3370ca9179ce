#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/solve.hpp"

using sudoku_count::BatchResult;
using sudoku_count::empty_grid;
using sudoku_count::given_count;
using sudoku_count::Grid;
using sudoku_count::InputError;
using sudoku_count::parse_puzzle;
using sudoku_count::Shape;
using sudoku_count::solve;
using sudoku_count::solve_all;
using sudoku_count::SolveOptions;
using sudoku_count::SolveResult;
using sudoku_count::SolveStatus;

namespace known = sudoku_count::known;

namespace {

const Shape kNine{3, 3};
// Whether `grid` is complete, valid and keeps every given of `puzzle`.
bool completes(const Grid& grid, const Grid& puzzle) {
  if (given_count(grid) != grid.layout.cells()) return false;
  try {
    sudoku_count::validate_grid(grid);
  } catch (const InputError&) {
    return false;
  }
  for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell)
    if (puzzle.cells[cell] != 0 && grid.cells[cell] != puzzle.cells[cell]) return false;
  return true;
}

SolveOptions explaining() {
  SolveOptions options;
  options.explain = true;
  return options;
}

// A valid grid of R x C boxes by the pattern value(r, c) = (C (r mod R) +
// floor(r / R) + c) mod N + 1: each row shifts the one above by C, and each
// band by one more.
Grid pattern_grid(const Shape& shape) {
  Grid grid = empty_grid(shape);
  const int n = shape.n();
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col)
      grid.at(row, col) = (shape.box_cols * (row % shape.box_rows) + row / shape.box_rows + col) % n + 1;
  return grid;
}

}  // namespace

TEST(Solve, StatusNames) {
  EXPECT_STREQ(sudoku_count::status_name(SolveStatus::None), "none");
  EXPECT_STREQ(sudoku_count::status_name(SolveStatus::Unique), "unique");
  EXPECT_STREQ(sudoku_count::status_name(SolveStatus::Multiple), "multiple");
}

// Every puzzle of tests/data/puzzles.txt: none, unique (its solution where
// the file gives one) or multiple, as its count of completions says.
TEST(Solve, EveryKnownPuzzleAsItsCountSays) {
  ASSERT_FALSE(known::puzzles().empty());
  for (const known::KnownPuzzle& p : known::puzzles()) {
    const Grid puzzle = parse_puzzle(p.puzzle, p.shape);
    const SolveResult result = solve(puzzle);
    const SolveStatus expected = p.count == 0 ? SolveStatus::None : p.count == 1 ? SolveStatus::Unique
                                                                                 : SolveStatus::Multiple;
    EXPECT_EQ(result.status, expected) << p.name;
    for (const Grid& grid : result.solutions) EXPECT_TRUE(completes(grid, puzzle)) << p.name;
    if (!p.solution.empty()) {
      ASSERT_EQ(result.solutions.size(), 1u) << p.name;
      EXPECT_EQ(result.solutions[0].cells, parse_puzzle(p.solution, p.shape).cells) << p.name;
    }
  }
}

TEST(Solve, LeetCodePuzzleIsUnique) {
  const SolveResult result = solve(known::puzzle_grid("leetcode-37"));
  EXPECT_EQ(result.status, SolveStatus::Unique);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(result.solutions[0].cells, known::solution_grid("leetcode-37").cells);
  EXPECT_EQ(result.search_cells, 51);
  EXPECT_GE(result.seconds, 0.0);
}

TEST(Solve, InkalaPuzzleIsUnique) {
  const SolveResult result = solve(known::puzzle_grid("inkala-2012"));
  EXPECT_EQ(result.status, SolveStatus::Unique);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(result.solutions[0].cells, known::solution_grid("inkala-2012").cells);
}

TEST(Solve, PuzzleWith8008CompletionsIsMultiple) {
  const Grid puzzle = known::puzzle_grid("completions-8008");
  for (const SolveOptions& options : {SolveOptions{}, explaining()}) {
    const SolveResult result = solve(puzzle, options);
    EXPECT_EQ(result.status, SolveStatus::Multiple);
    ASSERT_EQ(result.solutions.size(), 2u);
    EXPECT_NE(result.solutions[0].cells, result.solutions[1].cells);
    for (const Grid& grid : result.solutions) EXPECT_TRUE(completes(grid, puzzle));
  }
}

TEST(Solve, NoCompletionIsNone) {
  const Grid puzzle = known::puzzle_grid("no-completion");
  const SolveResult searched = solve(puzzle);
  EXPECT_EQ(searched.status, SolveStatus::None);
  EXPECT_TRUE(searched.solutions.empty());
  EXPECT_TRUE(searched.contradiction.empty());
  // With singles the contradiction shows before any search.
  const SolveResult explained = solve(puzzle, explaining());
  EXPECT_EQ(explained.status, SolveStatus::None);
  EXPECT_TRUE(explained.solutions.empty());
  EXPECT_EQ(explained.contradiction, "r1c1 has no candidate left");
  EXPECT_EQ(explained.search_cells, 0);
}

TEST(Solve, SinglesAloneSolveTheLeetCodePuzzle) {
  const SolveResult result = solve(known::puzzle_grid("leetcode-37"), explaining());
  EXPECT_EQ(result.status, SolveStatus::Unique);
  EXPECT_EQ(result.deductions.size(), 51u);
  EXPECT_EQ(result.search_cells, 0);
  EXPECT_TRUE(result.contradiction.empty());
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(result.solutions[0].cells, known::solution_grid("leetcode-37").cells);
}

TEST(Solve, ExplainOnTheInkalaPuzzleLeavesAllToSearch) {
  // No single applies to this puzzle at the start: search fills all 60 blanks.
  const SolveResult result = solve(known::puzzle_grid("inkala-2012"), explaining());
  EXPECT_EQ(result.status, SolveStatus::Unique);
  EXPECT_TRUE(result.deductions.empty());
  EXPECT_EQ(result.search_cells, 60);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(result.solutions[0].cells, known::solution_grid("inkala-2012").cells);
}

TEST(Solve, ExplainCountsTheCellsLeftToSearch) {
  const Grid puzzle = known::puzzle_grid("completions-8008");
  const SolveResult result = solve(puzzle, explaining());
  EXPECT_FALSE(result.deductions.empty());
  EXPECT_EQ(result.search_cells + static_cast<int>(result.deductions.size()), 81 - given_count(puzzle));
}

TEST(Solve, ACompleteGridIsItsOwnSolution) {
  const Grid grid = known::solution_grid("leetcode-37");
  const SolveResult result = solve(grid, explaining());
  EXPECT_EQ(result.status, SolveStatus::Unique);
  EXPECT_EQ(result.search_cells, 0);
  EXPECT_TRUE(result.deductions.empty());
  EXPECT_EQ(result.solutions[0].cells, grid.cells);
}

TEST(Solve, SixteenBySixteenPatternGrid) {
  const Shape sixteen{4, 4};
  const Grid grid = pattern_grid(sixteen);
  ASSERT_NO_THROW(sudoku_count::validate_grid(grid));
  // A third of the cells blank: singles alone restore the grid.
  Grid puzzle = grid;
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col)
      if ((row + 2 * col) % 3 == 0) puzzle.at(row, col) = 0;
  ASSERT_EQ(given_count(puzzle), 256 - 86);
  for (const SolveOptions& options : {SolveOptions{}, explaining()}) {
    const SolveResult result = solve(puzzle, options);
    EXPECT_EQ(result.status, SolveStatus::Unique);
    ASSERT_EQ(result.solutions.size(), 1u);
    EXPECT_EQ(result.solutions[0].cells, grid.cells);
  }
  EXPECT_EQ(solve(puzzle, explaining()).search_cells, 0);
  // Half the cells blank, in a checkerboard of stripes: the pattern's many
  // interchangeable symbols leave more than one completion.
  Grid sparse = grid;
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col)
      if ((7 * row + 3 * col) % 2 == 0) sparse.at(row, col) = 0;
  const SolveResult multiple = solve(sparse);
  EXPECT_EQ(multiple.status, SolveStatus::Multiple);
  ASSERT_EQ(multiple.solutions.size(), 2u);
  EXPECT_NE(multiple.solutions[0].cells, multiple.solutions[1].cells);
  for (const Grid& solution : multiple.solutions) EXPECT_TRUE(completes(solution, sparse));
}

TEST(Solve, SixteenBySixteenMinimalPuzzle) {
  // A minimal 16x16 puzzle from bench/make_puzzles: singles place 13
  // symbols, search the other 151.
  const Grid puzzle = known::puzzle_grid("sixteen-minimal");
  const SolveResult result = solve(puzzle, explaining());
  EXPECT_EQ(result.status, SolveStatus::Unique);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_TRUE(completes(result.solutions[0], puzzle));
  EXPECT_EQ(result.deductions.size(), 13u);
  EXPECT_EQ(result.search_cells, 151);
  EXPECT_EQ(solve(puzzle).solutions[0].cells, result.solutions[0].cells);
  // The counter agrees that the completion is unique.
  sudoku_count::ExactOptions one_thread;
  one_thread.threads = 1;
  EXPECT_EQ(sudoku_count::count_completions_dlx(puzzle, one_thread).count, 1);
}

TEST(Solve, RectangularBoxes) {
  // Minimal puzzles from bench/make_puzzles (seed 1) on 2x3 and 3x2 boxes,
  // where singles stop short and search fills the rest.
  struct Case {
    Shape shape;
    const char* puzzle;
    const char* solution;
    int search_cells;
  };
  for (const Case& c : {Case{{2, 3}, "..145............26..1...3....1..5..", "261453354621415362623145536214142536", 24},
                        Case{{3, 2}, ".1.4..3.1...4...5....3....2.1.....4.", "215436351624463251124365642513536142", 16}}) {
    const Grid puzzle = parse_puzzle(c.puzzle, c.shape);
    const SolveResult result = solve(puzzle, explaining());
    EXPECT_EQ(result.status, SolveStatus::Unique) << c.shape.name();
    ASSERT_EQ(result.solutions.size(), 1u);
    EXPECT_EQ(result.solutions[0].cells, parse_puzzle(c.solution, c.shape).cells) << c.shape.name();
    EXPECT_TRUE(completes(result.solutions[0], puzzle));
    EXPECT_EQ(result.search_cells, c.search_cells) << c.shape.name();
  }
}

TEST(Solve, BatchKeepsInputOrderForAnyThreadCount) {
  const std::vector<Grid> puzzles = {known::puzzle_grid("completions-8008"), known::puzzle_grid("leetcode-37"),
                                     known::puzzle_grid("no-completion"), known::puzzle_grid("inkala-2012")};
  const SolveStatus expected[] = {SolveStatus::Multiple, SolveStatus::Unique, SolveStatus::None,
                                  SolveStatus::Unique};
  std::vector<std::vector<int>> first_solutions;
  for (int threads : {1, 2, 3}) {
    SolveOptions options;
    options.threads = threads;
    const BatchResult batch = solve_all(puzzles, options);
    EXPECT_EQ(batch.threads, threads);
    ASSERT_EQ(batch.results.size(), puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      EXPECT_EQ(batch.results[i].status, expected[i]) << "puzzle " << i << ", " << threads << " threads";
      EXPECT_EQ(batch.results[i].solutions.size(), solve(puzzles[i]).solutions.size());
    }
    first_solutions.push_back(batch.results[0].solutions[0].cells);
  }
  EXPECT_EQ(first_solutions[0], first_solutions[1]);
  EXPECT_EQ(first_solutions[0], first_solutions[2]);
  EXPECT_TRUE(solve_all({}).results.empty());
}

TEST(Solve, RefusesBadInput) {
  Grid clashing = empty_grid(kNine);
  clashing.cells[0] = clashing.cells[1] = 5;
  EXPECT_THROW(solve(clashing), InputError);
  EXPECT_THROW(solve_all({known::puzzle_grid("leetcode-37"), clashing}), InputError);
  SolveOptions negative;
  negative.threads = -1;
  EXPECT_THROW(solve_all({known::puzzle_grid("leetcode-37")}, negative), InputError);
}
