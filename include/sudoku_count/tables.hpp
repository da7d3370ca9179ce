#pragma once
// The band tables that the band methods (exact and estimate) precompute for
// a shape (docs/method.md): what each holds, its size and its build time.
#include <cstddef>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

struct TableSize {
  std::string name;
  std::size_t entries = 0;
  std::size_t bytes = 0;
  double seconds = 0;  // build time
};

struct BandTablesReport {
  Shape shape;
  BigInt bands_total;  // N! x canonical bands: the number of all bands
  std::vector<TableSize> tables;
};

// Builds the band tables of the shape, reports them and frees them. Throws
// InputError naming the reason when they do not fit.
BandTablesReport band_tables_report(const Shape& shape);

}  // namespace sudoku_count
