// Exact puzzle counts of the smallest layouts, by a second computation: a
// search down the lattice of sets of givens with the solver, on the grids
// with the first row fixed (relabelling maps the puzzles of a grid one to one
// onto those of each of its N! relabellings, givens in the same cells).
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/solve.hpp"

namespace sc = sudoku_count;

namespace {

// Proper and minimal puzzles of the layout by clue count: from each grid
// with the first row 1..N, every proper set of givens reached once by
// removing cells in increasing order (proper sets are closed upwards, so a
// set that is not proper ends the branch), each tested by the solver.
sc::PuzzleCounts by_search(const sc::Layout& layout) {
  const int cells = layout.cells(), n = layout.n();
  sc::Grid first_row = sc::empty_grid(layout);
  for (int c = 0; c < n; ++c) first_row.cells[c] = c + 1;
  const std::vector<sc::Grid> grids = sc::find_completions(first_row, UINT64_MAX);
  sc::PuzzleCounts counts;
  counts.proper.assign(cells + 1, 0);
  counts.minimal.assign(cells + 1, 0);
  std::uint64_t relabellings = 1;
  for (int k = 2; k <= n; ++k) relabellings *= k;
  const sc::CompletionFinder finder(layout);
  for (const sc::Grid& grid : grids) {
    std::vector<std::int8_t> known(std::size_t{1} << cells, -1);  // -1 untested, 0 or 1: proper
    const auto proper = [&](std::uint32_t set) {
      std::int8_t& k = known[set];
      if (k < 0) {
        sc::Grid puzzle = sc::empty_grid(layout);
        for (int i = 0; i < cells; ++i)
          if (set >> i & 1) puzzle.cells[i] = grid.cells[i];
        k = finder.find(puzzle, 2).size() == 1;
      }
      return k == 1;
    };
    const std::function<void(std::uint32_t, int)> visit = [&](std::uint32_t set, int next) {
      const int givens = std::popcount(set);
      counts.proper[givens] += relabellings;
      bool minimal = true;
      for (int i = 0; i < cells && minimal; ++i)
        if (set >> i & 1) minimal = !proper(set & ~(std::uint32_t{1} << i));
      if (minimal) counts.minimal[givens] += relabellings;
      for (int i = next; i < cells; ++i)
        if ((set >> i & 1) && proper(set & ~(std::uint32_t{1} << i))) visit(set & ~(std::uint32_t{1} << i), i + 1);
    };
    visit((std::uint32_t{1} << cells) - 1, 0);
  }
  counts.grids = grids.size() * relabellings;
  return counts;
}

void expect_same(const sc::Layout& layout) {
  const sc::PuzzleCounts listed = sc::exact_puzzle_counts(layout);
  const sc::PuzzleCounts searched = by_search(layout);
  EXPECT_EQ(listed.grids, searched.grids) << layout.name();
  EXPECT_EQ(listed.proper, searched.proper) << layout.name();
  EXPECT_EQ(listed.minimal, searched.minimal) << layout.name();
}

}  // namespace

TEST(PuzzleCounts, FourByFourByTwoComputations) {
  const sc::Layout four{sc::Shape{2, 2}};
  expect_same(four);
  const sc::PuzzleCounts counts = sc::exact_puzzle_counts(four);
  EXPECT_EQ(counts.grids, 288u);
  EXPECT_EQ(counts.proper[16], 288u);  // every full grid, and no minimal one
  EXPECT_EQ(counts.minimal[16], 0u);
  for (int c = 0; c < 4; ++c) EXPECT_EQ(counts.proper[c], 0u) << c;  // 4 givens at least
  EXPECT_GT(counts.minimal[4], 0u);
}

TEST(PuzzleCountsSlow, SmallLatinSquaresAndVariantsByTwoComputations) {
  expect_same(sc::Layout{sc::Shape{1, 3}});
  expect_same(sc::Layout{sc::Shape{1, 4}});
  expect_same(sc::Layout::with_variants(sc::Shape{2, 2}, {sc::Variant::X}));
  expect_same(sc::Layout::with_variants(sc::Shape{2, 2}, {sc::Variant::P}));
}

TEST(PuzzleCounts, RefusesLayoutsBeyondSixteenCells) {
  EXPECT_THROW(sc::exact_puzzle_counts(sc::Layout{sc::Shape{2, 3}}), sc::InputError);
}

// The second route to minimal and proper puzzles, by the minimal hitting
// sets and all the hitting sets of the unavoidable sets over classes of
// grids, against the listing.
TEST(PuzzleCounts, ByHittingSetsMatchesTheListing) {
  for (const sc::Shape shape : {sc::Shape{2, 2}, sc::Shape{1, 3}, sc::Shape{1, 4}, sc::Shape{3, 1}}) {
    const auto listed = sc::exact_puzzle_counts(sc::Layout{shape});
    const auto minimal = sc::exact_puzzle_counts_by_classes(shape, sc::PuzzleKind::Minimal, 2);
    EXPECT_EQ(minimal.grids, listed.grids) << shape.name();
    EXPECT_EQ(minimal.minimal, listed.minimal) << shape.name();
    EXPECT_TRUE(minimal.proper.empty());
    const auto proper = sc::exact_puzzle_counts_by_classes(shape, sc::PuzzleKind::Proper, 2);
    EXPECT_EQ(proper.grids, listed.grids) << shape.name();
    EXPECT_EQ(proper.proper, listed.proper) << shape.name();
    EXPECT_TRUE(proper.minimal.empty());
  }
  EXPECT_EQ(sc::exact_puzzle_counts_by_classes(sc::Shape{2, 2}, sc::PuzzleKind::Minimal).classes,
            2u);  // the two essentially different 4x4 grids
}

TEST(PuzzleCounts, ExactCountsRefuseWhatTheyCannotReach) {
  EXPECT_THROW(sc::exact_puzzle_counts_by_classes(sc::Shape{2, 4}, sc::PuzzleKind::Minimal), sc::InputError);
  EXPECT_THROW(sc::count_puzzles_exactly(sc::Layout{sc::Shape{2, 4}}, sc::PuzzleKind::Proper, 1), sc::RequestError);
  EXPECT_THROW(sc::count_puzzles_exactly(sc::Layout{sc::Shape{3, 3}}, sc::PuzzleKind::Minimal, 1), sc::RequestError);
  std::string method;
  sc::count_puzzles_exactly(sc::Layout{sc::Shape{2, 2}}, sc::PuzzleKind::Minimal, 1, &method);
  EXPECT_EQ(method, "listing");
}

