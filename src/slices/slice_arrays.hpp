#pragma once
// Counts of slice arrays (docs/method.md, section 14): the arrays of `rows`
// x `cols` cells whose row r holds exactly the symbols of row_sets[r] and
// whose column c holds exactly those of col_sets[c], some cells given. By
// the slice lemma a band's fillings under the extra houses of a variant are
// a product of these counts, one per slice, once each row's symbol set
// inside each slice is known.
//
// A count depends only on the pattern of the sets (which rows and columns
// each symbol is in, and which cells it is given in), not on the symbols'
// names: counts are memoised by that pattern, so a counter used for a whole
// sum computes each pattern once. A counter is not thread-safe: one per
// thread.
#include <cstdint>
#include <vector>

#include "core/bits.hpp"

namespace sudoku_count::detail {

// Exact counts of band fillings and completions (up to 2^128).
using SliceCount = UInt128;

// A cell given inside a slice array.
struct GivenCell {
  int row = 0;
  int col = 0;
  int symbol = 0;
};

class SliceArrayCounter {
 public:
  // Slices of at most 8 rows and 8 columns; givens only in slices of at
  // most 48 cells.
  static constexpr int kMaxSide = 8;
  static constexpr int kMaxCellsWithGivens = 48;

  // The number of arrays. Zero unless every symbol lies in as many rows as
  // columns (each symbol's cells are a perfect matching of its rows to its
  // columns) and every given symbol lies in its cell's row and column sets.
  std::uint64_t count(int rows, int cols, const Mask* row_sets, const Mask* col_sets,
                      const std::vector<GivenCell>& given = {});

  // Patterns counted so far (the memo's size).
  std::size_t patterns() const { return used_ + small_used_; }

 private:
  // The memo: an open-addressed table of patterns (sorted words, one per
  // symbol: its rows, its columns and its given cells) kept in one pool.
  struct Slot {
    std::uint64_t hash = 0;
    std::uint32_t offset = 0, length = 0;
    std::uint64_t value = 0;
    bool used = false;
  };
  const Slot* find(const std::uint64_t* key, int length, std::uint64_t hash) const;
  void insert(const std::uint64_t* key, int length, std::uint64_t hash, std::uint64_t value);
  static std::uint64_t enumerate(int rows, int cols, const Mask* row_sets, const Mask* col_sets,
                                 const std::vector<GivenCell>& given);
  // Small slices (at most 3 x 3, no givens) have a pattern of one word:
  // nine symbols of six bits; they have a table of their own.
  struct SmallSlot {
    std::uint64_t key = 0;  // the pattern + 1 (0: empty)
    std::uint64_t value = 0;
  };
  std::uint64_t small_count(int rows, int cols, const Mask* row_sets, const Mask* col_sets, Mask symbols);
  std::vector<SmallSlot> small_ = std::vector<SmallSlot>(1024);
  std::size_t small_used_ = 0;
  std::vector<Slot> slots_ = std::vector<Slot>(1024);
  std::vector<std::uint64_t> pool_;
  std::size_t used_ = 0;
};

}  // namespace sudoku_count::detail
