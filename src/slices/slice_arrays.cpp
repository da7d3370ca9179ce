// Counts of slice arrays, memoised by pattern (slice_arrays.hpp).
#include "slices/slice_arrays.hpp"

#include <algorithm>
#include <stdexcept>

namespace sudoku_count::detail {
namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
  h ^= word + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

// A symbol's pattern: its rows (bits 0..), its columns (bits col_shift..);
// false when it lies in more rows than columns or fewer (no array then).
bool symbol_pattern(Mask bit, int rows, int cols, const Mask* row_sets, const Mask* col_sets, int col_shift,
                    std::uint64_t& word) {
  int in_rows = 0, in_columns = 0;
  for (int r = 0; r < rows; ++r)
    if (row_sets[r] & bit) word |= std::uint64_t{1} << r, ++in_rows;
  for (int c = 0; c < cols; ++c)
    if (col_sets[c] & bit) word |= std::uint64_t{1} << (col_shift + c), ++in_columns;
  return in_rows == in_columns;
}

// Arrays by cells in row-major order: the last cell of a row and of a column
// have at most one candidate, so the search is small for the slices served
// (at most 8 x 8, in practice 2 x 2 to 4 x 4).
std::uint64_t fill(int cell, int rows, int cols, const Mask* row_sets, const Mask* col_sets, const int* given,
                   Mask* row_used, Mask* col_used) {
  if (cell == rows * cols) return 1;
  const int r = cell / cols, c = cell % cols;
  Mask candidates = row_sets[r] & col_sets[c] & ~row_used[r] & ~col_used[c];
  if (given[cell] >= 0) candidates &= Mask{1} << given[cell];
  std::uint64_t total = 0;
  for (; candidates; candidates = clear_low_bit(candidates)) {
    const Mask bit = low_bit(candidates);
    row_used[r] |= bit, col_used[c] |= bit;
    total += fill(cell + 1, rows, cols, row_sets, col_sets, given, row_used, col_used);
    row_used[r] &= ~bit, col_used[c] &= ~bit;
  }
  return total;
}

}  // namespace

std::uint64_t SliceArrayCounter::enumerate(int rows, int cols, const Mask* row_sets, const Mask* col_sets,
                                           const std::vector<GivenCell>& given) {
  int given_at[kMaxSide * kMaxSide];
  std::fill(given_at, given_at + rows * cols, -1);
  for (const GivenCell& g : given) given_at[g.row * cols + g.col] = g.symbol;
  Mask row_used[kMaxSide] = {}, col_used[kMaxSide] = {};
  return fill(0, rows, cols, row_sets, col_sets, given_at, row_used, col_used);
}

const SliceArrayCounter::Slot* SliceArrayCounter::find(const std::uint64_t* key, int length,
                                                       std::uint64_t hash) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
    const Slot& slot = slots_[i];
    if (!slot.used) return nullptr;
    if (slot.hash == hash && slot.length == static_cast<std::uint32_t>(length) &&
        std::equal(key, key + length, pool_.begin() + slot.offset))
      return &slot;
  }
}

void SliceArrayCounter::insert(const std::uint64_t* key, int length, std::uint64_t hash, std::uint64_t value) {
  if (2 * (used_ + 1) > slots_.size()) {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (!slot.used) continue;
      for (std::size_t i = slot.hash & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1))
        if (!slots_[i].used) {
          slots_[i] = slot;
          break;
        }
    }
  }
  Slot fresh{hash, static_cast<std::uint32_t>(pool_.size()), static_cast<std::uint32_t>(length), value, true};
  pool_.insert(pool_.end(), key, key + length);
  for (std::size_t i = hash & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1))
    if (!slots_[i].used) {
      slots_[i] = fresh;
      break;
    }
  ++used_;
}

std::uint64_t SliceArrayCounter::small_count(int rows, int cols, const Mask* row_sets, const Mask* col_sets,
                                             Mask symbols) {
  // Per symbol six bits (rows 0-2, columns 3-5), sorted, packed with the sides.
  std::uint8_t words[9];
  int length = 0;
  for (Mask left = symbols; left; left = clear_low_bit(left)) {
    std::uint64_t word = 0;
    if (!symbol_pattern(low_bit(left), rows, cols, row_sets, col_sets, 3, word)) return 0;
    words[length++] = static_cast<std::uint8_t>(word);
  }
  std::sort(words, words + length);
  std::uint64_t key = static_cast<std::uint64_t>(rows * 4 + cols);
  for (int i = 0; i < length; ++i) key = key << 6 | words[i];
  key += 1;
  const std::uint64_t hash = mix(key, 0);
  std::size_t mask = small_.size() - 1;
  std::size_t i = hash & mask;
  for (; small_[i].key != 0; i = (i + 1) & mask)
    if (small_[i].key == key) return small_[i].value;
  const std::uint64_t value = enumerate(rows, cols, row_sets, col_sets, {});
  if (2 * (small_used_ + 1) > small_.size()) {
    std::vector<SmallSlot> old(small_.size() * 2);
    old.swap(small_);
    mask = small_.size() - 1;
    for (const SmallSlot& slot : old)
      if (slot.key != 0) {
        std::size_t j = mix(slot.key, 0) & mask;
        while (small_[j].key != 0) j = (j + 1) & mask;
        small_[j] = slot;
      }
    i = hash & mask;
    while (small_[i].key != 0) i = (i + 1) & mask;
  }
  small_[i] = {key, value};
  ++small_used_;
  return value;
}

std::uint64_t SliceArrayCounter::count(int rows, int cols, const Mask* row_sets, const Mask* col_sets,
                                       const std::vector<GivenCell>& given) {
  if (rows < 1 || cols < 1 || rows > kMaxSide || cols > kMaxSide ||
      (!given.empty() && rows * cols > kMaxCellsWithGivens))
    throw std::logic_error("slice array beyond the counter's sides");
  // The pattern: per symbol its rows (bits 0-7), columns (8-15) and given
  // cells (16-63). A symbol in more rows than columns, or given outside its
  // sets, leaves no array.
  // Each row holds `cols` symbols and each column `rows`, so a set of
  // another size leaves no array.
  Mask symbols = 0;
  for (int r = 0; r < rows; ++r) {
    if (popcount(row_sets[r]) != cols) return 0;
    symbols |= row_sets[r];
  }
  Mask in_cols = 0;
  for (int c = 0; c < cols; ++c) {
    if (popcount(col_sets[c]) != rows) return 0;
    in_cols |= col_sets[c];
  }
  if (symbols != in_cols) return 0;
  if (rows <= 3 && cols <= 3 && given.empty()) return small_count(rows, cols, row_sets, col_sets, symbols);
  std::uint64_t key[kMaxSide * kMaxSide + 1];
  key[0] = static_cast<std::uint64_t>(rows * 16 + cols);  // the sides
  int length = 1;
  for (Mask left = symbols; left; left = clear_low_bit(left)) {
    std::uint64_t word = 0;
    if (!symbol_pattern(low_bit(left), rows, cols, row_sets, col_sets, 8, word)) return 0;
    key[length++] = word;
  }
  for (const GivenCell& g : given) {
    const Mask bit = Mask{1} << g.symbol;
    if (!(row_sets[g.row] & col_sets[g.col] & bit)) return 0;
    // The symbol's word: its rank among the symbols.
    const int rank = 1 + popcount(symbols & (bit - 1));
    key[rank] |= std::uint64_t{1} << (16 + g.row * cols + g.col);
  }
  std::sort(key + 1, key + length);
  std::uint64_t hash = static_cast<std::uint64_t>(length);
  for (int i = 0; i < length; ++i) hash = mix(hash, key[i]);
  if (const Slot* slot = find(key, length, hash)) return slot->value;
  const std::uint64_t value = enumerate(rows, cols, row_sets, col_sets, given);
  insert(key, length, hash, value);
  return value;
}

}  // namespace sudoku_count::detail
