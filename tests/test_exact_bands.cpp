#include <gtest/gtest.h>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"

using namespace sudoku_count;
namespace known = sudoku_count::known;

namespace {
BigInt bands_count(const Shape& shape, int threads = 0, BandRoute route = BandRoute::automatic) {
  ExactOptions options;
  options.threads = threads;
  options.band_route = route;
  return count_grids_by_bands(shape, options).count;
}
ExactResult by_route(const Shape& shape, BandRoute route) {
  ExactOptions options;
  options.band_route = route;
  return count_grids_by_bands(shape, options);
}
BigInt dlx_count(const Shape& shape) { return count_completions_dlx(empty_grid(shape), ExactOptions{}).count; }
}  // namespace

// Every route that reaches a shape against dancing links.
TEST(ExactBands, AgreesWithDancingLinks) {
  for (const Shape s : {Shape{1, 2}, Shape{2, 1}, Shape{2, 2}, Shape{1, 3}, Shape{3, 1}, Shape{2, 3}, Shape{3, 2},
                        Shape{1, 4}, Shape{4, 1}}) {
    const BigInt dlx = dlx_count(s);
    EXPECT_EQ(bands_count(s), dlx) << s.name();
    EXPECT_EQ(bands_count(s, 0, BandRoute::completions), dlx) << s.name();
    if (s.box_rows == 2 || s.box_cols == 2) {
      EXPECT_EQ(bands_count(s, 0, BandRoute::two_bands), dlx) << s.name();
    }
  }
}

// Against the published counts (tests/data/grid_counts.txt names the sources).
TEST(ExactBands, NineByNine) {
  const ExactResult r = count_grids_by_bands(Shape{3, 3}, ExactOptions{});
  EXPECT_EQ(r.count, known::grid_count(Shape{3, 3}));
  EXPECT_EQ(r.method, "bands");
  EXPECT_TRUE(r.note.empty());
}

// Two independent routes to one number: the completions of band 1 over
// four 2-row bands (2x4, or 4x2 transposed) and the sum of squares over two
// 4-row bands (4x2, or 2x4 transposed). The automatic route is the second.
TEST(ExactBands, EightByEightAndItsTranspose) {
  const BigInt known = known::grid_count(Shape{2, 4});
  const ExactResult completions = by_route(Shape{2, 4}, BandRoute::completions);
  EXPECT_EQ(completions.count, known);
  EXPECT_NE(completions.detail.find("completions"), std::string::npos);
  EXPECT_TRUE(completions.note.empty());
  const ExactResult transposed = by_route(Shape{4, 2}, BandRoute::completions);
  EXPECT_EQ(transposed.count, known);
  EXPECT_NE(transposed.note.find("transposed 2x4"), std::string::npos);
  const ExactResult squares = by_route(Shape{4, 2}, BandRoute::two_bands);
  EXPECT_EQ(squares.count, known);
  EXPECT_NE(squares.detail.find("f^2"), std::string::npos);
  const ExactResult automatic = count_grids_by_bands(Shape{2, 4}, ExactOptions{});
  EXPECT_EQ(automatic.count, known);
  EXPECT_NE(automatic.detail.find("f^2"), std::string::npos);
  EXPECT_NE(automatic.note.find("transposed 4x2"), std::string::npos);
}

TEST(ExactBands, SixBySixBothRoutes) {
  for (const Shape s : {Shape{2, 3}, Shape{3, 2}}) {
    const ExactResult completions = by_route(s, BandRoute::completions);
    const ExactResult squares = by_route(s, BandRoute::two_bands);
    EXPECT_NE(completions.detail.find("completions"), std::string::npos);
    EXPECT_NE(squares.detail.find("f^2"), std::string::npos);
    EXPECT_EQ(completions.count, known::grid_count(s)) << s.name();
    EXPECT_EQ(squares.count, known::grid_count(s)) << s.name();
  }
}

// 9x9 has one route: the 44 classes of band 1 and their completions.
TEST(ExactBands, NineByNineRoutes) {
  EXPECT_THROW(by_route(Shape{3, 3}, BandRoute::two_bands), InputError);
  EXPECT_NE(by_route(Shape{3, 3}, BandRoute::completions).detail.find("44 classes"), std::string::npos);
}

// The published 10x10 count (for comparison), from the sum of squares over
// the 355 classes of two 5-row bands: about a minute of CPU (slow tier).
TEST(ExactBands, TenByTen) {
  const ExactResult r = count_grids_by_bands(Shape{2, 5}, ExactOptions{});
  EXPECT_EQ(r.count, known::grid_count(Shape{2, 5}));
  EXPECT_NE(r.detail.find("355 classes"), std::string::npos);
  EXPECT_NE(r.note.find("transposed 5x2"), std::string::npos);
}

TEST(ExactBands, TenByTenIsCountedOnTheTwoBandShape) {
  EXPECT_TRUE(bands_count_exactly(Shape{2, 5}));
  EXPECT_TRUE(bands_count_exactly(Shape{5, 2}));
}

TEST(ExactBands, SameCountForAnyThreadCount) {
  EXPECT_EQ(bands_count(Shape{3, 3}, 1), bands_count(Shape{3, 3}, 2));
}

TEST(ExactBands, RefusesShapesOutOfReach) {
  for (const Shape s : {Shape{4, 4}, Shape{3, 4}, Shape{4, 3}, Shape{5, 5}, Shape{2, 7}, Shape{7, 2}}) {
    EXPECT_FALSE(bands_count_exactly(s)) << s.name();
    EXPECT_THROW(count_grids_by_bands(s, ExactOptions{}), InputError) << s.name();
  }
  EXPECT_TRUE(bands_count_exactly(Shape{4, 2}));
  // 2x6 is in reach as a long job (exact_job.hpp), whose cost is told up front.
  EXPECT_TRUE(bands_count_exactly(Shape{2, 6}));
  EXPECT_TRUE(bands_count_exactly(Shape{6, 2}));
  EXPECT_NE(exact_cost_note(Shape{2, 6}).find("CPU-years"), std::string::npos);
  EXPECT_EQ(exact_cost_note(Shape{2, 5}), "");
}
