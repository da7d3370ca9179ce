#include <algorithm>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "solve/singles.hpp"

using sudoku_count::detail::apply_singles;
using sudoku_count::detail::candidate_masks;
using sudoku_count::Deduction;
using sudoku_count::describe;
using sudoku_count::Grid;
using sudoku_count::InputError;
using sudoku_count::detail::Mask;
using sudoku_count::parse_puzzle;
using sudoku_count::Rule;
using sudoku_count::Layout;
using sudoku_count::Shape;
using sudoku_count::Variant;
using sudoku_count::detail::SinglesResult;

namespace known = sudoku_count::known;

namespace {

// Checks that each deduction follows from its rule on the grid so far, by
// recomputing the candidates from scratch, and places it.
void expect_deductions_hold(Grid grid, const std::vector<Deduction>& deductions) {
  const int n = grid.n();
  for (const Deduction& d : deductions) {
    const std::vector<Mask> candidates = candidate_masks(grid);
    const Mask bit = Mask{1} << (d.value - 1);
    const int cell = d.row * n + d.col;
    ASSERT_EQ(grid.cells[cell], 0) << describe(d, grid.layout);
    ASSERT_TRUE(candidates[cell] & bit) << describe(d, grid.layout);
    if (d.rule == Rule::OnlyCandidate) {
      EXPECT_EQ(candidates[cell], bit) << describe(d, grid.layout);
    } else {
      int places = 0;
      for (int other = 0; other < n * n; ++other) {
        const auto& house = grid.layout.houses().at(d.house).cells;
        const bool same_unit = std::find(house.begin(), house.end(), other) != house.end();
        if (same_unit && (candidates[other] & bit)) ++places;
      }
      EXPECT_EQ(places, 1) << describe(d, grid.layout);
    }
    grid.cells[cell] = d.value;
  }
}

}  // namespace

TEST(Singles, NakedSinglesSolveTheLeetCodePuzzle) {
  const Grid puzzle = known::puzzle_grid("leetcode-37");
  const SinglesResult result = apply_singles(puzzle);
  EXPECT_TRUE(result.contradiction.empty());
  EXPECT_EQ(result.blanks, 0);
  EXPECT_EQ(result.deductions.size(), 51u);
  EXPECT_EQ(result.grid.cells, known::solution_grid("leetcode-37").cells);
  expect_deductions_hold(puzzle, result.deductions);
}

TEST(Singles, AllFourRulesAndEachDeductionHolds) {
  // A minimal puzzle from bench/make_puzzles: singles alone solve it, with all four rules.
  const Grid puzzle = known::puzzle_grid("all-rules");
  const SinglesResult result = apply_singles(puzzle);
  EXPECT_TRUE(result.contradiction.empty());
  EXPECT_EQ(result.blanks, 0);
  EXPECT_EQ(result.grid.cells, known::solution_grid("all-rules").cells);
  // Naked singles, and hidden singles in a row, a column and a box.
  bool seen[4] = {false, false, false, false};
  for (const Deduction& d : result.deductions)
    seen[d.rule == Rule::OnlyCandidate ? 0 : 1 + static_cast<int>(puzzle.layout.houses().at(d.house).kind)] = true;
  for (bool rule_seen : seen) EXPECT_TRUE(rule_seen);
  expect_deductions_hold(puzzle, result.deductions);
}

TEST(Singles, NoSingleInTheInkalaPuzzle) {
  const SinglesResult result = apply_singles(known::puzzle_grid("inkala-2012"));
  EXPECT_TRUE(result.contradiction.empty());
  EXPECT_TRUE(result.deductions.empty());
  EXPECT_EQ(result.blanks, 60);
}

TEST(Singles, FindsACellWithoutCandidates) {
  // Row 1 holds 1-8 and column 1 a 9: r1c1 has no candidate.
  const SinglesResult result = apply_singles(known::puzzle_grid("no-completion"));
  EXPECT_EQ(result.contradiction, "r1c1 has no candidate left");
}

TEST(Singles, FindsASymbolWithoutAPlace) {
  // The 1s in boxes 1 and 2 and in columns 7 and 8 shut symbol 1 out of row
  // 1, whose last cell holds a 2; every cell keeps several candidates.
  const std::string puzzle = std::string("........2") + "1........" + "...1....." + "......1.." +
                             std::string(18, '.') + ".......1." + std::string(18, '.');
  const SinglesResult result = apply_singles(parse_puzzle(puzzle, Shape{3, 3}));
  EXPECT_TRUE(result.deductions.empty());
  EXPECT_EQ(result.contradiction, "symbol 1 has no place left in row 1");
}

TEST(Singles, DescribesDeductionsOneBased) {
  const Shape nine{3, 3};
  EXPECT_EQ(describe({3, 6, 3, Rule::OnlyCandidate}, nine), "r4c7 = 3: only candidate");
  // Houses are numbered rows, columns, boxes, then the layout's other regions.
  EXPECT_EQ(describe({1, 4, 8, Rule::OnlyPlaceInHouse, 2 * 9 + 1}, nine), "r2c5 = 8: only place in box 2");
  EXPECT_EQ(describe({8, 0, 1, Rule::OnlyPlaceInHouse, 8}, nine), "r9c1 = 1: only place in row 9");
  EXPECT_EQ(describe({8, 0, 1, Rule::OnlyPlaceInHouse, 9}, nine), "r9c1 = 1: only place in column 1");
  // Boxes numbered row by row: on 2x3 boxes (6x6), r3c4 is in box 4.
  EXPECT_EQ(describe({2, 3, 6, Rule::OnlyPlaceInHouse, 2 * 6 + 3}, Shape{2, 3}), "r3c4 = 6: only place in box 4");
  // Variant houses follow the boxes: on 9x9 X, the anti-diagonal is house 28.
  const Layout x = Layout::with_variants(nine, {Variant::X});
  EXPECT_EQ(describe({0, 8, 4, Rule::OnlyPlaceInHouse, 28}, x), "r1c9 = 4: only place in diagonal 2");
  // Symbols as grids show them.
  EXPECT_EQ(describe({0, 0, 16, Rule::OnlyCandidate}, Shape{4, 4}), "r1c1 = G: only candidate");
  EXPECT_EQ(describe({0, 0, 36, Rule::OnlyCandidate}, Shape{6, 6}), "r1c1 = 36: only candidate");
}

TEST(Singles, CandidatesOfAGrid) {
  const Grid grid = parse_puzzle("12..\n..12\n....\n....", Shape{2, 2});
  const std::vector<Mask> candidates = candidate_masks(grid);
  EXPECT_EQ(candidates[0], 0u);        // filled
  EXPECT_EQ(candidates[2], 0b1100u);   // r1c3: 3 or 4
  EXPECT_EQ(candidates[4], 0b1100u);   // r2c1: box 1 has 1 and 2
  EXPECT_EQ(candidates[8], 0b1110u);   // r3c1: column 1 has 1
  Grid clashing = sudoku_count::empty_grid(Shape{2, 2});
  clashing.cells[0] = clashing.cells[1] = 1;
  EXPECT_THROW(candidate_masks(clashing), InputError);
  EXPECT_THROW(apply_singles(clashing), InputError);
}
