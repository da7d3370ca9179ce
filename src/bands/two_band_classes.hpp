#pragma once
// Grids of two bands (boxes of R rows and 2 columns, N = 2R): the classes of
// band-1 column sets over which the exact count is a sum of squares
// (docs/method.md, section 8).
//
// Every column holds R symbols in each band, so band 2's column sets are the
// complements of band 1's. In a box the two column sets of band 1 are
// complements of each other, so band 2's column sets are band 1's with the
// two columns of every stack swapped, and f takes the same value on both:
//   number of grids = sum over band-1 column sets X of f(X)^2.
// X is one bit per (symbol, stack): which of the stack's two columns holds
// the symbol. Read per symbol, these bits form the symbol's type, an R-bit
// word, and each bit is set in exactly R of the N types (a column holds R
// symbols). f depends only on the multiset of types (relabelling symbols),
// and does not change when stacks are permuted or the two columns of a stack
// swapped: the hyperoctahedral group of the R type bits (R! 2^R elements). So
// the sum runs over the classes of type multisets under that group, each
// weighted by the number of column-set choices X in it.
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "core/bits.hpp"

namespace sudoku_count::detail {

// Largest R for which the classes are enumerated: 355 classes for R = 5
// (589,392 type multisets); R = 6 has 64 types and 12-column bands, far out
// of reach of this method.
inline constexpr int kMaxTwoBandRows = 5;

struct TwoBandClass {
  std::vector<int> symbols_of_type;  // indexed by the R-bit type
  BigInt column_sets;                // band-1 column-set choices X in the class
};

// One representative per class, 1 <= rows <= kMaxTwoBandRows. The class
// sizes add up to C(2R, R)^R, every choice of band-1 column sets.
std::vector<TwoBandClass> two_band_classes(int rows, int threads);

// Band-1 column sets of a class's representative: symbols numbered in order
// of type; column 2k holds the symbols whose type has bit k set, column
// 2k + 1 the others.
void two_band_column_sets(const TwoBandClass& type_class, int rows, Mask* sets);

}  // namespace sudoku_count::detail
