#pragma once
// Precomputed tables for the band methods, built once per shape and then
// shared read-only by all threads:
//  - the row-permutation table (all N! orderings of the symbols, N <= 10),
//  - the canonical band table: every band (R rows, all N columns, R boxes)
//    whose first row is 0,1,...,N-1, stored per band and symbol as the mask
//    of the columns that hold that symbol,
//  - the band-filling table f(X) (see band_fillings.hpp), for R >= 3.
// A band in general is a relabelling of exactly one canonical band (the
// relabelling is its first row), so the number of bands is N! times the
// number of canonical bands.
#include <cstddef>
#include <memory>
#include <cstdint>
#include <string>
#include <vector>

#include "bands/band_fillings.hpp"
#include "core/bits.hpp"
#include "sudoku_count/shape.hpp"
#include "sudoku_count/tables.hpp"

namespace sudoku_count::detail {

struct TableLimits {
  std::size_t max_bytes = std::size_t{2} << 30;  // per table
  int threads = 0;                               // of the builds (0: all cores)
};

class RowPermutations {
 public:
  static constexpr int kMaxSymbols = 10;  // 10! rows of 10 bytes = 36 MB
  explicit RowPermutations(int n);        // n <= kMaxSymbols
  std::size_t size() const { return count_; }
  const std::uint8_t* row(std::size_t index) const { return &symbols_[index * n_]; }
  std::size_t bytes() const { return symbols_.size(); }

 private:
  int n_;
  std::size_t count_ = 0;
  std::vector<std::uint8_t> symbols_;  // row-major: count_ rows of n_ symbols
};

class CanonicalBands {
 public:
  using StoredMask = std::uint16_t;  // the table is built for N <= 16 only
  static constexpr int kMaxSymbols = 16;
  // Enumerates all canonical bands of the shape. Throws InputError when the
  // table would not fit the limits (the message names the size).
  CanonicalBands(const Shape& shape, const RowPermutations* permutations, const TableLimits& limits);

  std::size_t size() const { return count_; }
  std::size_t bytes() const { return symbol_columns_.size() * sizeof(StoredMask); }
  // Columns (bit j = column j) that hold `symbol` in band `index`.
  Mask symbol_columns(std::size_t index, int symbol) const { return symbol_columns_[index * n_ + symbol]; }
  // The band's column sets: for each column, the mask of symbols in it.
  void column_sets(std::size_t index, Mask* sets) const;

 private:
  int n_;
  std::size_t count_ = 0;
  std::vector<StoredMask> symbol_columns_;
};

// Everything the band estimator needs for one shape.
struct BandTables {
  Shape shape;
  BigInt bands_total;  // N! * canonical bands: the number of all bands
  std::unique_ptr<RowPermutations> permutations;  // null when N > 10
  std::unique_ptr<CanonicalBands> bands;
  std::unique_ptr<BandFillings> fillings;

  std::vector<TableSize> report;  // each table's size and build time

  static BandTables build(const Shape& shape, const TableLimits& limits = {});
};

}  // namespace sudoku_count::detail
