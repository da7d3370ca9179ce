// Column sets with both main diagonals (src/diagonals, docs/method.md
// section 15): the bands' diagonal histograms against the band fillings, the
// classes of first-band column sets, the exact sums against dancing links
// and published counts, and the sets-x estimator's z-scores and coverage.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

#include "bands/band_fillings.hpp"
#include "diagonals/diagonal_classes.hpp"
#include "diagonals/diagonal_sets.hpp"
#include "estimate/sets_x_method.hpp"
#include "fixed_runs.hpp"
#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count {
namespace {

using detail::DiagonalJoin;
using detail::DiagonalSetClasses;
using detail::DiagonalSetTables;
using detail::LocatedSets;
using detail::Mask;

Layout x_layout(int rows, int cols) { return Layout::with_variants(Shape{rows, cols}, {Variant::X}); }

std::shared_ptr<const DiagonalSetTables> tables_of(const Layout& layout) {
  // 9x9's are built once for the tests that read them (3 s).
  static const auto nine = std::make_shared<const DiagonalSetTables>(x_layout(3, 3), 2);
  return layout == nine->layout() ? nine : std::make_shared<const DiagonalSetTables>(layout, 2);
}

BigInt exact_by_classes(const DiagonalSetClasses& classes) {
  DiagonalJoin join(classes.tables());
  BigInt total = 0;
  for (std::size_t k = 0; k < classes.size(); ++k) {
    const detail::UInt128 s = classes.grids_with_first_band(classes[k].sets.data(), join);
    total += (BigInt(static_cast<std::uint64_t>(s >> 64)) << 64 | BigInt(static_cast<std::uint64_t>(s))) *
             classes[k].column_sets;
  }
  return total;
}

using testing_runs::run_samples;

}  // namespace

TEST(DiagonalSets, ServesTheDiagonalsAloneWhereTheTablesFit) {
  for (const auto& [r, c] : {std::pair{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}})
    EXPECT_TRUE(DiagonalSetTables::serves(x_layout(r, c))) << r << "x" << c;
  std::string why;
  EXPECT_FALSE(DiagonalSetTables::serves(x_layout(4, 4), &why));  // 63M partitions a box
  EXPECT_NE(why.find("2^22"), std::string::npos) << why;
  EXPECT_FALSE(DiagonalSetTables::serves(x_layout(5, 2), &why));  // bands of 5 rows
  EXPECT_FALSE(DiagonalSetTables::serves(Layout::with_variants(Shape{3, 3}, {Variant::X, Variant::P}), &why));
  EXPECT_NE(why.find("alone"), std::string::npos) << why;
  EXPECT_FALSE(DiagonalSetTables::serves(Layout(Shape{3, 3})));
  EXPECT_FALSE(DiagonalSetTables::serves(x_layout(1, 6)));  // a Latin square: no boxes
  EXPECT_THROW(DiagonalSetTables(x_layout(4, 4)), InputError);
  // The exact sum enumerates band 2 of at most three bands.
  EXPECT_TRUE(DiagonalSetClasses::serves(x_layout(3, 3)));
  EXPECT_FALSE(DiagonalSetClasses::serves(x_layout(2, 4), &why));
  EXPECT_NE(why.find("three bands"), std::string::npos) << why;
}

// On 9x9 no diagonal meets a band in two boxes, so every filling of a band
// counts in its histogram: the histogram's total is the band's fillings
// under the classic rules, for every band place, on random column sets
// located anywhere in the tables.
TEST(DiagonalSets, HistogramsHoldEveryFillingOfA9x9Band) {
  const auto tables = tables_of(x_layout(3, 3));
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const std::uint32_t c = static_cast<std::uint32_t>(rng() % tables->classes());
    Mask sets[9];
    tables->class_sets(c, sets);
    for (int band = 0; band < 3; ++band)
      EXPECT_EQ(tables->histogram(c, band).fillings(), static_cast<std::uint64_t>(detail::count_band_fillings(sets, 3, 9)))
          << "class " << c << " band " << band;
    // A random relabelling of the class's sets is located in the class, by a relabelling that maps them back.
    std::vector<int> symbols(9);
    std::iota(symbols.begin(), symbols.end(), 0);
    std::shuffle(symbols.begin(), symbols.end(), rng);
    Mask image[9];
    for (int col = 0; col < 9; ++col) {
      image[col] = 0;
      for (int s = 0; s < 9; ++s)
        if (sets[col] >> s & 1) image[col] |= Mask{1} << symbols[s];
    }
    const LocatedSets found = tables->locate(image);
    EXPECT_EQ(found.class_id, c);
    for (int col = 0; col < 9; ++col) {
      Mask mapped = 0;
      for (int s = 0; s < 9; ++s)
        if (sets[col] >> s & 1) mapped |= Mask{1} << found.symbol[s];
      EXPECT_EQ(mapped, image[col]) << "column " << col;
    }
  }
}

// The classes cover every first-band column-set choice exactly once: their
// sizes add up to P^R.
TEST(DiagonalSets, ClassSizesAddUpToTheFirstBandColumnSets) {
  for (const auto& [r, c] : {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}}) {
    const DiagonalSetClasses classes(tables_of(x_layout(r, c)));
    BigInt total = 0;
    for (std::size_t k = 0; k < classes.size(); ++k) total += classes[k].column_sets;
    EXPECT_EQ(total, pow(BigInt(classes.tables().partitions_per_box()), r)) << r << "x" << c;
  }
}

// The exact sums against dancing links (which enumerates every 6x6 grid)
// and the published counts.
TEST(DiagonalSets, ExactSumsEqualDancingLinks) {
  for (const auto& [r, c] : {std::pair{2, 2}, {2, 3}, {3, 2}}) {
    const Layout layout = x_layout(r, c);
    const BigInt by_sets = exact_by_classes(DiagonalSetClasses(tables_of(layout)));
    EXPECT_EQ(by_sets, count_completions_dlx(empty_grid(layout), ExactOptions{}).count) << layout.name();
    EXPECT_EQ(by_sets, known::layout_count(layout.name())) << layout.name();
  }
}

// The route as a job: its units add up to the same total as the classes.
TEST(DiagonalSets, JobTotalsEqualTheClasses) {
  const Layout layout = x_layout(3, 2);
  const ExactJob job(layout);
  EXPECT_EQ(job.route(), kDiagonalSetsRoute);
  const ExactJobState done = run_exact_job(job, start_state(job), {}, {.threads = 2});
  ASSERT_TRUE(done.finished());
  EXPECT_EQ(done.sum, known::layout_count(layout.name()));
  EXPECT_THROW(ExactJob(Layout::with_variants(Shape{3, 3}, {Variant::P}), kDiagonalSetsRoute), InputError);
}

// Studentized z-scores and coverage of `runs` fixed-seed runs of `samples`
// samples against the exact count. The z-scores of a correct estimator with honest errors have mean near 0
// (|mean| < 0.5 allows the skew of short runs, as for the box methods in
// test_estimator.cpp) and s.d. near 1 ([0.8, 1.25], about 5 s.d. of the s.d.
// of 300 runs); the 95% intervals hold the count in 92-98% of the runs
// (Binomial(300, 0.95): s.d. 1.3 points, so about +-2.3 s.d.). Seeds are
// fixed, so the outcome is deterministic.
void check_z_scores(const Layout& layout, int runs, std::uint64_t samples) {
  const auto estimator = make_estimator("sets-x", layout);
  const BigFloat truth = BigFloat(known::layout_count(layout.name()));
  double sum = 0, sum_squares = 0;
  int covered = 0;
  for (int seed = 1; seed <= runs; ++seed) {
    const Summary s = run_samples(*estimator, samples, 7000 + seed);
    ASSERT_GT(s.std_error, 0) << layout.name() << " seed " << 7000 + seed;
    const double z = static_cast<double>((s.estimate - truth) / s.std_error);
    sum += z;
    sum_squares += z * z;
    covered += s.ci_low <= truth && truth <= s.ci_high;
  }
  const double mean = sum / runs, sd = std::sqrt((sum_squares - runs * mean * mean) / (runs - 1));
  std::cout << "z-scores sets-x " << layout.name() << ", " << runs << " runs of " << samples << " samples: mean "
            << mean << " s.d. " << sd << ", coverage " << covered << "/" << runs << "\n";
  EXPECT_LT(std::fabs(mean), 0.5) << layout.name();
  EXPECT_GT(sd, 0.8) << layout.name();
  EXPECT_LT(sd, 1.25) << layout.name();
  EXPECT_GE(covered, 0.92 * runs) << layout.name();
  EXPECT_LE(covered, 0.98 * runs) << layout.name();
}

// 4x4 and 6x6 with 3x2 boxes: relative variance 2 and 4 a sample, so 256
// samples a run are near normal.
TEST(DiagonalSets, ZScoresAndCoverageOnSmallShapes) {
  check_z_scores(x_layout(2, 2), 300, 256);
  check_z_scores(x_layout(3, 2), 300, 256);
}

// 6x6 with 2x3 boxes has few grids for its column sets: one sample in about
// 340 is not 0 (relative variance 290), so a run needs 65,536 samples for a
// normal mean (slow tier).
TEST(DiagonalSetsSlow, ZScoresAndCoverageOnSparse6x6) { check_z_scores(x_layout(2, 3), 300, 65536); }

// 9x9 x against the forum's total (slow tier): one fixed-seed run of 200,000 samples
// (relative standard error about 2.3e-3) within 4 standard errors.
TEST(DiagonalSetsSlow, NineByNineEstimateHoldsThePublishedTotal) {
  const Layout layout = x_layout(3, 3);
  const auto estimator = make_estimator("auto", layout);
  EXPECT_EQ(estimator->name(), "sets-x");
  const Summary s = run_samples(*estimator, 200000, 33);
  const BigFloat truth = BigFloat(known::layout_count(layout.name()));
  const double z = static_cast<double>((s.estimate - truth) / s.std_error);
  std::cout << "sets-x 9x9: z " << z << ", relative standard error " << s.rel_std_error << "\n";
  EXPECT_LT(std::fabs(z), 4);
  EXPECT_LT(s.rel_std_error, 4e-3);
}

}  // namespace sudoku_count
