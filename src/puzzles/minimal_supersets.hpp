#pragma once
// The work of one drawn set in the supersets method of puzzle counting:
// every minimal puzzle of the grid that contains the set (docs/method.md,
// section 17).
#include <cstdint>
#include <vector>

#include "puzzles/proper_subsets.hpp"

namespace sudoku_count::detail {

// Unavoidable sets of one grid: each is the set of cells where another
// completed grid differs from it, so every proper puzzle of the grid holds a
// cell of each, and a puzzle that meets one at a single clue needs that clue
// (without it the other grid completes it too). Seeded per grid and grown by
// the searches of its sets.
class UnavoidableSets {
 public:
  static constexpr std::size_t kMaxSets = std::size_t{1} << 16;
  explicit UnavoidableSets(int cells);
  // For a new grid, with `test` reset to it and no cell kept: the minimal
  // ones among the sets where the completions differ from the grid once the
  // cells of a few symbols are blanked (every pair of symbols, and every
  // triple where the symbols are at most 9). Forgets the previous grid's.
  void seed(UniquenessTest& test, const Grid& grid);
  // Adds one (the caller knows it is new), unless the pool is full; returns
  // its index, or -1.
  int add(const std::vector<int>& cells);
  std::size_t count() const { return bits_.size() / words_; }
  std::size_t words() const { return words_; }
  const std::uint64_t* bits(std::size_t set) const { return &bits_[set * words_]; }
  // The sets that hold a cell, by index.
  const std::vector<std::uint32_t>& holding(int cell) const { return holding_[cell]; }

 private:
  std::size_t words_;
  std::vector<std::uint64_t> bits_;  // words_ per set
  std::vector<std::vector<std::uint32_t>> holding_;
};

// Whether a bit set (a word per 64 cells) holds `cell`.
inline bool holds(const std::uint64_t* bits, int cell) { return bits[cell / 64] >> (cell % 64) & 1; }

// With the grid's cells of `set` kept in `test` (and nothing else), and
// `pool` seeded for that grid (it gains the sets the solver finds): adds to
// minimal[c], for c up to `max_clues`, the minimal puzzles of the grid with c
// cells that contain the set. Each is reached once, by a search over
// unavoidable sets: at a kept set T, take the known one that T misses with
// the fewest cells left to keep (or, when T misses none, one from another
// completion the solver finds; none: T is proper); every proper superset of T
// holds one of its cells, so the i-th branch keeps the i-th cell and excludes
// the earlier ones (a minimal puzzle P is reached by the branch of the first
// of its cells, at every node). Every kept cell carries a witness, a set that
// meets T at that cell alone (from the pool, else from the solver): a kept
// cell without one is implied by the others, and no superset of T is minimal;
// so a proper T is minimal. A branch also ends at a missed set left with
// excluded cells only, and when T plus the number of disjoint missed sets
// exceeds `max_clues`. `test` is left with the set kept.
void count_minimal_supersets(UniquenessTest& test, UnavoidableSets& pool, const std::vector<int>& set,
                             int max_clues, std::vector<std::uint64_t>& minimal);

}  // namespace sudoku_count::detail
