#include <gtest/gtest.h>

#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_bands.hpp"
#include "sudoku_count/grid.hpp"

using namespace sudoku_count;

namespace {
BigInt bands_count(const Shape& shape, int threads = 0) {
  ExactOptions options;
  options.threads = threads;
  return count_grids_by_bands(shape, options).count;
}
BigInt dlx_count(const Shape& shape) { return count_completions_dlx(empty_grid(shape), ExactOptions{}).count; }
}  // namespace

TEST(ExactBands, AgreesWithDancingLinks) {
  for (const Shape s : {Shape{1, 2}, Shape{2, 1}, Shape{2, 2}, Shape{1, 3}, Shape{3, 1}, Shape{2, 3}, Shape{3, 2}})
    EXPECT_EQ(bands_count(s), dlx_count(s)) << s.name();
}

// Published counts (Felgenhauer and Jarvis 2005; the 8x8 count from 2005),
// for comparison only.
TEST(ExactBands, NineByNine) {
  const ExactResult r = count_grids_by_bands(Shape{3, 3}, ExactOptions{});
  EXPECT_EQ(r.count, BigInt("6670903752021072936960"));
  EXPECT_EQ(r.method, "bands");
  EXPECT_TRUE(r.note.empty());
}

TEST(ExactBands, EightByEightAndItsTranspose) {
  const BigInt two_by_four = bands_count(Shape{2, 4});
  EXPECT_EQ(two_by_four, BigInt("29136487207403520"));
  const ExactResult transposed = count_grids_by_bands(Shape{4, 2}, ExactOptions{});
  EXPECT_EQ(transposed.count, two_by_four);
  EXPECT_NE(transposed.note.find("transposed 2x4"), std::string::npos);
}

TEST(ExactBands, SameCountForAnyThreadCount) {
  EXPECT_EQ(bands_count(Shape{3, 3}, 1), bands_count(Shape{3, 3}, 2));
}

TEST(ExactBands, RefusesShapesOutOfReach) {
  for (const Shape s : {Shape{2, 5}, Shape{4, 4}, Shape{3, 4}, Shape{5, 5}}) {
    EXPECT_FALSE(bands_count_exactly(s)) << s.name();
    EXPECT_THROW(count_grids_by_bands(s, ExactOptions{}), InputError) << s.name();
  }
  EXPECT_TRUE(bands_count_exactly(Shape{4, 2}));
}
