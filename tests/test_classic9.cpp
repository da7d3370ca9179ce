// The 9x9 kernel (solve/classic9.hpp) against the dancing-links search, on
// the known puzzles, the public 17-clue puzzles and random subsets of
// uniform grids; and its test for a second completion given the grid.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include "cover/sudoku_cover.hpp"
#include "known_answers.hpp"
#include "solve/classic9.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/solve.hpp"

namespace sc = sudoku_count;
using sc::detail::classic9_completions;
using sc::detail::classic9_other_completion;

namespace {

using Cells = std::vector<std::uint8_t>;

const sc::Layout kNine{sc::Shape{3, 3}};

Cells cells_of(const sc::Grid& grid) { return Cells(grid.cells.begin(), grid.cells.end()); }

sc::Grid grid_of(const Cells& cells) {
  sc::Grid grid = sc::empty_grid(kNine);
  std::copy(cells.begin(), cells.end(), grid.cells.begin());
  return grid;
}

// Completions by the kernel, up to `limit`.
std::vector<Cells> kernel_completions(const Cells& puzzle, std::uint64_t limit) {
  std::vector<Cells> found;
  classic9_completions(puzzle.data(), limit, [&](const std::uint8_t* grid) { found.emplace_back(grid, grid + 81); });
  return found;
}

// Completions by dancing links, up to `limit`.
std::vector<Cells> cover_completions(const Cells& puzzle, std::uint64_t limit) {
  sc::detail::ExactCover cover = sc::detail::empty_grid_cover(kNine);
  const sc::Grid grid = grid_of(puzzle);
  sc::detail::select_givens(cover, grid);
  std::vector<Cells> found;
  for (const std::vector<int>& solution : cover.find_solutions(limit)) {
    Cells cells = puzzle;
    for (int option : solution) cells[option / 9] = static_cast<std::uint8_t>(option % 9 + 1);
    found.push_back(cells);
  }
  return found;
}

// Whether two cells of the 9x9 grid share a row, a column or a box.
bool peers(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3); }

bool valid_completion(const Cells& grid, const Cells& puzzle) {
  for (int i = 0; i < 81; ++i)
    if (grid[i] < 1 || grid[i] > 9 || (puzzle[i] && puzzle[i] != grid[i])) return false;
  for (int a = 0; a < 81; ++a)
    for (int b = a + 1; b < 81; ++b)
      if (peers(a, b) && grid[a] == grid[b]) return false;
  return true;
}

// Checks the kernel against dancing links on one puzzle, counting to two:
// the same number of completions, each valid, the same set; and the test for
// a second completion given the first agrees.
void check_puzzle(const Cells& puzzle, const std::string& what) {
  std::vector<Cells> ours = kernel_completions(puzzle, 2), theirs = cover_completions(puzzle, 2);
  ASSERT_EQ(ours.size(), theirs.size()) << what;
  for (const Cells& grid : ours) ASSERT_TRUE(valid_completion(grid, puzzle)) << what;
  if (ours.size() == 1) {
    ASSERT_EQ(ours[0], theirs[0]) << what;
  }
  if (ours.empty()) return;
  Cells other(81);
  const bool more = classic9_other_completion(puzzle.data(), ours[0].data(), other.data());
  ASSERT_EQ(more, ours.size() == 2) << what;
  if (more) {
    EXPECT_TRUE(valid_completion(other, puzzle)) << what;
    EXPECT_NE(other, ours[0]) << what;
  }
}

// `count` uniform 9x9 grids (seeded): sampling sets up its tables once a call.
std::vector<Cells> uniform_grids(int count, std::uint64_t seed) {
  sc::SampleOptions options;
  options.count = static_cast<std::uint64_t>(count);
  options.seed = seed;
  options.threads = 1;
  std::vector<Cells> out;
  for (const sc::Grid& grid : sc::sample_grids(kNine, options).grids) out.push_back(cells_of(grid));
  return out;
}

// A random k-cell subset of each grid: the workload of counting puzzles.
std::vector<Cells> random_subsets(const std::vector<Cells>& grids, int clues, std::uint64_t seed) {
  std::vector<Cells> out;
  sc::Rng rng = sc::block_stream(seed, static_cast<std::uint64_t>(clues));
  for (const Cells& grid : grids) {
    std::vector<int> order(81);
    std::iota(order.begin(), order.end(), 0);
    for (int i = 0; i < clues; ++i) std::swap(order[i], order[i + sc::uniform_below(rng, 81 - i)]);
    Cells puzzle(81, 0);
    for (int i = 0; i < clues; ++i) puzzle[order[i]] = grid[order[i]];
    out.push_back(puzzle);
  }
  return out;
}

std::vector<Cells> seventeen_clue_puzzles(std::size_t most) {
  std::ifstream in(std::string(SUDOKU_COUNT_TEST_DATA_DIR) + "/puzzles-17-clue.txt");
  std::vector<Cells> out;
  std::string line;
  while (out.size() < most && std::getline(in, line)) {
    if (line.size() < 81) continue;
    Cells cells(81);
    for (int i = 0; i < 81; ++i) cells[i] = static_cast<std::uint8_t>(line[i] == '.' ? 0 : line[i] - '0');
    out.push_back(cells);
  }
  return out;
}

}  // namespace

TEST(Classic9, KnownPuzzlesHaveTheirCounts) {
  for (const auto& known : sc::known::puzzles()) {
    if (!(known.shape == sc::Shape{3, 3})) continue;
    const Cells puzzle = cells_of(sc::known::puzzle_grid(known.name));
    const std::uint64_t expected = std::stoull(known.count.str());
    // Up to one more than the count: the kernel must stop there on its own.
    const std::vector<Cells> found = kernel_completions(puzzle, expected + 1);
    EXPECT_EQ(found.size(), expected) << known.name;
    if (!known.solution.empty()) {
      EXPECT_EQ(found.at(0), cells_of(sc::known::solution_grid(known.name))) << known.name;
    }
    if (expected <= 2) check_puzzle(puzzle, known.name);
  }
}

TEST(Classic9, SeventeenClueSampleIsUnique) {
  const std::vector<Cells> puzzles = seventeen_clue_puzzles(400);
  ASSERT_EQ(puzzles.size(), 400u);
  for (std::size_t i = 0; i < puzzles.size(); ++i) check_puzzle(puzzles[i], "17-clue line " + std::to_string(i + 1));
}

TEST(Classic9, RandomSubsetsAgreeWithDancingLinks) {
  const std::vector<Cells> grids = uniform_grids(40, 7);
  for (int clues = 22; clues <= 32; ++clues)
    for (const Cells& puzzle : random_subsets(grids, clues, 7)) check_puzzle(puzzle, std::to_string(clues) + " clues");
}

// Whether the puzzle has a completion whose digit at `cell` (blank) is not
// the grid's, by dancing links: each other digit put there in turn.
bool cover_differs_at(Cells puzzle, const Cells& grid, int cell) {
  for (std::uint8_t digit = 1; digit <= 9; ++digit) {
    if (digit == grid[cell]) continue;
    bool clash = false;  // a given peer holds the digit
    for (int peer = 0; peer < 81; ++peer) clash |= peer != cell && peers(peer, cell) && puzzle[peer] == digit;
    if (clash) continue;
    puzzle[cell] = digit;
    const std::vector<Cells> found = cover_completions(puzzle, 1);
    if (!found.empty()) {
      EXPECT_TRUE(valid_completion(found[0], puzzle));
      return true;
    }
  }
  return false;
}

// The search the puzzle counts make for each clue of a proper set (is the
// clue forced once it is blanked?) against dancing links: random subsets
// of uniform grids with one given blanked, at clue counts from the sparse
// (every blank has other digits) to the proper (most are forced). Both
// answers must occur, or the comparison means nothing.
TEST(Classic9, DifferAtAgreesWithDancingLinks) {
  const std::vector<Cells> grids = uniform_grids(12, 9);
  std::uint64_t differs = 0, forced = 0;
  for (const int clues : {22, 26, 28, 30, 34})
    for (std::size_t g = 0; g < grids.size(); ++g) {
      const Cells puzzle = random_subsets({grids[g]}, clues, 100 * g + clues)[0];
      for (int cell = 0; cell < 81; ++cell) {
        if (!puzzle[cell]) continue;
        Cells blanked = puzzle;
        blanked[cell] = 0;
        Cells other(81);
        const bool ours = classic9_other_completion(blanked.data(), grids[g].data(), other.data(), nullptr, cell);
        const std::string what = std::to_string(clues) + " clues, grid " + std::to_string(g) + ", cell " +
                                 std::to_string(cell);
        ASSERT_EQ(ours, cover_differs_at(blanked, grids[g], cell)) << what;
        if (ours) {
          EXPECT_TRUE(valid_completion(other, blanked)) << what;
          EXPECT_NE(other[cell], grids[g][cell]) << what;
        }
        ++(ours ? differs : forced);
      }
    }
  EXPECT_GT(differs, 100u);
  EXPECT_GT(forced, 100u);
}

TEST(Classic9, SparseAndContradictoryPuzzles) {
  check_puzzle(Cells(81, 0), "empty grid");
  // Row 1 holds 1..8, so r1c9 must be 9, but r2c9 is 9: no completion,
  // though no two givens clash.
  Cells clash(81, 0);
  const std::string dead = "12345678.........9";
  for (std::size_t i = 0; i < dead.size(); ++i) clash[i] = static_cast<std::uint8_t>(dead[i] == '.' ? 0 : dead[i] - '0');
  EXPECT_TRUE(kernel_completions(clash, 2).empty());
  check_puzzle(clash, "no completion");
}

TEST(Classic9, RectangleWithoutGivenIsASecondCompletionAtOnce) {
  const Cells grid = cells_of(sc::known::solution_grid("leetcode-37"));
  // Find two rows of one band and two columns whose digits cross.
  for (int a = 0; a < 9; ++a)
    for (int b = a + 1; b < (a / 3 + 1) * 3; ++b)
      for (int k = 0; k < 9; ++k)
        for (int j = k + 1; j < 9; ++j) {
          if (grid[9 * a + k] != grid[9 * b + j] || grid[9 * a + j] != grid[9 * b + k]) continue;
          Cells puzzle = grid;
          for (int cell : {9 * a + k, 9 * a + j, 9 * b + k, 9 * b + j}) puzzle[cell] = 0;
          Cells other(81);
          std::uint64_t nodes = 1;
          ASSERT_TRUE(classic9_other_completion(puzzle.data(), grid.data(), other.data(), &nodes));
          EXPECT_EQ(nodes, 0u);  // found by the rectangle check, no search
          EXPECT_TRUE(valid_completion(other, puzzle));
          EXPECT_NE(other, grid);
          return;
        }
  GTEST_SKIP() << "no crossing rectangle in this grid";
}

TEST(Classic9Slow, WholeSeventeenClueFileIsUnique) {
  const std::vector<Cells> puzzles = seventeen_clue_puzzles(1000000);
  ASSERT_EQ(puzzles.size(), 49151u);
  for (std::size_t i = 0; i < puzzles.size(); ++i) check_puzzle(puzzles[i], "17-clue line " + std::to_string(i + 1));
}

TEST(Classic9Slow, HundredThousandRandomSubsetsAtEachClueCount) {
  const std::vector<Cells> grids = uniform_grids(100000, 11);
  for (int clues = 22; clues <= 32; ++clues)
    for (const Cells& puzzle : random_subsets(grids, clues, 11)) check_puzzle(puzzle, std::to_string(clues) + " clues");
}

TEST(Classic9, FinderStillRefusesBadGridsBuiltInCode) {
  // The kernel path checks a grid in full only when it finds no completion
  // or the grid is malformed: a clash must still be refused, not answered.
  sc::Grid clash = sc::empty_grid(kNine);
  clash.cells[0] = clash.cells[1] = 5;
  EXPECT_THROW(sc::find_completions(clash, 2), sc::InputError);
  sc::Grid big = sc::empty_grid(kNine);
  big.cells[40] = 10;
  EXPECT_THROW(sc::find_completions(big, 2), sc::InputError);
  sc::Grid short_grid = sc::empty_grid(kNine);
  short_grid.cells.pop_back();
  EXPECT_THROW(sc::find_completions(short_grid, 2), sc::InputError);
  sc::Grid grid = sc::empty_grid(kNine);
  EXPECT_THROW(sc::has_other_completion(grid, grid), sc::InputError);  // not a completed grid
}
