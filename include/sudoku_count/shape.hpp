#pragma once
// Box geometry: an R x C box shape gives an N x N grid, N = R*C, with
// C bands of R rows (R boxes side by side) and R stacks of C columns.
#include <cstdint>
#include <string>

#include "sudoku_count/bignum.hpp"

namespace sudoku_count {

inline constexpr int kMaxGridSize = 64;  // symbols are bits of a uint64_t

struct Shape {
  int box_rows = 0;  // R
  int box_cols = 0;  // C

  int n() const { return box_rows * box_cols; }
  int cells() const { return n() * n(); }
  int bands() const { return box_cols; }   // N / R
  int stacks() const { return box_rows; }  // N / C
  int box_of(int row, int col) const { return (row / box_rows) * box_rows + col / box_cols; }

  // "3" -> 3x3 boxes; "RxC" -> R rows by C columns per box. Throws InputError
  // with a message naming what is wrong (bad syntax, zero, N > 64).
  static Shape parse(const std::string& text);
  std::string name() const;  // "3x3"
  bool operator==(const Shape&) const = default;
};

// Order of the geometric symmetry group times N! relabellings:
// N! * C!*(R!)^C * R!*(C!)^R, doubled when R == C (transposition).
BigInt symmetry_group_order(const Shape& shape);

}  // namespace sudoku_count
