// The uniqueness test with a pool of unavoidable sets as a filter
// (src/puzzles/uniqueness_test.cpp): the pool answers many tests with no
// search, and must change no answer. Each test runs the same drawn sets
// through a plain test and a filtered one, on the 9x9 kernel and on
// dancing links (6x6).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "puzzles/proper_subsets.hpp"
#include "puzzles/unavoidable_sets.hpp"
#include "sample/random_cells.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/sample.hpp"

namespace sc = sudoku_count;
namespace d = sudoku_count::detail;

namespace {

struct Tally {
  std::uint64_t proper_sets = 0, forced_cells = 0, subsets = 0;
};

// `grids` grids of `shape`, `sets` sets of `size` cells each: whether each
// set is proper, whether each of its cells is forced, and (for the proper
// sets) their proper and minimal subsets, through both tests.
void expect_filter_changes_nothing(sc::Shape shape, int size, int grids, int sets, std::uint64_t seed) {
  const sc::Layout layout{shape};
  const sc::UniformGrids source(layout, 1);
  sc::UniformGrids::Drawer drawer = source.drawer();
  d::UniquenessTest plain(layout), filtered(layout);
  d::UnavoidableSets pool(layout.cells());
  filtered.filter_with(&pool);
  d::RandomCells cells(layout.cells());
  Tally tally;
  std::uint64_t bounded_tests = 0;
  for (int g = 0; g < grids; ++g) {
    sc::Rng rng = sc::block_stream(seed, static_cast<std::uint64_t>(g));
    const sc::Grid grid = drawer.draw(rng);
    plain.reset(grid);
    filtered.reset(grid);
    pool.clear();  // the pool is the grid's
    for (int j = 0; j < sets; ++j) {
      const std::vector<int> set = cells.draw(size, rng);
      for (const int cell : set) {
        plain.keep(cell);
        filtered.keep(cell);
      }
      for (const int cell : set)
        ASSERT_EQ(plain.forced(cell), filtered.forced(cell)) << layout.name() << ", grid " << g << ", set " << j;
      const bool proper = plain.proper();
      ASSERT_EQ(proper, filtered.proper()) << layout.name() << ", grid " << g << ", set " << j;
      if (proper) {
        ++tally.proper_sets;
        std::vector<std::uint64_t> p1(layout.cells() + 1), m1(layout.cells() + 1), p2 = p1, m2 = m1;
        d::count_proper_subsets(plain, set, p1, &m1);
        d::count_proper_subsets(filtered, set, p2, &m2);
        EXPECT_EQ(p1, p2) << layout.name() << ", grid " << g << ", set " << j;
        EXPECT_EQ(m1, m2) << layout.name() << ", grid " << g << ", set " << j;
        // A walk that stops at subsets of `smallest` cells counts the same
        // from there up and nothing below.
        const int smallest = size - 3;
        const std::uint64_t tests_before = filtered.tests();
        std::vector<std::uint64_t> p3(layout.cells() + 1), m3(layout.cells() + 1);
        d::count_proper_subsets(filtered, set, p3, &m3, smallest);
        std::vector<std::uint64_t> p4(layout.cells() + 1);
        d::count_proper_subsets(filtered, set, p4, nullptr, smallest);  // proper subsets alone
        EXPECT_EQ(p4, p3) << layout.name() << ", grid " << g << ", set " << j;
        bounded_tests += filtered.tests() - tests_before;  // not the filter's comparison below
        for (int c = 0; c <= layout.cells(); ++c) {
          EXPECT_EQ(p3[c], c < smallest ? 0 : p1[c]) << layout.name() << ", grid " << g << ", set " << j << ", " << c;
          EXPECT_EQ(m3[c], c < smallest ? 0 : m1[c]) << layout.name() << ", grid " << g << ", set " << j << ", " << c;
        }
        for (const std::uint64_t c : p1) tally.subsets += c;
      }
      for (const int cell : set) {
        plain.drop(cell);
        filtered.drop(cell);
      }
    }
  }
  // The comparison means something only if both kinds of answer occurred
  // and the pool answered some of them.
  EXPECT_GT(tally.proper_sets, 0u) << layout.name();
  EXPECT_LT(tally.proper_sets, static_cast<std::uint64_t>(grids) * sets) << layout.name();
  EXPECT_GT(tally.subsets, tally.proper_sets) << layout.name();
  EXPECT_GT(filtered.filtered(), 0u) << layout.name();
  EXPECT_LT(filtered.tests() - bounded_tests, plain.tests()) << layout.name();
}

TEST(UniquenessFilter, ChangesNoAnswerOn9x9) { expect_filter_changes_nothing(sc::Shape{3, 3}, 30, 6, 40, 2031); }

TEST(UniquenessFilter, ChangesNoAnswerOn6x6) { expect_filter_changes_nothing(sc::Shape{2, 3}, 14, 6, 40, 2032); }

// Whether the cells of `t` (kept in `plain`, nothing else) are a minimal
// puzzle: proper, and proper with no clue fewer.
bool minimal_by_plain_tests(d::UniquenessTest& plain, const std::vector<int>& t) {
  if (!plain.proper()) return false;
  for (const int cell : t) {
    plain.drop(cell);
    const bool proper = plain.proper();
    plain.keep(cell);
    if (proper) return false;
  }
  return true;
}

// The walk over a proper set's subsets finds every minimal puzzle one or
// two cells inside it. For each grid: a minimal puzzle P by removing clues
// one by one in a random order while the rest stays proper; then the sets
// P + x and P + x + y for random cells x, y. The walk, with the pool filter,
// must count at |P| clues exactly the minimal subsets of that size that
// plain tests of every such subset find, and at least P itself. These are
// the sets whose hits weigh most on the count |P| = s - 1 and s - 2 of the
// subsets method.
void expect_walk_finds_inner_minimal_puzzles(sc::Shape shape, int grids, std::uint64_t seed) {
  const sc::Layout layout{shape};
  const int cells_in_all = layout.cells();
  const sc::UniformGrids source(layout, 1);
  sc::UniformGrids::Drawer drawer = source.drawer();
  d::UniquenessTest plain(layout), filtered(layout);
  d::UnavoidableSets pool(cells_in_all);
  filtered.filter_with(&pool);
  d::RandomCells cells(cells_in_all);
  for (int g = 0; g < grids; ++g) {
    sc::Rng rng = sc::block_stream(seed, static_cast<std::uint64_t>(g));
    const sc::Grid grid = drawer.draw(rng);
    plain.reset(grid);
    filtered.reset(grid);
    pool.clear();
    const std::vector<int> order = cells.draw(cells_in_all, rng);  // every cell; shuffled below
    std::vector<int> shuffled = order;
    for (int i = cells_in_all - 1; i > 0; --i)
      std::swap(shuffled[i], shuffled[sc::uniform_below(rng, static_cast<std::uint64_t>(i + 1))]);
    for (const int cell : shuffled) plain.keep(cell);
    std::vector<bool> in_p(cells_in_all, true);
    for (const int cell : shuffled) {
      plain.drop(cell);
      if (plain.proper()) in_p[cell] = false;
      else plain.keep(cell);
    }
    std::vector<int> p, outside;
    for (int cell = 0; cell < cells_in_all; ++cell) (in_p[cell] ? p : outside).push_back(cell);
    const int c = static_cast<int>(p.size());
    for (const int cell : p) plain.drop(cell);
    for (int extra = 1; extra <= 2; ++extra) {
      std::vector<int> set = p;
      for (int i = 0; i < extra; ++i) {
        const std::size_t pick = i + sc::uniform_below(rng, outside.size() - i);
        std::swap(outside[i], outside[pick]);
        set.push_back(outside[i]);
      }
      std::sort(set.begin(), set.end());
      // Plain tests of every subset of |P| cells: the set without position
      // a, or without positions a and b.
      std::uint64_t expected = 0;
      auto count_without = [&](std::size_t a, std::size_t b) {
        std::vector<int> t;
        for (std::size_t i = 0; i < set.size(); ++i)
          if (i != a && i != b) t.push_back(set[i]);
        for (const int cell : t) plain.keep(cell);
        expected += minimal_by_plain_tests(plain, t);
        for (const int cell : t) plain.drop(cell);
      };
      for (std::size_t a = 0; a < set.size(); ++a) {
        if (extra == 1) count_without(a, set.size());
        else
          for (std::size_t b = a + 1; b < set.size(); ++b) count_without(a, b);
      }
      for (const int cell : set) filtered.keep(cell);
      ASSERT_TRUE(filtered.proper()) << layout.name() << ", grid " << g;
      std::vector<std::uint64_t> proper(cells_in_all + 1), minimal(cells_in_all + 1);
      d::count_proper_subsets(filtered, set, proper, &minimal);
      for (const int cell : set) filtered.drop(cell);
      EXPECT_GE(expected, 1u) << layout.name() << ", grid " << g << ", " << c << " clues + " << extra;
      EXPECT_EQ(minimal[c], expected) << layout.name() << ", grid " << g << ", " << c << " clues + " << extra;
    }
  }
}

TEST(ProperSubsetsWalk, FindsEveryMinimalPuzzleOneOrTwoCellsInsideOn9x9) {
  expect_walk_finds_inner_minimal_puzzles(sc::Shape{3, 3}, 40, 2034);
}

TEST(ProperSubsetsWalk, FindsEveryMinimalPuzzleOneOrTwoCellsInsideOn6x6) {
  expect_walk_finds_inner_minimal_puzzles(sc::Shape{2, 3}, 8, 2035);
}

// Every set of the size is drawn, with the same probability: 2 of 5 cells,
// 10 sets, 2,000 draws, each set about 200 times with a standard deviation
// of 13.4; a count below 120 or above 280 is 6 standard deviations out.
TEST(UniquenessFilter, RandomCellsDrawsEverySetInCellOrder) {
  d::RandomCells cells(5);
  sc::Rng rng = sc::block_stream(2033, 0);
  std::vector<int> seen(32, 0);
  for (int j = 0; j < 2000; ++j) {
    const std::vector<int>& set = cells.draw(2, rng);
    ASSERT_EQ(set.size(), 2u);
    ASSERT_LT(set[0], set[1]);
    ++seen[(1 << set[0]) | (1 << set[1])];
  }
  int distinct = 0;
  for (int mask = 0; mask < 32; ++mask)
    if (seen[mask]) {
      ++distinct;
      EXPECT_GT(seen[mask], 120) << mask;
      EXPECT_LT(seen[mask], 280) << mask;
    }
  EXPECT_EQ(distinct, 10);
}

}  // namespace
