#pragma once
// A pool of unavoidable sets of one grid (puzzle counting).
#include <cstdint>
#include <vector>

#include "puzzles/uniqueness_test.hpp"

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
  // Forgets every set.
  void clear();
  // Adds one (the caller knows it is new), unless the pool is full; returns
  // its index, or -1.
  int add(const std::vector<int>& cells);
  std::size_t count() const { return bits_.size() / words_; }
  std::size_t words() const { return words_; }
  const std::uint64_t* bits(std::size_t set) const { return &bits_[set * words_]; }
  // The sets that hold a cell, by index.
  const std::vector<std::uint32_t>& holding(int cell) const { return holding_[cell]; }
  // Whether a set of kept cells (a bit set) misses one of the sets, so that
  // it is not proper. The scan goes in an order of its own, and a set found
  // moves up it: the few sets that most random sets miss come first.
  bool missed_by(const std::uint64_t* kept);
  // Whether a set of kept cells (a bit set) misses set `set`.
  bool misses(std::size_t set, const std::uint64_t* kept) const {
    const std::uint64_t* bits = this->bits(set);
    for (std::size_t w = 0; w < words_; ++w)
      if (bits[w] & kept[w]) return false;
    return true;
  }
  // A set that meets a set of kept cells (a bit set, holding `cell`) at
  // `cell` alone, latest first; -1 if none. Without `cell` the kept cells are
  // not proper: that set's other completion completes them too.
  int witness(const std::uint64_t* kept, int cell) const;

 private:
  std::size_t words_;
  std::vector<std::uint64_t> bits_;  // words_ per set
  std::vector<std::vector<std::uint32_t>> holding_;
  std::vector<std::vector<std::uint64_t>> holding_bits_;  // per cell, the bits of its holding_ sets in turn
  std::vector<std::uint32_t> order_;  // the scan order of missed_by
};

// Whether a bit set (a word per 64 cells) holds `cell`.
inline bool holds(const std::uint64_t* bits, int cell) { return bits[cell / 64] >> (cell % 64) & 1; }
// Puts `cell` in a bit set, or takes it out.
inline void set_bit(std::uint64_t* bits, int cell, bool on) {
  const std::uint64_t mask = std::uint64_t{1} << (cell % 64);
  if (on) bits[cell / 64] |= mask;
  else bits[cell / 64] &= ~mask;
}

}  // namespace sudoku_count::detail
