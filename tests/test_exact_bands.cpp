#include <gtest/gtest.h>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"

using namespace sudoku_count;
namespace known = sudoku_count::known;

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

// Against the published counts (tests/data/grid_counts.txt names the sources).
TEST(ExactBands, NineByNine) {
  const ExactResult r = count_grids_by_bands(Shape{3, 3}, ExactOptions{});
  EXPECT_EQ(r.count, known::grid_count(Shape{3, 3}));
  EXPECT_EQ(r.method, "bands");
  EXPECT_TRUE(r.note.empty());
}

// 2x4 goes through the band tables (four bands of two rows), 4x2 through the
// sum of squares over two bands: two independent routes to one number.
TEST(ExactBands, EightByEightAndItsTranspose) {
  const ExactResult two_by_four = count_grids_by_bands(Shape{2, 4}, ExactOptions{});
  EXPECT_EQ(two_by_four.count, known::grid_count(Shape{2, 4}));
  EXPECT_NE(two_by_four.detail.find("orbits"), std::string::npos);
  const ExactResult four_by_two = count_grids_by_bands(Shape{4, 2}, ExactOptions{});
  EXPECT_EQ(four_by_two.count, two_by_four.count);
  EXPECT_NE(four_by_two.detail.find("classes"), std::string::npos);
  EXPECT_TRUE(four_by_two.note.empty());
}

TEST(ExactBands, SixBySixBothRoutes) {
  const ExactResult two_by_three = count_grids_by_bands(Shape{2, 3}, ExactOptions{});
  const ExactResult three_by_two = count_grids_by_bands(Shape{3, 2}, ExactOptions{});
  EXPECT_NE(two_by_three.detail.find("orbits"), std::string::npos);
  EXPECT_NE(three_by_two.detail.find("classes"), std::string::npos);
  EXPECT_EQ(two_by_three.count, three_by_two.count);
}

TEST(ExactBands, TenByTenIsCountedOnTheTwoBandShape) {
  EXPECT_TRUE(bands_count_exactly(Shape{2, 5}));
  EXPECT_TRUE(bands_count_exactly(Shape{5, 2}));
}

TEST(ExactBands, SameCountForAnyThreadCount) {
  EXPECT_EQ(bands_count(Shape{3, 3}, 1), bands_count(Shape{3, 3}, 2));
}

TEST(ExactBands, RefusesShapesOutOfReach) {
  for (const Shape s : {Shape{2, 6}, Shape{6, 2}, Shape{4, 4}, Shape{3, 4}, Shape{4, 3}, Shape{5, 5}, Shape{2, 7}}) {
    EXPECT_FALSE(bands_count_exactly(s)) << s.name();
    EXPECT_THROW(count_grids_by_bands(s, ExactOptions{}), InputError) << s.name();
  }
  EXPECT_TRUE(bands_count_exactly(Shape{4, 2}));
}
