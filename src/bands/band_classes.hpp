#pragma once
// Classes of band column sets, over which the exact counts sum
// (docs/method.md, sections 7 and 8).
//
// A band of R x C boxes is R rows across R boxes of C columns. Its column
// sets X give the R symbols of each column, and the C sets of a box
// partition the N = RC symbols. Read per symbol, X gives in each box b the
// column k_b (0..C-1) that holds the symbol: the symbol's type, the word
// k_0 + k_1 C + ... + k_{R-1} C^(R-1) in [C]^R. Every (box, column) pair is
// taken by exactly R symbols, and X and the labelled list of types determine
// each other.
//
// The band's fillings f(X) and the ways G(X) to complete band 1 into a grid
// depend only on the multiset of types (relabelling the symbols), and do not
// change when the columns of a box are permuted (one digit's values
// permuted) or the boxes are permuted (the digits permuted): the wreath
// product S_C wr S_R, of order (C!)^R R!, acting on the types. So a sum over
// band-1 column sets runs over the classes of type multisets under that
// group, each weighted by the number of column-set choices X in it
// (Felgenhauer and Jarvis 2005 reduce band 1 the same way; for 3 x 3 boxes
// the classes are Russell's 44). For C = 2 the group is the hyperoctahedral
// group of the R type bits.
#include <vector>

#include "core/bits.hpp"
#include "sudoku_count/bignum.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

struct BandClass {
  std::vector<int> symbols_of_type;  // indexed by type, C^R entries
  BigInt column_sets;                // band-1 column-set choices X in the class
};

// Whether band_classes enumerates the shape's classes (the group and the
// multisets stay small: 3 x 3, 2 x C and C x 2 up to N = 10, and smaller).
bool band_classes_in_reach(const Shape& shape);

// One representative per class. The class sizes add up to
// (N! / (R!)^C)^R, every choice of band-1 column sets.
std::vector<BandClass> band_classes(const Shape& shape, int threads);

// Column sets of a class's representative: symbols numbered in order of
// type; column b*C + k of the band holds the symbols whose digit b is k.
void band_class_column_sets(const BandClass& band_class, const Shape& shape, Mask* sets);

}  // namespace sudoku_count::detail
