#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/solve.hpp"

using sudoku_count::count_completions_dlx;
using sudoku_count::empty_grid;
using sudoku_count::ExactOptions;
using sudoku_count::ExactResult;
using sudoku_count::Grid;
using sudoku_count::InputError;
using sudoku_count::parse_puzzle;
using sudoku_count::Shape;

namespace known = sudoku_count::known;

namespace {

ExactResult count(const Grid& grid, int threads = 0, bool fix_first_row = false) {
  ExactOptions options;
  options.threads = threads;
  options.fix_first_row = fix_first_row;
  return count_completions_dlx(grid, options);
}

}  // namespace

TEST(Exact, CountsSmallEmptyGrids) {
  EXPECT_EQ(count(empty_grid(Shape{1, 1})).count, known::grid_count(Shape{1, 1}));
  EXPECT_EQ(count(empty_grid(Shape{1, 2})).count, known::grid_count(Shape{1, 2}));
  EXPECT_EQ(count(empty_grid(Shape{2, 1})).count, known::grid_count(Shape{2, 1}));
  EXPECT_EQ(count(empty_grid(Shape{2, 2})).count, known::grid_count(Shape{2, 2}));
  EXPECT_EQ(count(empty_grid(Shape{2, 2}), 1).count, known::grid_count(Shape{2, 2}));
}

TEST(Exact, CountsSixBySix) {
  const ExactResult result = count(empty_grid(Shape{2, 3}));
  EXPECT_EQ(result.count, known::grid_count(Shape{2, 3}));
  EXPECT_EQ(result.method, "dlx");
  EXPECT_FALSE(result.first_row_fixed);
  EXPECT_GE(result.threads, 1);
  EXPECT_GE(result.seconds, 0.0);
}

TEST(Exact, FixingTheFirstRowMultipliesByNFactorial) {
  const ExactResult two = count(empty_grid(Shape{2, 2}), 0, true);
  EXPECT_TRUE(two.first_row_fixed);
  EXPECT_EQ(two.count_with_first_row_fixed, 12);
  EXPECT_EQ(two.count, known::grid_count(Shape{2, 2}));
  EXPECT_EQ(count(empty_grid(Shape{1, 2}), 0, true).count, known::grid_count(Shape{1, 2}));
  EXPECT_EQ(count(empty_grid(Shape{2, 1}), 0, true).count, known::grid_count(Shape{2, 1}));
  const ExactResult six = count(empty_grid(Shape{2, 3}), 0, true);
  EXPECT_EQ(six.count_with_first_row_fixed, 39168);
  EXPECT_EQ(six.count, known::grid_count(Shape{2, 3}));
}

TEST(Exact, FixingTheFirstRowNeedsTheEmptyGrid) {
  EXPECT_THROW(count(known::puzzle_grid("completions-8008"), 0, true), InputError);
}

TEST(Exact, RefusesNegativeThreadCount) {
  EXPECT_THROW(count(empty_grid(Shape{2, 2}), -1), InputError);
}

// Every puzzle of tests/data/puzzles.txt (8008 completions, one, none, a
// complete grid, 9x9 and 16x16): its count, and its solution where given.
TEST(Exact, CountsEveryKnownPuzzle) {
  ASSERT_FALSE(known::puzzles().empty());
  for (const known::KnownPuzzle& p : known::puzzles()) {
    const Grid puzzle = parse_puzzle(p.puzzle, p.shape);
    EXPECT_EQ(count(puzzle).count, p.count) << p.name;
    if (p.solution.empty()) continue;
    const auto completions = sudoku_count::find_completions(puzzle, 2);
    ASSERT_EQ(completions.size(), 1u) << p.name;
    EXPECT_EQ(completions[0].cells, parse_puzzle(p.solution, p.shape).cells) << p.name;
  }
}

TEST(Exact, CountDoesNotDependOnThreads) {
  const Grid puzzle = known::puzzle_grid("completions-8008");
  EXPECT_EQ(count(puzzle, 1).count, count(puzzle, 2).count);
  EXPECT_EQ(count(puzzle, 3).count, known::puzzle("completions-8008").count);
  const Grid six = empty_grid(Shape{2, 3});
  const ExactResult one = count(six, 1, true), two = count(six, 2, true);
  EXPECT_EQ(one.count_with_first_row_fixed, two.count_with_first_row_fixed);
  EXPECT_EQ(one.count, two.count);
  EXPECT_EQ(two.threads, 2);
}

TEST(Exact, FindsCompletions) {
  const auto unique = sudoku_count::find_completions(known::puzzle_grid("leetcode-37"), 5);
  ASSERT_EQ(unique.size(), 1u);
  EXPECT_EQ(unique[0].cells, known::solution_grid("leetcode-37").cells);

  const Grid puzzle = known::puzzle_grid("completions-8008");
  const auto some = sudoku_count::find_completions(puzzle, 3);
  ASSERT_EQ(some.size(), 3u);
  for (const Grid& grid : some) {
    EXPECT_EQ(sudoku_count::given_count(grid), 81);
    EXPECT_NO_THROW(sudoku_count::validate_grid(grid));
    for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell) {
      if (puzzle.cells[cell] != 0) {
        EXPECT_EQ(grid.cells[cell], puzzle.cells[cell]);
      }
    }
  }
  EXPECT_NE(some[0].cells, some[1].cells);
  EXPECT_TRUE(sudoku_count::find_completions(known::puzzle_grid("no-completion"), 5).empty());
}

TEST(Exact, OneFinderServesManyPuzzles) {
  const sudoku_count::CompletionFinder finder(Shape{3, 3});
  for (const char* name : {"completions-8008", "leetcode-37", "no-completion", "leetcode-37-solution"}) {
    const Grid puzzle = known::puzzle_grid(name);
    const auto shared = finder.find(puzzle, 3);
    const auto own = sudoku_count::find_completions(puzzle, 3);
    ASSERT_EQ(shared.size(), own.size()) << name;
    for (std::size_t i = 0; i < own.size(); ++i) EXPECT_EQ(shared[i].cells, own[i].cells) << name;
  }
  EXPECT_TRUE(finder.find(known::puzzle_grid("completions-8008"), 0).empty());
  EXPECT_THROW(finder.find(empty_grid(Shape{2, 2}), 1), std::invalid_argument);
  Grid clashing = empty_grid(Shape{3, 3});
  clashing.cells[0] = clashing.cells[1] = 4;
  EXPECT_THROW(finder.find(clashing, 1), InputError);
}

// ---- the exact policy: which method counts a request, and what each reaches ----

namespace {

sudoku_count::ExactRequest request_for(const Shape& shape, const std::string& method = "auto") {
  sudoku_count::ExactRequest request;
  request.layout = shape;
  request.method = method;
  return request;
}

std::string refusal(const sudoku_count::ExactRequest& request) {
  try {
    sudoku_count::choose_exact_method(request);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ExactPolicy, RegistryListsEveryMethodWithItsReach) {
  const auto& methods = sudoku_count::exact_methods();
  ASSERT_EQ(methods.size(), 5u);  // auto, dlx, bands, slices, sets-x
  EXPECT_EQ(methods[0].name, "auto");
  for (const auto& method : methods) {
    EXPECT_FALSE(method.summary.empty()) << method.name;
    EXPECT_FALSE(method.reach.empty()) << method.name;
    EXPECT_EQ(&sudoku_count::exact_method(method.name), &method);
  }
  EXPECT_THROW(sudoku_count::exact_method("sets"), InputError);
}

TEST(ExactPolicy, AutoTakesBandsForEmptyGridsInItsReachElseDlx) {
  using sudoku_count::choose_exact_method;
  EXPECT_EQ(choose_exact_method(request_for(Shape{3, 3})), "bands");
  EXPECT_EQ(choose_exact_method(request_for(Shape{2, 5})), "bands");  // on the transposed shape
  auto fixed = request_for(Shape{2, 3});
  fixed.fix_first_row = true;
  EXPECT_EQ(choose_exact_method(fixed), "dlx");
  auto with_puzzle = request_for(Shape{3, 3});
  with_puzzle.puzzle = known::puzzle_grid("completions-8008");
  EXPECT_EQ(choose_exact_method(with_puzzle), "dlx");
  with_puzzle.puzzle = empty_grid(Shape{3, 3});  // no givens: the empty grid
  EXPECT_EQ(choose_exact_method(with_puzzle), "bands");
}

TEST(ExactPolicy, RefusalsQuoteTheOneReachOfEachMethod) {
  const std::string bands_reach = sudoku_count::exact_method("bands").reach;
  const std::string dlx_reach = sudoku_count::exact_method("dlx").reach;
  const std::string beyond_both = refusal(request_for(Shape{4, 4}));
  EXPECT_NE(beyond_both.find(bands_reach), std::string::npos) << beyond_both;
  EXPECT_NE(beyond_both.find(dlx_reach), std::string::npos) << beyond_both;
  EXPECT_NE(beyond_both.find("an estimate of the same layout"), std::string::npos) << beyond_both;
  const std::string beyond_bands = refusal(request_for(Shape{4, 3}, "bands"));
  EXPECT_NE(beyond_bands.find(bands_reach), std::string::npos) << beyond_bands;
  EXPECT_THROW(sudoku_count::count_grids_by_bands(Shape{4, 3}, ExactOptions{}), InputError);
  auto bands_puzzle = request_for(Shape{3, 3}, "bands");
  bands_puzzle.puzzle = known::puzzle_grid("completions-8008");
  EXPECT_NE(refusal(bands_puzzle).find("drop the puzzle"), std::string::npos);
  auto bands_fixed = request_for(Shape{2, 2}, "bands");
  bands_fixed.fix_first_row = true;
  EXPECT_NE(refusal(bands_fixed).find("{fix_first_row}"), std::string::npos);
  auto sparse = request_for(Shape{3, 3});
  sparse.puzzle = empty_grid(Shape{3, 3});
  sparse.puzzle->cells[80] = 1;
  EXPECT_NE(refusal(sparse).find("completions"), std::string::npos);
  auto other_shape = request_for(Shape{2, 2});
  other_shape.puzzle = empty_grid(Shape{3, 3});
  EXPECT_NE(refusal(other_shape), "");
}

TEST(ExactPolicy, CountExactCountsByTheChosenMethod) {
  const ExactResult by_bands = sudoku_count::count_exact(request_for(Shape{2, 2}));
  EXPECT_EQ(by_bands.method, "bands");
  EXPECT_EQ(by_bands.count, 288);
  const ExactResult by_dlx = sudoku_count::count_exact(request_for(Shape{2, 2}, "dlx"));
  EXPECT_EQ(by_dlx.method, "dlx");
  EXPECT_EQ(by_dlx.count, by_bands.count);
  auto puzzle = request_for(Shape{3, 3});
  puzzle.puzzle = known::puzzle_grid("completions-8008");
  EXPECT_EQ(sudoku_count::count_exact(puzzle).count, 8008);
}
