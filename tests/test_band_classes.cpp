#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"

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
