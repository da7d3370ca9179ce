#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <initializer_list>
#include <iostream>
#include <vector>

#include "bands/band_fillings.hpp"
#include "estimate/sets_method.hpp"
#include "estimate/smc_method.hpp"
#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/run.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

// The cheapest steps even on small shapes: box choices drawn sequentially
// (band 2 too), every row sampled from `draws` draws, two closing rows.
SetsTuning every_step_sampled(int draws) {
  SetsTuning tuning;
  tuning.middle_bands = BoxDraw::Sequential;
  tuning.band2_table = false;
  tuning.exact_matching_max_symbols = 0;
  tuning.matching_draws = draws;
  tuning.exact_closing_rows = 2;
  return tuning;
}

}  // namespace

// With one particle there is nothing to resample: SMC is the sets estimator
// on the same steps, draw for draw. Same stream, same log-weights (up to the
// order in which the logs are added), with the tuning of either method, on
// shapes that take every kind of step: band 2 from the shared table, middle
// bands by table (3x4, 4x4, 5x5) or box by box sequentially (6x6 and 8x8
// under the SMC tuning, 8x8 under both), rows counted exactly (3x4) or
// sampled (4x4 and up), two or three closing rows.
TEST(Smc, OneParticleIsTheSetsEstimator) {
  const std::pair<Shape, int> cases[] = {{{2, 3}, 200}, {{3, 4}, 50}, {{4, 4}, 50}, {{5, 5}, 5}, {{6, 6}, 3}, {{8, 8}, 2}};
  for (const auto& [shape, samples] : cases) {
    for (const bool smc_tuning : {false, true}) {
      if (shape == Shape{6, 6} && !smc_tuning) continue;  // a minute a sample
      const auto steps = std::make_shared<const SetsSteps>(
          shape, smc_tuning ? SetsTuning::for_smc(shape) : SetsTuning::for_sets(shape));
      const SetsEstimator sets(shape, steps);
      const SmcEstimator smc(shape, steps, 1);
      ASSERT_EQ(smc.particles(), 1);
      const auto sets_ws = sets.make_workspace();
      const auto smc_ws = smc.make_workspace();
      Rng a = block_stream(17, 3), b = block_stream(17, 3);
      for (int i = 0; i < samples; ++i) {
        const long double x = sets.sample_log(a, *sets_ws), y = smc.sample_log(b, *smc_ws);
        ASSERT_NEAR(static_cast<double>(x), static_cast<double>(y), 1e-12 * std::fabs(static_cast<double>(x)))
            << shape.name() << " sample " << i;
      }
      EXPECT_EQ(a(), b()) << shape.name() << ": the same number of draws";
    }
  }
}

TEST(Smc, VariantNamesTheParticlesAndOrientation) {
  EXPECT_EQ(SmcEstimator(Shape{4, 4}, false, 100).variant(), "smc/P=100");
  EXPECT_EQ(SmcEstimator(Shape{4, 3}, true, 8).variant(), "smc/transposed/P=8");
  EXPECT_EQ(SmcEstimator(Shape{4, 4}, false, 0).particles(), SmcEstimator::default_particles(Shape{4, 4}));
  EXPECT_THROW(SmcEstimator(Shape{4, 4}, false, -1), InputError);
  EXPECT_THROW(make_estimator("sets", Shape{4, 4}, EstimatorOptions{16}), InputError);
  EXPECT_EQ(make_estimator("auto", Shape{3, 3}, EstimatorOptions{16})->name(), "smc");
  // A checkpoint's variant rebuilds the estimator that wrote it.
  for (const std::string variant : {"bands", "sets", "sets/transposed", "smc/P=16", "smc/transposed/P=3"}) {
    const Shape shape = variant == "bands" ? Shape{2, 3} : Shape{3, 4};
    EXPECT_EQ(make_estimator_for_variant(variant, shape)->variant(), variant);
  }
  for (const std::string bad : {"smc", "smc/P=", "smc/P=x", "sets/P=4", "bands/transposed", "smc/P=0", "nope"})
    EXPECT_THROW(make_estimator_for_variant(bad, Shape{3, 4}), InputError) << bad;
}

// A time budget ends the run inside a replicate: the replicate is dropped,
// not cut into a partial estimate, and the run stops long before it would
// have finished (one replicate of 16,384 particles on 64x64 takes a minute).
TEST(Smc, TimeCutDropsTheUnfinishedReplicate) {
  const SmcEstimator smc(Shape{8, 8}, false, 16384);
  RunOptions options;
  options.threads = 2;
  options.stop.seconds = 0.3;
  const auto start = std::chrono::steady_clock::now();
  const Progress p = run_estimate(smc, options, [](const Progress&) {});
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(p.stop_reason, "time");
  EXPECT_EQ(p.summary.samples, 0u);
  EXPECT_EQ(p.blocks, 0u);
  EXPECT_LT(took, 10.0);  // checked before each particle; a loaded machine
}

// Replicates of several particles are what the driver averages: on 2x3 (a
// count of 28,200,960) a run of them lands within 4 standard errors, for
// several P, and more particles make one replicate less variable.
TEST(Smc, ReplicatesAreUnbiasedForEveryPopulationSize) {
  const BigFloat truth("28200960");
  double previous_var = 1e9;
  for (const int particles : {2, 8, 64}) {
    const SmcEstimator smc(Shape{2, 3}, false, particles);
    RunOptions options;
    options.seed = 41;
    options.stop.samples = 256000 / static_cast<std::uint64_t>(particles);
    const Summary s = run_estimate(smc, options, [](const Progress&) {}).summary;
    const double z = static_cast<double>((s.estimate - truth) / s.std_error);
    EXPECT_LT(std::fabs(z), 4.0) << "P = " << particles;
    EXPECT_LT(s.empirical_rel_var, previous_var) << "P = " << particles;
    previous_var = s.empirical_rel_var;
  }
}

// Transposing a grid maps the R x C grids one-to-one onto the C x R grids;
// SMC works on each shape as given, so the two estimates are independent
// computations and must agree: |difference| < 4 combined standard errors
// (fixed seeds: deterministic). 7x8 against 8x7 is a benchmark
// (docs/benchmarks.md): minutes per replicate.
TEST(SmcSlow, TransposedShapesAgree) {
  const std::pair<Shape, std::uint64_t> pairs[] = {{{3, 4}, 400}, {{3, 5}, 300}, {{4, 5}, 100}};
  for (const auto& [shape, samples] : pairs) {
    const Shape transposed{shape.box_cols, shape.box_rows};
    RunOptions options;
    options.seed = 99;
    options.stop.samples = samples;
    const SmcEstimator a_method(shape, false, 0), b_method(transposed, false, 0);
    const Summary a = run_estimate(a_method, options, [](const Progress&) {}).summary;
    options.seed = 100;
    const Summary b = run_estimate(b_method, options, [](const Progress&) {}).summary;
    const BigFloat combined = sqrt(a.std_error * a.std_error + b.std_error * b.std_error);
    const double z = static_cast<double>((a.estimate - b.estimate) / combined);
    std::cout << shape.name() << " vs " << transposed.name() << ": z = " << z << "\n";
    EXPECT_LT(std::fabs(z), 4.0) << shape.name() << " vs " << transposed.name();
  }
}

// The steps the SMC tuning takes on large grids (box choices drawn
// sequentially, box by box, on every middle band; rows sampled from K = 2
// draws; two closing rows) run on shapes with known counts: over 400 runs of
// 200 replicates each, the 95% interval holds the count in 92-98% of runs
// and the z-scores standardized by the pooled error have mean near 0 (as in
// the Coverage and ZScores suites of test_estimator.cpp; fixed seeds). On
// 2x4, 1,200 runs with other seeds covered 94.2% (200 runs: s.d. 1.5 points,
// too few for the 92% bound).
TEST(SmcSlow, EveryKindOfStepOnKnownCounts) {
  for (const Shape shape : {Shape{3, 3}, Shape{2, 4}, Shape{4, 2}}) {
    const SmcEstimator smc(shape, std::make_shared<const SetsSteps>(shape, every_step_sampled(2)), 16);
    const BigFloat truth(known::grid_count(shape));  // tests/data/grid_counts.txt
    constexpr int kRuns = 400;
    int hits = 0;
    WeightAccumulator pooled;
    std::vector<BigFloat> estimates;
    for (std::uint64_t seed = 1; seed <= kRuns; ++seed) {
      RunOptions options;
      options.seed = seed;
      options.stop.samples = 200;
      const Progress p = run_estimate(smc, options, [](const Progress&) {});
      if (p.summary.ci_low <= truth && truth <= p.summary.ci_high) ++hits;
      estimates.push_back(p.summary.estimate);
      pooled.merge(p.accumulator);
    }
    const BigFloat run_sd = summarize(pooled).std_error * std::sqrt(static_cast<double>(kRuns));
    double bias = 0;
    for (const BigFloat& e : estimates) bias += static_cast<double>((e - truth) / run_sd) / kRuns;
    std::cout << shape.name() << ": " << hits << "/" << kRuns << " intervals hold the count, standardized mean z "
              << bias << "\n";
    EXPECT_GE(hits, 0.92 * kRuns) << shape.name();
    EXPECT_LE(hits, 0.98 * kRuns) << shape.name();
    EXPECT_LT(std::fabs(bias), 0.3) << shape.name();  // s.d. of the mean of 400 z's: 0.05
  }
}

namespace {

// Copies of each particle for one uniform u.
std::vector<int> copies_for(const std::vector<double>& weights, double u) {
  const int count = static_cast<int>(weights.size());
  double total = 0;
  for (const double w : weights) total += w;
  std::vector<int> ancestors(count), copies(count, 0);
  systematic_resample(weights.data(), count, total, u, ancestors.data());
  for (int j = 0; j < count; ++j) {
    EXPECT_TRUE(j == 0 || ancestors[j] >= ancestors[j - 1]) << "copies not adjacent";
    ++copies[ancestors[j]];
  }
  return copies;
}

}  // namespace

// Every count is floor or ceil of P w / sum w (which fixes its spread: the
// least any unbiased scheme can have), a zero weight gets no copy, and the
// counts add up to P, for u on a grid across [0, 1) and next to both ends.
TEST(SystematicResample, CopiesAreFloorOrCeilOfTheirShare) {
  const std::vector<double> weights = {0.3, 0, 2.5, 1e-9, 0.7, 0, 4.1, 0.05, 1.2, 0.6};
  double total = 0;
  for (const double w : weights) total += w;
  const int count = static_cast<int>(weights.size());
  std::vector<double> points = {0.0, 1e-12, 1 - 1e-16};
  for (int i = 0; i < 1000; ++i) points.push_back((i + 0.5) / 1000);
  for (const double u : points) {
    const std::vector<int> copies = copies_for(weights, u);
    int sum = 0;
    for (int p = 0; p < count; ++p) {
      const double share = count * weights[p] / total;
      EXPECT_GE(copies[p], std::floor(share)) << "particle " << p << " u " << u;
      EXPECT_LE(copies[p], std::ceil(share)) << "particle " << p << " u " << u;
      if (weights[p] == 0) {
        EXPECT_EQ(copies[p], 0);
      }
      sum += copies[p];
    }
    EXPECT_EQ(sum, count);
  }
}

// Expected copies P w / sum w and their variance f (1 - f), f the fractional
// part of the share: averaged over u on a grid of 10^5 midpoints. The count
// of a particle is a step function of u with at most two steps, so the grid
// average is within 2e-5 of the integral over u (the expectation); the
// tolerance 1e-4 is five times that. A biased scheme (u fixed at 0.5, or
// multinomial draws' larger spread) is off by far more.
TEST(SystematicResample, ExpectedCopiesAndTheirSpread) {
  const std::vector<double> weights = {0.3, 2.5, 0.7, 0, 4.1, 0.05, 1.2, 0.6};
  double total = 0;
  for (const double w : weights) total += w;
  const int count = static_cast<int>(weights.size());
  constexpr int kPoints = 100000;
  std::vector<double> mean(count, 0), second(count, 0);
  for (int i = 0; i < kPoints; ++i) {
    const std::vector<int> copies = copies_for(weights, (i + 0.5) / kPoints);
    for (int p = 0; p < count; ++p) {
      mean[p] += copies[p] / static_cast<double>(kPoints);
      second[p] += copies[p] * copies[p] / static_cast<double>(kPoints);
    }
  }
  for (int p = 0; p < count; ++p) {
    const double share = count * weights[p] / total;
    const double fraction = share - std::floor(share);
    EXPECT_NEAR(mean[p], share, 1e-4) << "particle " << p;
    EXPECT_NEAR(second[p] - mean[p] * mean[p], fraction * (1 - fraction), 1e-3) << "particle " << p;
  }
}

// Zero weights never get a copy, also where the points, summed step by
// step, round past the cumulated total (u just below 1, trailing zeros).
TEST(SystematicResample, ZeroWeightsGetNoCopies) {
  Rng rng = block_stream(91, 0);
  int rounded_past = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    std::vector<double> weights(40, 0);
    double total = 0;
    for (int p = 0; p < 30; ++p) total += weights[p] = std::ldexp(static_cast<double>(rng() >> 11), -53) + 1e-3;
    std::vector<int> ancestors(40);
    systematic_resample(weights.data(), 40, total, 1 - 0x1.0p-53, ancestors.data());
    for (int j = 0; j < 40; ++j) ASSERT_GT(weights[ancestors[j]], 0) << "trial " << trial << " point " << j;
    double point = (1 - 0x1.0p-53) * (total / 40);
    for (int j = 1; j < 40; ++j) point += total / 40;
    rounded_past += point >= total;
  }
  EXPECT_GT(rounded_past, 0);  // the case the guard is for did occur
}

// One positive weight takes every copy; equal weights keep each particle
// once; one particle is copied onto itself.
TEST(SystematicResample, SingleAndEqualWeights) {
  for (const double u : {0.0, 0.3, 0.999999}) {
    EXPECT_EQ(copies_for({0, 0, 5, 0, 0}, u), (std::vector<int>{0, 0, 5, 0, 0}));
    EXPECT_EQ(copies_for({0, 0, 0, 0, 1e-300}, u), (std::vector<int>{0, 0, 0, 0, 5}));
    EXPECT_EQ(copies_for({3e-5, 0, 0, 0}, u), (std::vector<int>{4, 0, 0, 0}));
    EXPECT_EQ(copies_for({1, 1, 1, 1}, u), (std::vector<int>{1, 1, 1, 1}));
    EXPECT_EQ(copies_for({7}, u), (std::vector<int>{1}));
  }
}

// The closing count of three rows at 64 columns (closing=3 on 64x64, as
// bench/tune_steps allows) in the step itself, past 64 bits: the closing
// rows of 20 blocks of 3 columns and one of 4 (f = 12^20 times the 4-column
// block's count; test BandFillings.CountsPastSixtyFourBitsAtTheLargestShapes
// checks that count by brute force), as a log-weight.
TEST(SetsSteps, ThreeRowClosingPastSixtyFourBits) {
  SetsTuning tuning = SetsTuning::for_smc(Shape{8, 8});
  tuning.exact_closing_rows = 3;
  const SetsSteps steps(Shape{8, 8}, tuning);
  PartialGrid grid;
  steps.start(grid);
  for (int b = 0; b < 20; ++b)
    for (int j = 0; j < 3; ++j) grid.left[3 * b + j] = low_bits(3) << (3 * b);
  for (int j = 0; j < 4; ++j) grid.left[60 + j] = (low_bits(4) & ~(Mask{1} << j)) << 60;
  grid.rows_left = 3;
  Mask cube[4];
  for (int j = 0; j < 4; ++j) cube[j] = low_bits(4) & ~(Mask{1} << j);
  const long double expected = 20 * std::log(12.0L) + std::log(static_cast<long double>(count_band_fillings(cube, 3, 4)));
  Rng rng = block_stream(1, 0);
  const auto scratch = steps.make_scratch();
  const long double got = steps.close_band(grid, rng, *scratch);
  EXPECT_NEAR(static_cast<double>(got / expected), 1.0, 1e-15);  // a 64-bit count would wrap
}

namespace {

// A band of 4 rows over 8 columns (box 4x2) with its first row taken, as a
// sample reaches its closing step: the column sets of band 1 of a drawn
// grid, less one uniform row.
PartialGrid band_before_closing(const SetsSteps& steps, std::uint64_t seed) {
  Rng rng = block_stream(seed, 0);
  const auto scratch = steps.make_scratch();
  PartialGrid grid;
  steps.start(grid);
  while (steps.next_step(grid) != SetsSteps::Step::Row) steps.take_step(grid, rng, *scratch);
  steps.take_step(grid, rng, *scratch);
  return grid;
}

// The first band of `steps` with its column sets drawn and no row yet.
PartialGrid band_before_rows(const SetsSteps& steps, std::uint64_t seed) {
  Rng rng = block_stream(seed, 0);
  const auto scratch = steps.make_scratch();
  PartialGrid grid;
  steps.start(grid);
  while (steps.next_step(grid) != SetsSteps::Step::Row) steps.take_step(grid, rng, *scratch);
  return grid;
}

// The weights of a step and of the step it replaces: both means within 4
// standard errors of the band's exact count (4 SE: a false alarm about
// once in 16,000), and the new step less variable.
void expect_unbiased_and_less_variable(const char* name, const WeightAccumulator& step,
                                       const WeightAccumulator& replaced, double exact) {
  const Summary s = summarize(step), p = summarize(replaced);
  const double z = static_cast<double>((s.estimate - BigFloat(exact)) / s.std_error);
  std::cout << "exact " << exact << ", " << name << " z = " << z << ", rel. variance " << name << " "
            << s.empirical_rel_var << " vs picked " << p.empirical_rel_var << "\n";
  EXPECT_LT(std::fabs(z), 4.0);
  EXPECT_LT(std::fabs(static_cast<double>((p.estimate - BigFloat(exact)) / p.std_error)), 4.0);
  EXPECT_LT(s.empirical_rel_var, p.empirical_rel_var);
}

// SMC replicates of 16 particles with `tuning` on shapes of known count:
// 4,000 of them within 4 standard errors of the count (a fixed seed).
void expect_smc_on_known_counts(const SetsTuning& tuning, std::initializer_list<Shape> shapes, std::uint64_t seed) {
  for (const Shape& shape : shapes) {
    const SmcEstimator smc(shape, std::make_shared<const SetsSteps>(shape, tuning), 16);
    RunOptions options;
    options.seed = seed;
    options.stop.samples = 4000;
    const Summary s = run_estimate(smc, options, [](const Progress&) {}).summary;
    const double z = static_cast<double>((s.estimate - BigFloat(known::grid_count(shape))) / s.std_error);
    std::cout << shape.name() << ": z = " << z << "\n";
    EXPECT_LT(std::fabs(z), 4.0) << shape.name();
  }
}

}  // namespace

// The averaged closing step (the last sampled row's K draws each closed
// exactly, the weight the mean of 1/q_k times their closing counts) is
// unbiased for the band's fillings: over 20,000 steps from one band its
// mean lands within 4 standard errors of the exact count (a fixed seed; 4
// SE: a false alarm about once in 16,000), and it varies less than the step
// it replaces (one draw picked by weight, then closed), which is what it is
// for. Breaking the mean (dividing by K - 1, or dropping a draw's 1/q)
// fails the first check.
TEST(SetsSteps, AveragedClosingIsUnbiasedAndLessVariable) {
  const Shape shape{4, 2};
  const SetsTuning tuning = every_step_sampled(4);  // rows sampled at 8 symbols
  SetsTuning averaged = tuning;
  averaged.averaged_closing = true;
  const SetsSteps picked_steps(shape, tuning), averaged_steps(shape, averaged);
  const PartialGrid band = band_before_closing(picked_steps, 5);
  ASSERT_EQ(band.rows_left, 3);
  const double exact = static_cast<double>(count_band_fillings(band.left, 3, shape.n()));
  ASSERT_GT(exact, 0);
  const auto scratch = picked_steps.make_scratch();
  Rng rng = block_stream(6, 0);
  constexpr int kSteps = 20000;
  WeightAccumulator picked_weights, averaged_weights;
  for (int i = 0; i < kSteps; ++i) {
    PartialGrid a = band, b = band;
    ASSERT_EQ(averaged_steps.next_step(a), SetsSteps::Step::Closing);
    averaged_weights.add_log(averaged_steps.take_step(a, rng, *scratch));
    ASSERT_EQ(picked_steps.next_step(b), SetsSteps::Step::Row);
    long double log_w = picked_steps.take_step(b, rng, *scratch);
    if (log_w != kLogZero) {  // else every draw ended dead: weight 0
      ASSERT_TRUE(picked_steps.next_step_deterministic(b));
      log_w += picked_steps.take_step(b, rng, *scratch);
      EXPECT_EQ(b.band, 2);
    }
    picked_weights.add_log(log_w);
    EXPECT_EQ(a.band, 2);
  }
  expect_unbiased_and_less_variable("averaged", averaged_weights, picked_weights, exact);
}

// With averaged closing, SMC replicates stay unbiased where the count is
// known: 3x3 (one sampled row, averaged) and 4x2 (two: one picked, one
// averaged), all steps sampled, 4,000 replicates of 16 particles each
// within 4 standard errors of the count (fixed seeds).
TEST(Smc, AveragedClosingOnKnownCounts) {
  SetsTuning tuning = every_step_sampled(3);
  tuning.averaged_closing = true;
  expect_smc_on_known_counts(tuning, {Shape{3, 3}, Shape{4, 2}}, 23);
}

// The look-ahead (the row that leaves three rows picked in proportion to
// 1/q_k times a guess of their fillings, weighted by mean(w h) / h) on one
// band of 4 rows and 12 columns, then closed exactly: 20,000 bands' mean
// lands within 4 standard errors of the band's exact count (fixed seed; 4
// SE: a false alarm about once in 16,000), as does the mean of the draw
// picked by 1/q alone, and the look-ahead varies less, which is what it is
// for. Weighting by mean(w h) without dividing by h, or by mean(w), fails
// the first check.
TEST(SetsSteps, LookAheadIsUnbiasedAndLessVariable) {
  const Shape shape{4, 3};
  SetsTuning tuning = every_step_sampled(8);  // rows sampled at 12 symbols
  tuning.exact_closing_rows = 3;
  SetsTuning ahead = tuning;
  ahead.look_ahead = true;
  const SetsSteps picked_steps(shape, tuning), ahead_steps(shape, ahead);
  ASSERT_TRUE(ahead_steps.looks_ahead());
  ASSERT_FALSE(picked_steps.looks_ahead());
  const PartialGrid band = band_before_rows(picked_steps, 5);
  ASSERT_EQ(band.rows_left, 4);
  const double exact = static_cast<double>(count_band_fillings(band.left, 4, shape.n()));
  ASSERT_GT(exact, 0);
  const auto scratch = picked_steps.make_scratch();
  Rng rng = block_stream(8, 0);
  constexpr int kSteps = 20000;
  WeightAccumulator weights[2];
  for (int i = 0; i < kSteps; ++i) {
    for (int m = 0; m < 2; ++m) {
      const SetsSteps& steps = m == 0 ? picked_steps : ahead_steps;
      PartialGrid grid = band;
      ASSERT_EQ(steps.next_step(grid), SetsSteps::Step::Row);
      long double log_w = steps.take_step(grid, rng, *scratch);
      if (log_w != kLogZero) {  // else every draw ended dead: weight 0
        ASSERT_EQ(steps.next_step(grid), SetsSteps::Step::Closing);
        log_w += steps.take_step(grid, rng, *scratch);
        EXPECT_EQ(grid.band, 2);
      }
      weights[m].add_log(log_w);
    }
  }
  expect_unbiased_and_less_variable("look-ahead", weights[1], weights[0], exact);
}

// With the look-ahead, SMC replicates stay unbiased where the count is
// known: 4x2 (bands of four rows: the first row looks ahead, the second is
// sampled, two closing rows) and 5x2 (the second of five rows looks ahead),
// all steps sampled, 4,000 replicates of 16 particles each within 4
// standard errors of the count (fixed seeds).
TEST(Smc, LookAheadOnKnownCounts) {
  SetsTuning tuning = every_step_sampled(4);
  tuning.look_ahead = true;
  ASSERT_TRUE(SetsSteps(Shape{4, 2}, tuning).looks_ahead());
  ASSERT_TRUE(SetsSteps(Shape{5, 2}, tuning).looks_ahead());
  expect_smc_on_known_counts(tuning, {Shape{4, 2}, Shape{5, 2}}, 29);
}

// The method version names the draws: 3 where the default steps look ahead
// (16x16 and 20x20), 2 elsewhere, whose draws did not change with it, so
// their checkpoints still resume.
TEST(Smc, MethodVersionFollowsTheLookAhead) {
  for (const auto& [shape, version] : {std::pair{Shape{4, 4}, 3}, {Shape{4, 5}, 3}, {Shape{5, 4}, 3},
                                       {Shape{3, 3}, 2}, {Shape{3, 5}, 2}, {Shape{5, 5}, 2}}) {
    const SmcEstimator smc(shape, std::make_shared<const SetsSteps>(shape, SetsTuning::for_smc(shape)), 4);
    EXPECT_EQ(smc.method_version(), version) << shape.name();
  }
}
