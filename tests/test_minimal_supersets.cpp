// The search of the supersets method (src/puzzles/minimal_supersets.cpp)
// against a listing of every superset up to a clue count, each tested for
// being proper and minimal by dancing links; and the kernel's test of a kept
// cell implied by the others against a trial of each other symbol.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include "puzzles/minimal_supersets.hpp"
#include "sample/random_cells.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/solve.hpp"

namespace sc = sudoku_count;
namespace d = sudoku_count::detail;

namespace {

sc::Grid puzzle_of(const sc::Grid& grid, const std::vector<int>& cells) {
  sc::Grid puzzle = sc::empty_grid(grid.layout);
  for (const int cell : cells) puzzle.cells[cell] = grid.cells[cell];
  return puzzle;
}

// Minimal puzzles of `grid` with at most `max_clues` cells that contain
// `set`, by clue count: every superset listed, proper and minimal tested
// with dancing links.
std::vector<std::uint64_t> by_listing(const sc::CompletionFinder& finder, const sc::Grid& grid,
                                      const std::vector<int>& set, int max_clues) {
  const int cells = grid.layout.cells();
  std::vector<std::uint64_t> minimal(cells + 1, 0);
  std::vector<int> others;
  for (int cell = 0; cell < cells; ++cell)
    if (std::find(set.begin(), set.end(), cell) == set.end()) others.push_back(cell);
  const auto proper = [&](const std::vector<int>& givens) {
    return finder.find(puzzle_of(grid, givens), 2).size() == 1;
  };
  std::vector<int> givens = set;
  const std::function<void(std::size_t)> extend = [&](std::size_t next) {
    if (proper(givens)) {
      bool is_minimal = true;
      for (std::size_t i = 0; i < givens.size() && is_minimal; ++i) {
        std::vector<int> fewer = givens;
        fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
        is_minimal = !proper(fewer);
      }
      if (is_minimal) ++minimal[givens.size()];
      return;  // a proper superset of a proper set is not minimal
    }
    if (static_cast<int>(givens.size()) >= max_clues) return;
    for (std::size_t i = next; i < others.size(); ++i) {
      givens.push_back(others[i]);
      extend(i + 1);
      givens.pop_back();
    }
  };
  extend(0);
  return minimal;
}

// Sets of `size` cells drawn in `grid`, each searched with one pool per
// grid (as the estimator does) and listed.
void expect_search_matches_listing(const sc::Grid& grid, int size, int max_clues, int sets, std::uint64_t seed) {
  const sc::Layout& layout = grid.layout;
  const sc::CompletionFinder finder(layout);
  d::UniquenessTest test(layout);
  d::UnavoidableSets pool(layout.cells());
  test.reset(grid);
  pool.seed(test, grid);
  EXPECT_GT(pool.count(), 0u);
  sc::Rng rng = sc::block_stream(seed, 0);
  d::RandomCells cells(layout.cells());
  std::uint64_t found = 0;
  for (int j = 0; j < sets; ++j) {
    const std::vector<int> set = cells.draw(size, rng);
    std::vector<std::uint64_t> minimal(layout.cells() + 1, 0);
    for (const int cell : set) test.keep(cell);
    d::count_minimal_supersets(test, pool, set, max_clues, minimal);
    for (const int cell : set) test.drop(cell);
    const std::vector<std::uint64_t> listed = by_listing(finder, grid, set, max_clues);
    EXPECT_EQ(minimal, listed) << layout.name() << ", set " << j;
    for (const std::uint64_t count : listed) found += count;
  }
  EXPECT_GT(found, 0u) << layout.name() << ": no set had a minimal superset, so nothing was compared";
}

sc::Grid first_completion(const sc::Layout& layout, std::uint64_t skip) {
  sc::Grid first_row = sc::empty_grid(layout);
  for (int c = 0; c < layout.n(); ++c) first_row.cells[c] = c + 1;
  return sc::find_completions(first_row, skip + 1).back();
}

TEST(MinimalSupersets, SearchMatchesTheListingOf4x4And6x6Supersets) {
  expect_search_matches_listing(first_completion(sc::Layout{sc::Shape{2, 2}}, 3), 3, 16, 30, 11);
  expect_search_matches_listing(first_completion(sc::Layout{sc::Shape{2, 3}}, 1000), 9, 12, 12, 12);
}

// On 9x9 the search runs on the kernel and the listing on dancing links:
// sets of a 17-clue puzzle less two clues, listed up to 18 clues (there are
// no proper puzzles of 16 clues, so every proper superset of 17 is minimal,
// and only the 18-clue ones can be proper and not minimal).
TEST(MinimalSupersets, SearchMatchesTheListingOf9x9Supersets) {
  const sc::Layout layout{sc::Shape{3, 3}};
  const sc::Grid puzzle = sc::parse_puzzle(
      "000000010400000000020000000000050407008000300001090000300400200050100000000806000", layout);
  const sc::Grid grid = sc::find_completions(puzzle, 1).front();
  const sc::CompletionFinder finder(layout);
  d::UniquenessTest test(layout);
  d::UnavoidableSets pool(layout.cells());
  test.reset(grid);
  pool.seed(test, grid);
  std::vector<int> clues;
  for (int cell = 0; cell < 81; ++cell)
    if (puzzle.cells[cell]) clues.push_back(cell);
  std::uint64_t found = 0;
  for (std::size_t a = 0; a < clues.size(); a += 6)
    for (std::size_t b = a + 1; b < clues.size(); b += 7) {
      std::vector<int> set;
      for (std::size_t i = 0; i < clues.size(); ++i)
        if (i != a && i != b) set.push_back(clues[i]);
      std::vector<std::uint64_t> minimal(82, 0);
      for (const int cell : set) test.keep(cell);
      d::count_minimal_supersets(test, pool, set, 18, minimal);
      for (const int cell : set) test.drop(cell);
      EXPECT_GE(minimal[17], 1u) << "the puzzle itself";
      EXPECT_EQ(minimal, by_listing(finder, grid, set, 18)) << "clues less " << a << " and " << b;
      found += minimal[17];
    }
  EXPECT_GT(found, 0u);
}

// The kernel strikes the grid's digit from the cell and searches once; the
// trial puts each other symbol there in turn. Both must agree, and the
// completion the kernel reports must differ from the grid at the cell and
// at no other kept cell.
TEST(MinimalSupersets, KernelForcedCellsAgreeWithATrialOfEachSymbol) {
  const sc::Layout layout{sc::Shape{3, 3}};
  const sc::Grid grid = sc::find_completions(
      sc::parse_puzzle("000000012000035000000600070700000300000400800100000000000120000080000040050000600", layout),
      1).front();
  const sc::CompletionFinder finder(layout);
  d::UniquenessTest test(layout);
  test.reset(grid);
  sc::Rng rng = sc::block_stream(2026, 0);
  d::RandomCells cells(81);
  int forced = 0, free = 0;
  for (int j = 0; j < 60; ++j) {
    const std::vector<int> set = cells.draw(20 + j % 20, rng);
    for (const int cell : set) test.keep(cell);
    for (const int cell : set) {
      std::vector<int> differing;
      const bool kernel = test.forced(cell, &differing);
      bool trial = true;
      sc::Grid puzzle = puzzle_of(grid, set);
      for (int symbol = 1; symbol <= 9 && trial; ++symbol) {
        if (symbol == grid.cells[cell]) continue;
        puzzle.cells[cell] = symbol;
        try {
          trial = finder.find(puzzle, 1).empty();
        } catch (const std::exception&) {  // the symbol clashes with a given
        }
      }
      ASSERT_EQ(kernel, trial) << "set " << j << ", cell " << cell;
      if (kernel) {
        ++forced;
        continue;
      }
      ++free;
      EXPECT_NE(std::find(differing.begin(), differing.end(), cell), differing.end());
      for (const int other : set) {
        if (other != cell) {
          EXPECT_EQ(std::find(differing.begin(), differing.end(), other), differing.end());
        }
      }
    }
    for (const int cell : set) test.drop(cell);
  }
  EXPECT_GT(forced, 0);
  EXPECT_GT(free, 0);
}

}  // namespace
