#include <gtest/gtest.h>

#include <numeric>

#include <boost/multiprecision/cpp_int.hpp>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include "sudoku_count/rng.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

// Reference f: the plain recursion over every first row, no row fixing and no
// memo, written independently of the library's.
std::uint64_t plain_fillings(std::vector<Mask>& sets, int rows, int n, int column, Mask used) {
  if (rows == 0) return 1;
  if (column == n) return plain_fillings(sets, rows - 1, n, 0, 0);
  std::uint64_t total = 0;
  for (Mask options = sets[column] & ~used; options; options = clear_low_bit(options)) {
    const Mask bit = low_bit(options);
    sets[column] ^= bit;
    total += plain_fillings(sets, rows, n, column + 1, used | bit);
    sets[column] ^= bit;
  }
  return total;
}

BigInt binomial(int n, int k) { return factorial(n) / (factorial(k) * factorial(n - k)); }

}  // namespace

// Every choice of band-1 column sets lies in exactly one class: the sizes
// add up to (N!/(R!)^C)^R.
TEST(BandClasses, SizesAddUpToEveryColumnSetChoice) {
  for (const Shape s : {Shape{1, 2}, Shape{2, 1}, Shape{2, 2}, Shape{3, 2}, Shape{4, 2}, Shape{2, 3}, Shape{1, 3},
                        Shape{3, 1}, Shape{2, 4}, Shape{3, 3}}) {
    BigInt total = 0;
    for (const BandClass& c : band_classes(s, 2)) total += c.column_sets;
    const BigInt partitions = factorial(s.n()) / boost::multiprecision::pow(factorial(s.box_rows), s.box_cols);
    EXPECT_EQ(total, boost::multiprecision::pow(partitions, static_cast<unsigned>(s.box_rows))) << s.name();
  }
}

// The 10x10 classes: every one of the 252^5 choices in exactly one of them.
TEST(BandClasses, FiveRowClassSizesAddUp) {
  const auto classes = band_classes(Shape{5, 2}, 2);
  BigInt total = 0;
  for (const BandClass& c : classes) total += c.column_sets;
  EXPECT_EQ(total, boost::multiprecision::pow(binomial(10, 5), 5u));
  EXPECT_EQ(classes.size(), 355u);
}

// Class counts, for comparison: Russell's 44 classes of 9x9 band 1 (under
// relabelling, column permutations within boxes and box permutations), and
// the 26 classes of two 4-row bands.
TEST(BandClasses, KnownClassCounts) {
  EXPECT_EQ(band_classes(Shape{3, 3}, 2).size(), 44u);
  EXPECT_EQ(band_classes(Shape{4, 2}, 2).size(), 26u);
}

// Summing |class| f over the classes counts every band once: the 9x9 band
// count 9! 56 6^6 and b(3,2) (comparison values), b(2,C) = C(2C,C) (C!)^4.
TEST(BandClasses, WeightedFillingsCountAllBands) {
  const std::pair<Shape, BigInt> known[] = {{Shape{3, 3}, BigInt("948109639680")},
                                            {Shape{3, 2}, BigInt(460800)},
                                            {Shape{2, 3}, binomial(6, 3) * boost::multiprecision::pow(factorial(3), 4)},
                                            {Shape{2, 4}, binomial(8, 4) * boost::multiprecision::pow(factorial(4), 4)}};
  for (const auto& [shape, bands] : known) {
    BigInt total = 0;
    for (const BandClass& c : band_classes(shape, 2)) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(c, shape, sets);
      total += c.column_sets * count_band_fillings(sets, shape.box_rows, shape.n());
    }
    EXPECT_EQ(total, bands) << shape.name();
  }
}

TEST(BandClasses, RepresentativesAreValidColumnSets) {
  for (const Shape s : {Shape{1, 2}, Shape{2, 2}, Shape{3, 2}, Shape{4, 2}, Shape{2, 3}, Shape{3, 3}})
    for (const BandClass& c : band_classes(s, 1)) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(c, s, sets);
      for (int b = 0; b < s.box_rows; ++b) {
        Mask box = 0;
        for (int k = 0; k < s.box_cols; ++k) {
          const Mask set = sets[b * s.box_cols + k];
          EXPECT_EQ(popcount(set), s.box_rows);
          EXPECT_EQ(box & set, Mask{0});
          box |= set;
        }
        EXPECT_EQ(box, low_bits(s.n()));
      }
    }
}

TEST(BandClasses, ClassesDoNotDependOnThreads) {
  const auto one = band_classes(Shape{3, 3}, 1), two = band_classes(Shape{3, 3}, 2);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].symbols_of_type, two[i].symbols_of_type);
    EXPECT_EQ(one[i].column_sets, two[i].column_sets);
  }
}

TEST(BandFillings, MatchPlainRecursionOnTwoBandClasses) {
  for (int rows = 2; rows <= 4; ++rows)
    for (const BandClass& c : band_classes(Shape{rows, 2}, 2)) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(c, Shape{rows, 2}, sets);
      std::vector<Mask> work(sets, sets + 2 * rows);
      EXPECT_EQ(count_band_fillings(sets, rows, 2 * rows), plain_fillings(work, rows, 2 * rows, 0, 0));
    }
}

// With every column holding every symbol, a filling is a Latin square, whose
// numbers are classical (for comparison only): 5 and 6 exercise the memo of
// remainders, which starts at five rows.
TEST(BandFillings, LatinSquares) {
  const std::uint64_t latin_squares[] = {1, 1, 2, 12, 576, 161280, 812851200};
  for (int n = 1; n <= 6; ++n) {
    std::vector<Mask> sets(n, low_bits(n));
    EXPECT_EQ(count_band_fillings(sets.data(), n, n), latin_squares[n]) << n;
  }
}

// Three rows, the closing count of the sets estimator, against the plain
// recursion on random 3 x N Latin rectangles' column sets (N = 6..15).
TEST(BandFillings, ThreeRowsMatchPlainRecursion) {
  Rng rng = block_stream(21, 0);
  for (int n = 6; n <= 15; ++n) {
    for (int trial = 0; trial < 3; ++trial) {
      // Rows drawn one at a time as uniform permutations avoiding the
      // symbols already in each column (rejection).
      std::vector<Mask> sets(n, 0);
      for (int row = 0; row < 3; ++row) {
        std::vector<int> perm(n);
        for (;;) {
          std::iota(perm.begin(), perm.end(), 0);
          for (int i = n - 1; i > 0; --i) std::swap(perm[i], perm[uniform_below(rng, i + 1)]);
          bool ok = true;
          for (int j = 0; j < n && ok; ++j) ok = !(sets[j] >> perm[j] & 1);
          if (ok) break;
        }
        for (int j = 0; j < n; ++j) sets[j] |= Mask{1} << perm[j];
      }
      std::vector<Mask> work = sets;
      EXPECT_EQ(count_band_fillings(sets.data(), 3, n), plain_fillings(work, 3, n, 0, 0)) << "n " << n;
    }
  }
}

namespace {

// Column sets of `blocks` complete blocks of `size` columns sharing `size`
// symbols (each a K_{size,size}: its fillings are the Latin squares of
// order `size`), from column `first` on.
void complete_blocks(Mask* sets, int first, int blocks, int size) {
  for (int b = 0; b < blocks; ++b)
    for (int j = 0; j < size; ++j) sets[first + b * size + j] = low_bits(size) << (first + b * size);
}

}  // namespace

// Every path at the largest shape it admits, with counts beyond 64 bits
// where the path can reach them (band_fillings.hpp gives the bounds).
// Three closing rows of 64 columns (smc's closing=3 on 64x64): 20 blocks of
// 3 columns (12 fillings each, the 3x3 Latin squares) and 4 columns whose
// symbols are all but their own (a 3-cube; its count by brute force over
// the 3^12 row choices): f = 12^20 q, past 2^64 by a factor 200.
TEST(BandFillings, CountsPastSixtyFourBitsAtTheLargestShapes) {
  EXPECT_LT(filling_count_bound_bits(3, kMaxGridSize), 88);
  EXPECT_GT(filling_count_bound_bits(3, kMaxGridSize), 64);
  EXPECT_LT(filling_count_bound_bits(6, 12), 66);

  std::uint64_t cube = 0;  // rows of the 12 (column, symbol) pairs, symbol != column
  for (int code = 0; code < 531441; ++code) {
    int rows[4][4], c = code;
    bool ok = true;
    for (int j = 0; j < 4; ++j)
      for (int s = 0; s < 4; ++s)
        if (s != j) rows[j][s] = c % 3, c /= 3;
    for (int j = 0; j < 4 && ok; ++j)
      for (int s = 0; s < 4 && ok; ++s)
        for (int t = s + 1; t < 4 && ok; ++t)
          if (s != j && t != j) ok = rows[j][s] != rows[j][t] && rows[s][j] != rows[t][j];
    cube += ok;
  }
  ASSERT_GT(cube, 0u);
  Mask sets[kMaxGridSize];
  complete_blocks(sets, 0, 20, 3);
  for (int j = 0; j < 4; ++j) sets[60 + j] = (low_bits(4) & ~(Mask{1} << j)) << 60;
  FillingCount expected = cube;
  for (int b = 0; b < 20; ++b) expected *= 12;
  ASSERT_GT(expected >> 64, 0u);
  EXPECT_TRUE(count_band_fillings(sets, 3, kMaxGridSize) == expected);

  // Two rows of 64 columns: 32 two-cycles, 2^32.
  complete_blocks(sets, 0, 32, 2);
  EXPECT_TRUE(count_band_fillings(sets, 2, kMaxGridSize) == FillingCount{1} << 32);

  // The row-split path at the two-band job's largest band, 6 rows of 12
  // columns: two blocks of 6, L(6)^2 (L(6) = 812,851,200, OEIS A002860); and
  // the sampler's 5 rows of 10, L(5)^2 (L(5) = 161,280).
  complete_blocks(sets, 0, 2, 6);
  EXPECT_TRUE(count_band_fillings(sets, 6, 12) == FillingCount{812851200} * 812851200);
  complete_blocks(sets, 0, 2, 5);
  EXPECT_TRUE(count_band_fillings(sets, 5, 10) == FillingCount{161280} * 161280);
}
