#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "sudoku_count/error.hpp"
#include "sudoku_count/estimate.hpp"
#include "sudoku_count/estimator.hpp"

using namespace sudoku_count;

namespace {

// Exact counts from the literature, for comparison only (docs/validation.md).
struct Known {
  Shape shape;
  const char* count;
  std::uint64_t samples;  // per run in the accuracy test
};
const Known kKnown[] = {
    {{2, 2}, "288", 20000},
    {{2, 3}, "28200960", 20000},
    {{3, 2}, "28200960", 20000},
    {{2, 4}, "29136487207403520", 20000},
    {{4, 2}, "29136487207403520", 2000},
    {{3, 3}, "6670903752021072936960", 600},
};

Progress run(const Estimator& estimator, std::uint64_t samples, std::uint64_t seed, int threads = 2) {
  RunOptions options;
  options.seed = seed;
  options.threads = threads;
  options.stop.samples = samples;
  return run_estimate(estimator, options, [](const Progress&) {});
}

double z_score(const Summary& s, const char* exact) {
  return static_cast<double>((s.estimate - BigFloat(exact)) / s.std_error);
}

}  // namespace

// Each estimate lies within 4 standard errors of the exact count: with a fixed
// seed the test is deterministic, and an unbiased estimator with an honest
// error fails it with probability about 6e-5 per shape.
class EveryMethod : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryMethod, WithinFourStandardErrorsOfKnownCounts) {
  for (const Known& k : kKnown) {
    const auto estimator = make_estimator(GetParam(), k.shape);
    const Progress p = run(*estimator, k.samples, 2024);
    EXPECT_EQ(p.summary.samples, k.samples);
    const double z = z_score(p.summary, k.count);
    EXPECT_LT(std::fabs(z), 4.0) << k.shape.name() << " estimate " << format_scientific(p.summary.estimate);
  }
}

TEST_P(EveryMethod, SameSeedSameEstimateForAnyThreadCount) {
  const auto estimator = make_estimator(GetParam(), Shape{2, 3});
  const Progress one = run(*estimator, 30001, 7, 1);
  const Progress two = run(*estimator, 30001, 7, 2);
  EXPECT_EQ(one.summary.samples, 30001u);
  EXPECT_EQ(one.accumulator.scaled_mean(), two.accumulator.scaled_mean());
  EXPECT_EQ(one.accumulator.scaled_m2(), two.accumulator.scaled_m2());
  EXPECT_EQ(format_scientific(one.summary.estimate), format_scientific(two.summary.estimate));
  const Progress other = run(*estimator, 30001, 8, 2);
  EXPECT_NE(one.accumulator.scaled_mean(), other.accumulator.scaled_mean());
}

INSTANTIATE_TEST_SUITE_P(Methods, EveryMethod, ::testing::Values("bands", "sets", "auto"));

// Transposing a grid maps the R x C grids one-to-one onto the C x R grids, so
// independent estimates of the two must agree: |difference| / combined
// standard error < 4 (probability of a false failure about 6e-5 per pair;
// seeds are fixed, so the test is deterministic). These shapes have no
// count in the test's table: the check stands on its own.
TEST(SetsEstimator, TransposedShapesAgree) {
  const std::pair<Shape, std::uint64_t> pairs[] = {{{2, 5}, 20000}, {{3, 4}, 3000}, {{2, 6}, 4000}};
  for (const auto& [shape, samples] : pairs) {
    const Shape transposed{shape.box_cols, shape.box_rows};
    const Summary a = run(*make_estimator("sets", shape), samples, 99).summary;
    const Summary b = run(*make_estimator("sets", transposed), samples, 99).summary;
    const BigFloat combined = sqrt(a.std_error * a.std_error + b.std_error * b.std_error);
    const double z = static_cast<double>((a.estimate - b.estimate) / combined);
    EXPECT_LT(std::fabs(z), 4.0) << shape.name() << " vs " << transposed.name();
  }
}

TEST(SetsEstimator, AutoTransposesWideBoxes) {
  const auto estimator = make_estimator("auto", Shape{2, 8});
  EXPECT_EQ(estimator->name(), "sets");
  EXPECT_EQ(estimator->shape(), (Shape{2, 8}));
  EXPECT_NE(estimator->note().find("8x2"), std::string::npos);
}

// A precision target stops at the first block, in block order, that meets
// it, so it too is independent of the thread count.
TEST(BandEstimator, RelErrorTargetIsMetAndDeterministic) {
  const auto estimator = make_estimator("bands", Shape{2, 3});
  RunOptions options;
  options.seed = 3;
  options.stop.rel_error = 2e-3;
  options.threads = 1;
  const Progress a = run_estimate(*estimator, options, [](const Progress&) {});
  options.threads = 2;
  const Progress b = run_estimate(*estimator, options, [](const Progress&) {});
  EXPECT_EQ(a.stop_reason, "rel-error");
  EXPECT_LE(a.summary.rel_std_error, 2e-3);
  EXPECT_EQ(a.summary.samples, b.summary.samples);
  EXPECT_EQ(a.accumulator.scaled_mean(), b.accumulator.scaled_mean());
}

TEST(BandEstimator, InterruptStopsWithASummary) {
  const auto estimator = make_estimator("bands", Shape{2, 2});
  RunOptions options;
  options.stop.forever = true;
  std::atomic<bool> interrupt{true};
  const Progress p = run_estimate(*estimator, options, [](const Progress&) {}, &interrupt);
  EXPECT_EQ(p.stop_reason, "interrupted");
  EXPECT_GT(p.summary.samples, 0u);
}

TEST(Estimators, RefuseUnknownMethodsAndUnreachableShapes) {
  EXPECT_THROW(make_estimator("no-such-method", Shape{3, 3}), InputError);
  EXPECT_THROW(make_estimator("bands", Shape{4, 4}), InputError);
  // (R+1)^C box states beyond 2^21 in both orientations: out of reach.
  EXPECT_THROW(make_estimator("sets", Shape{8, 8}), InputError);
  EXPECT_THROW(make_estimator("auto", Shape{8, 8}), InputError);
  EXPECT_THROW(make_estimator("auto", Shape{7, 9}), InputError);
  EXPECT_NO_THROW(make_estimator("auto", Shape{4, 16}));  // sampled as 16x4
}

// Coverage: over independent short runs with fixed seeds, the 95% interval
// holds the exact count in 92-98% of runs. For a correct interval the hits
// are Binomial(runs, 0.95): with 200 runs the s.d. is 1.5 points, so 92-98
// is about +-2 s.d.; the sets method, whose skewed weights make short-run
// intervals slightly narrow (94.3% measured over 1000 runs on 2x4, see
// docs/validation.md), gets 400 runs (s.d. 1.1 points). Seeds are fixed, so
// the outcome is deterministic.
class Coverage : public ::testing::TestWithParam<std::tuple<std::string, int>> {};

TEST_P(Coverage, NinetyFivePercentIntervalsCoverTheTruth) {
  const Known& k = kKnown[std::get<1>(GetParam())];
  const auto estimator = make_estimator(std::get<0>(GetParam()), k.shape);
  // Runs long enough for the normal interval: the sets method's weights are
  // skewed (per-sample relative error near 1), so its runs are longer.
  const bool sets = std::get<0>(GetParam()) == "sets";
  const std::uint64_t samples = sets ? (k.shape.n() == 9 ? 1000 : 4000) : (k.shape.n() == 9 ? 40 : 400);
  const int runs = sets ? 400 : 200;
  int hits = 0;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(runs); ++seed) {
    const Summary s = run(*estimator, samples, seed).summary;
    const BigFloat truth(k.count);
    if (s.ci_low <= truth && truth <= s.ci_high) ++hits;
  }
  std::cout << "coverage " << std::get<0>(GetParam()) << " " << k.shape.name() << ": " << hits << "/" << runs
            << " runs of " << samples << " samples\n";
  EXPECT_GE(hits, 0.92 * runs) << k.shape.name();
  EXPECT_LE(hits, 0.98 * runs) << k.shape.name();
}

INSTANTIATE_TEST_SUITE_P(KnownShapes, Coverage,
                         ::testing::Combine(::testing::Values("bands", "sets"), ::testing::Values(0, 1, 2, 3, 5)),
                         [](const auto& info) {
                           return std::get<0>(info.param) + "_" + kKnown[std::get<1>(info.param)].shape.name();
                         });
