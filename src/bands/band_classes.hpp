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
#include <cstdint>
#include <functional>
#include <memory>
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

// The classes of two bands of R rows (R x 2 boxes, 2 <= R <= 6), streamed in
// chunks so that a job can spread, save and resume the sum over them
// (docs/method.md, section 8). The type multisets are walked in one fixed
// order; chunk i is every multiset below the i-th prefix (the counts of the
// first types) of that walk. A class is met once, at its representative: the
// multiset whose count vector, read in type order, is the largest of its
// class (so type 0 has the largest count, which prunes the walk). Whether a
// multiset is its class's largest is decided by a search over the group
// B_R, bit by bit of the permutation, that also counts the elements fixing
// it: |class| = (2^R R! / fixing) N!/prod(m_t!).
class TwoBandClassChunks {
 public:
  explicit TwoBandClassChunks(int rows);
  ~TwoBandClassChunks();
  TwoBandClassChunks(const TwoBandClassChunks&) = delete;
  TwoBandClassChunks& operator=(const TwoBandClassChunks&) = delete;

  int rows() const { return rows_; }
  std::uint64_t chunks() const { return prefixes_.size(); }
  // Calls visit once for each class whose representative lies in the chunk,
  // in walk order. Safe to call from several threads at once.
  void for_each_class(std::uint64_t chunk, const std::function<void(const BandClass&)>& visit) const;

 private:
  struct Tables;
  int rows_;
  std::unique_ptr<const Tables> tables_;
  std::vector<std::vector<int>> prefixes_;
};

// Column sets of a class's representative: symbols numbered in order of
// type; column b*C + k of the band holds the symbols whose digit b is k.
void band_class_column_sets(const BandClass& band_class, const Shape& shape, Mask* sets);

}  // namespace sudoku_count::detail
