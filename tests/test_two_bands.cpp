#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <numeric>

#include "bands/band_fillings.hpp"
#include "bands/two_band_classes.hpp"
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

// Every choice of band-1 column sets lies in exactly one class.
TEST(TwoBands, ClassSizesAddUpToEveryColumnSetChoice) {
  for (int rows = 1; rows <= 4; ++rows) {
    BigInt total = 0;
    for (const TwoBandClass& c : two_band_classes(rows, 2)) total += c.column_sets;
    EXPECT_EQ(total, boost::multiprecision::pow(binomial(2 * rows, rows), static_cast<unsigned>(rows))) << rows;
  }
}

// The 10x10 classes: every one of the 252^5 choices in exactly one of them.
TEST(TwoBands, FiveRowClassSizesAddUp) {
  const auto classes = two_band_classes(5, 2);
  BigInt total = 0;
  for (const TwoBandClass& c : classes) total += c.column_sets;
  EXPECT_EQ(total, boost::multiprecision::pow(binomial(10, 5), 5u));
  EXPECT_GT(classes.size(), 1u);
}

TEST(TwoBands, RepresentativesAreValidColumnSets) {
  for (int rows = 1; rows <= 4; ++rows)
    for (const TwoBandClass& c : two_band_classes(rows, 1)) {
      Mask sets[kMaxGridSize];
      two_band_column_sets(c, rows, sets);
      for (int k = 0; k < rows; ++k) {
        EXPECT_EQ(popcount(sets[2 * k]), rows);
        EXPECT_EQ(sets[2 * k] | sets[2 * k + 1], low_bits(2 * rows));
        EXPECT_EQ(sets[2 * k] & sets[2 * k + 1], Mask{0});
      }
    }
}

TEST(TwoBands, ClassesDoNotDependOnThreads) {
  const auto one = two_band_classes(4, 1), two = two_band_classes(4, 2);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].symbols_of_type, two[i].symbols_of_type);
    EXPECT_EQ(one[i].column_sets, two[i].column_sets);
  }
}

TEST(BandFillings, MatchPlainRecursionOnTwoBandClasses) {
  for (int rows = 2; rows <= 4; ++rows)
    for (const TwoBandClass& c : two_band_classes(rows, 2)) {
      Mask sets[kMaxGridSize];
      two_band_column_sets(c, rows, sets);
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
