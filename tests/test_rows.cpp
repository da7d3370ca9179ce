#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "estimate/rows_method.hpp"
#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/run.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

Summary run_rows(const RowsEstimator& estimator, std::uint64_t samples, std::uint64_t seed, int threads = 1) {
  RunOptions options;
  options.seed = seed;
  options.threads = threads;
  options.stop.samples = samples;
  return run_estimate(estimator, options, [](const Progress&) {}).summary;
}

// An unbiased estimate from n replicates is about normal with the printed
// standard error, so a fixed seed lands within 4 of them (p ~ 6e-5 by
// chance, and the seed is fixed: the check is deterministic). Where every
// replicate gives the same value (steps counted exactly) the error is 0 and
// the estimate must be the count itself, up to rounding.
void expect_consistent(const Summary& s, const BigFloat& truth, const std::string& what) {
  const BigFloat deviation = abs(s.estimate - truth);
  const BigFloat allowed = 4 * s.std_error + truth * BigFloat("1e-12");
  EXPECT_LE(deviation, allowed) << what << ": estimate " << format_scientific(s.estimate) << " +- "
                                << format_scientific(s.std_error) << ", truth " << format_scientific(truth);
  EXPECT_GT(s.samples, 0u) << what;
}

// The other way of each step from the layout's default: up to 8 symbols
// rows are counted by the subset DP by default, here drawn sequentially (3
// draws a row); only the last row counted; pruning switched over. Both ways
// must be unbiased.
RowsTuning sequential_rows(const Layout& layout) {
  RowsTuning tuning = RowsTuning::for_layout(layout);
  tuning.exact_matching_max_symbols = 0;
  tuning.matching_draws = 3;
  tuning.exact_closing_rows = 1;
  tuning.prune = !tuning.prune;
  return tuning;
}

struct KnownLayout {
  Layout layout;
  std::string count;
};

// Brute force: the completed grids of a layout by backtracking cell by cell
// over the houses' used symbols (small layouts only).
std::uint64_t count_by_backtracking(const Layout& layout) {
  const int n = layout.n();
  std::vector<std::uint64_t> used(layout.houses().size(), 0);
  std::uint64_t total = 0;
  const auto fill = [&](auto&& self, int cell) -> void {
    if (cell == n * n) {
      ++total;
      return;
    }
    const auto& houses = layout.houses_of_cells()[cell];
    std::uint64_t taken = 0;
    for (const int h : houses) taken |= used[h];
    for (int s = 0; s < n; ++s) {
      const std::uint64_t bit = std::uint64_t{1} << s;
      if (taken & bit) continue;
      for (const int h : houses) used[h] |= bit;
      self(self, cell + 1);
      for (const int h : houses) used[h] &= ~bit;
    }
  };
  fill(fill, 0);
  return total;
}

}  // namespace

// Latin squares, classic boxes and the variants x and p, with counts from
// OEIS A002860 (Latin squares), A274806 (diagonal Latin squares) and
// brute-force enumerations of the variants; each by the subset DP and by
// sequential draws. A dropped or doubled weight factor (N!, (N-1)!, a row's
// count, the mean of the K draws) moves the estimate by far more than 4
// standard errors.
TEST(Rows, KnownCountsOnEveryKindOfLayout) {
  using V = Variant;
  const std::vector<KnownLayout> cases = {
      {Layout(Shape{1, 2}), "2"},
      {Layout(Shape{1, 3}), "12"},
      {Layout(Shape{1, 4}), "576"},
      {Layout(Shape{1, 5}), "161280"},
      {Layout(Shape{1, 6}), "812851200"},
      {Layout(Shape{7, 1}), "61479419904000"},
      {Layout(Shape{2, 2}), "288"},
      {Layout::with_variants(Shape{2, 2}, {V::X}), "48"},
      {Layout::with_variants(Shape{2, 2}, {V::P}), "168"},
      {Layout::with_variants(Shape{2, 2}, {V::X, V::P}), "48"},
      {Layout(Shape{2, 3}), "28200960"},
      {Layout::with_variants(Shape{2, 3}, {V::X}), "8640"},
      {Layout::with_variants(Shape{2, 3}, {V::P}), "2799360"},
      {Layout::with_variants(Shape{1, 4}, {V::X}), "48"},
      {Layout::with_variants(Shape{1, 5}, {V::X}), "960"},
      {Layout::with_variants(Shape{1, 6}, {V::X}), "92160"},
  };
  for (const auto& [layout, count] : cases) {
    const BigFloat truth(count);
    for (const bool sequential : {false, true}) {
      const RowsTuning tuning = sequential ? sequential_rows(layout) : RowsTuning::for_layout(layout);
      const RowsEstimator rows(layout, 16, tuning);
      const std::string what = layout.name() + (sequential ? " (sequential rows)" : " (exact rows)");
      expect_consistent(run_rows(rows, 1000, 7), truth, what);
    }
  }
}

// The last band counted by the slice lemma (close_band): on two, three and
// four bands, classic boxes, groups and diagonals beside them (cells of a
// house placed one by one), the last band alone and with a row enumerated
// above it. A last band counted wrongly (a house's cells above the band
// taken for its own) moves the estimate by far more than 4 standard errors
// or to 0.
TEST(Rows, BandClosingKeepsCounts) {
  using V = Variant;
  const std::vector<KnownLayout> cases = {
      {Layout(Shape{2, 2}), "288"},
      {Layout::with_variants(Shape{2, 2}, {V::P}), "168"},
      {Layout::with_variants(Shape{2, 2}, {V::X, V::P}), "48"},
      {Layout::with_variants(Shape{2, 3}, {V::X}), "8640"},
      {Layout::with_variants(Shape{2, 3}, {V::P}), "2799360"},
      {Layout::with_variants(Shape{3, 2}, {V::P}), "2799360"},
      {Layout(Shape{2, 4}), "29136487207403520"},
  };
  for (const auto& [layout, count] : cases)
    for (const int above : {0, 1}) {
      RowsTuning tuning = RowsTuning::for_layout(layout);
      tuning.close_band = true;
      tuning.exact_closing_rows = layout.shape().box_rows + above;
      const RowsEstimator rows(layout, 16, tuning);
      ASSERT_TRUE(rows.steps().closes_band()) << layout.name();
      ASSERT_EQ(rows.steps().closing_row(), layout.n() - tuning.exact_closing_rows) << layout.name();
      expect_consistent(run_rows(rows, 1000, 11), BigFloat(count),
                        layout.name() + " (band closing, " + std::to_string(above) + " row above)");
    }
}

// 9x9: one count of 6.7e21 from 9! times the rest; 200 replicates of 16
// particles give about 1% (a missing factor would be off by far more).
TEST(Rows, ClassicNineByNine) {
  const RowsEstimator rows(Layout(Shape{3, 3}), 16);
  expect_consistent(run_rows(rows, 200, 11, 2), BigFloat(known::grid_count(Shape{3, 3})), "3x3");
}

// 6x6 with both diagonals and disjoint groups has no grid: every replicate
// dies, so the estimate is exactly 0 (a row drawn without the extra houses'
// constraints would complete some grids).
TEST(Rows, ImpossibleLayoutGivesZero) {
  const Layout layout = Layout::with_variants(Shape{2, 3}, {Variant::X, Variant::P});
  for (const bool sequential : {false, true}) {
    const RowsEstimator rows(layout, 16, sequential ? sequential_rows(layout) : RowsTuning::for_layout(layout));
    const Summary s = run_rows(rows, 200, 5);
    EXPECT_EQ(s.samples, 200u);
    EXPECT_EQ(s.estimate, 0) << (sequential ? "sequential" : "exact");
  }
}

// Jigsaws: regions that are neither rows nor boxes (one of them spread over
// the grid), with and without the diagonals; their counts by backtracking
// here.
TEST(Rows, JigsawsMatchBacktracking) {
  // clang-format off
  const std::vector<int> five = {0, 0, 0, 1, 1,
                                 0, 2, 0, 1, 1,
                                 2, 2, 2, 3, 1,
                                 4, 2, 3, 3, 3,
                                 4, 4, 4, 4, 3};
  const std::vector<int> six = {0, 0, 0, 1, 1, 1,
                                0, 0, 1, 0, 1, 1,
                                2, 2, 2, 3, 3, 3,
                                2, 3, 2, 2, 3, 3,
                                4, 4, 4, 5, 5, 5,
                                4, 4, 4, 5, 5, 5};
  // clang-format on
  const std::vector<Layout> layouts = {Layout::jigsaw(5, five), Layout::jigsaw(5, five, {Variant::X}),
                                       Layout::jigsaw(6, six), Layout::jigsaw(6, six, {Variant::X})};
  for (const Layout& layout : layouts) {
    const std::uint64_t exact = count_by_backtracking(layout);
    std::cout << layout.name() << ": " << exact << " grids by backtracking\n";
    for (const bool sequential : {false, true}) {
      const RowsEstimator rows(layout, 16, sequential ? sequential_rows(layout) : RowsTuning::for_layout(layout));
      expect_consistent(run_rows(rows, 1000, 3), BigFloat(exact), layout.name());
    }
  }
}

// One seed, one estimate, for any thread count: blocks draw from their own
// streams (on rows counted exactly and on sequential draws). The particle
// counts make one replicate a block, so the blocks spread over the threads.
TEST(Rows, SameSeedSameEstimateForAnyThreadCount) {
  const std::vector<RowsEstimator> estimators = {
      RowsEstimator(Layout(Shape{2, 3}), 4096),
      RowsEstimator(Layout::with_variants(Shape{3, 3}, {Variant::Windows}), 4096),
      RowsEstimator(Layout(Shape{4, 4}), 1024),
      RowsEstimator(Layout(Shape{1, 20}), 8)};
  for (const RowsEstimator& rows : estimators) {
    ASSERT_EQ(rows.samples_per_block(), 1u) << rows.layout().name();
    const Summary one = run_rows(rows, 6, 123, 1), two = run_rows(rows, 6, 123, 2);
    EXPECT_EQ(one.samples, two.samples) << rows.layout().name();
    EXPECT_EQ(one.estimate, two.estimate) << rows.layout().name();
    EXPECT_GT(one.estimate, 0) << rows.layout().name();
  }
}

// One row drawn from K sequential draws: each matching m must come out with
// E[w 1{M = m}] = 1 (the weight is an unbiased estimate of the number of
// matchings and the pick is in proportion to 1/q), which a uniform pick or
// the first draw would break wherever the draws are not uniform. Row 4 of
// a Latin square of order 8 (rows 1-3 drawn once, column 0 fixed): 200,000
// rows of K = 3 draws; z per matching from the empirical variance, mean
// z^2 about 1 (its s.d. about sqrt(2 / matchings)), below 1.5, and every
// matching seen (their number from the subset DP).
TEST(Rows, SequentialRowsWeighEveryMatchingOnce) {
  const Layout layout(Shape{1, 8});
  RowsTuning tuning = RowsTuning::for_layout(layout);
  tuning.exact_matching_max_symbols = 0;
  tuning.matching_draws = 3;
  const RowsSteps steps(layout, tuning);
  RowsSteps::Scratch scratch;
  std::vector<Mask> start(steps.state_size()), state(steps.state_size());
  steps.start(start.data());
  Rng rng = block_stream(5, 0);
  for (int row = 1; row < 4; ++row) ASSERT_NE(steps.fill_row(start.data(), row, rng, scratch), kLogZero);
  // Row 4's options (the state's masks are the columns'; column 0 fixed to
  // symbol 4), to count its matchings exactly.
  ASSERT_EQ(steps.state_size(), 8);
  Mask options[8];
  for (int j = 0; j < 8; ++j) options[j] = low_bits(8) & ~start[j];
  options[0] &= Mask{1} << 4;
  MatchingCounter counter;
  const double matchings = counter.count(options, 8);
  constexpr int kDraws = 200000;
  std::map<std::vector<Mask>, std::pair<double, double>> sums;  // by the state after the row
  for (int i = 0; i < kDraws; ++i) {
    state = start;
    const long double log_w = steps.fill_row(state.data(), 4, rng, scratch);
    ASSERT_NE(log_w, kLogZero);
    const double w = std::exp(static_cast<double>(log_w));
    auto& [sum, squares] = sums[state];
    sum += w;
    squares += w * w;
  }
  double mean_z2 = 0;
  for (const auto& [key, sum_and_squares] : sums) {
    const double mean = sum_and_squares.first / kDraws;
    const double var = sum_and_squares.second / kDraws - mean * mean;
    const double z = (mean - 1) / std::sqrt(var / kDraws);
    mean_z2 += z * z / static_cast<double>(sums.size());
  }
  std::cout << sums.size() << " matchings, mean z^2 " << mean_z2 << "\n";
  EXPECT_EQ(static_cast<double>(sums.size()), matchings);
  EXPECT_LT(mean_z2, 1.5);
}

TEST(Rows, VariantNamesWhatChangesASample) {
  EXPECT_EQ(RowsEstimator(Layout(Shape{2, 3}), 100).variant(), "rows/P=100");
  const Layout big(Shape{1, 20});
  const RowsEstimator sampled(big, 64);
  EXPECT_EQ(sampled.variant(), "rows/P=64/K=" + std::to_string(sampled.steps().tuning().matching_draws));
  EXPECT_EQ(RowsEstimator(Layout(Shape{3, 3}), 0).particles(), RowsEstimator::default_particles(Layout(Shape{3, 3})));
  EXPECT_THROW(RowsEstimator(Layout(Shape{3, 3}), -1), InputError);
  const Layout nine(Shape{3, 3});
  EXPECT_EQ(RowsEstimator(nine, 8, sequential_rows(nine)).variant(), "rows/P=8/K=3/exact=0/close=1/prune=0");
  // A checkpoint's variant rebuilds the estimator that wrote it; others are refused.
  for (const std::string variant : {"rows/P=16", "rows/P=16/close=3", "rows/P=16/prune=0", "rows/P=16/band=1"})
    EXPECT_EQ(make_estimator_for_variant(variant, Shape{2, 3})->variant(), variant);
  EXPECT_EQ(make_estimator_for_variant("rows/P=16/K=3", Shape{1, 20})->variant(), "rows/P=16/K=3");
  EXPECT_EQ(make_estimator_for_variant("rows/P=8/K=3/exact=0/close=1/prune=0", Shape{3, 3})->variant(),
            "rows/P=8/K=3/exact=0/close=1/prune=0");
  EXPECT_EQ(make_estimator("rows", Shape{2, 3}, EstimatorOptions{16})->variant(), "rows/P=16");
  for (const std::string bad : {"rows", "rows/P=", "rows/P=0", "rows/P=x", "rows/P=16/K=3", "rows/K=3",
                                "rows/P=16/close=0", "rows/P=16/prune=1", "rows/P=16/band=0", "rows/P=16/exact=23", "rows/P=16/nope=1", "rows/P=16/"})
    EXPECT_THROW(make_estimator_for_variant(bad, Shape{2, 3}), InputError) << bad;
  EXPECT_THROW(make_estimator_for_variant("rows/P=16", Shape{1, 20}), InputError);  // K missing
  EXPECT_THROW(make_estimator_for_variant("rows/P=16/K=1/band=1", Shape{1, 20}), InputError);  // no band to close
  EXPECT_THROW(make_estimator_for_variant("rows/P=16/K=0", Shape{1, 20}), InputError);
  EXPECT_THROW(make_estimator("rows", Shape{2, 3}, EstimatorOptions{16, EstimatorOptions::Orientation::Transposed}),
               InputError);
}

// A time budget ends the run inside a replicate: the replicate is dropped,
// not cut into a partial estimate (one replicate of 16,384 particles on a
// Latin square of order 64 takes many minutes).
TEST(Rows, TimeCutDropsTheUnfinishedReplicate) {
  const RowsEstimator rows(Layout(Shape{1, 64}), 16384);
  RunOptions options;
  options.threads = 2;
  options.stop.seconds = 0.3;
  const auto start = std::chrono::steady_clock::now();
  const Progress p = run_estimate(rows, options, [](const Progress&) {});
  const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(p.stop_reason, "time");
  EXPECT_EQ(p.summary.samples, 0u);
  EXPECT_LT(took, 10.0);  // checked before each particle; a loaded machine
}

// Coverage on every kind of layout with an exact count (slow tier): over 200
// independent short runs with fixed seeds, the 95% interval holds the count
// in 92-98% of runs. For a correct interval the hits are Binomial(200, 0.95),
// s.d. 1.5 points, so 92-98 is about +-2 s.d.; the seeds are fixed, so the
// outcome is deterministic. The counts come from tests/data (published or
// brute-forced) or, for the jigsaws, from dancing links.
namespace {

struct CoverageCase {
  std::string name;
  Layout layout;
  BigFloat count;
};

std::vector<CoverageCase> coverage_cases() {
  using V = Variant;
  std::vector<CoverageCase> cases;
  auto known_layout = [&](const Layout& layout) {
    cases.push_back({layout.name(), layout, BigFloat(known::layout_count(layout.name()))});
  };
  known_layout(Layout(Shape{1, 5}));
  known_layout(Layout(Shape{1, 7}));
  known_layout(Layout::with_variants(Shape{2, 2}, {V::X}));
  known_layout(Layout::with_variants(Shape{2, 2}, {V::P}));
  known_layout(Layout::with_variants(Shape{2, 3}, {V::X}));
  known_layout(Layout::with_variants(Shape{2, 3}, {V::P}));
  known_layout(Layout::with_variants(Shape{1, 6}, {V::X}));
  const Layout jigsaw = Layout::parse_regions("1 1 1 2 2\n1 1 2 2 3\n4 4 2 3 3\n4 5 5 3 3\n4 4 5 5 5\n");
  cases.push_back({"jigsaw5", jigsaw, BigFloat(120)});  // dancing links and backtracking agree (test_layout.cpp)
  return cases;
}

}  // namespace

class LayoutCoverage : public ::testing::TestWithParam<int> {};

TEST_P(LayoutCoverage, NinetyFivePercentIntervalsCoverTheTruth) {
  const CoverageCase c = coverage_cases().at(GetParam());
  // Few particles, so the replicates are noisy enough for the interval to
  // matter, but enough that few replicates die: on a layout with few grids
  // (the jigsaw has 120) a population of 8 often dies out, and a mean of
  // mostly zeros is too skewed for a normal interval after 100 replicates
  // (180/200 measured with P = 8). 100 replicates a run.
  const RowsEstimator rows(c.layout, 128);
  const int runs = 200;
  const std::uint64_t replicates = 200;
  int hits = 0;
  // The runs' mean and its standard error, a bias check on 200 x 400 replicates.
  BigFloat sum = 0, sum_squares = 0;
  for (int seed = 1; seed <= runs; ++seed) {
    const Summary s = run_rows(rows, replicates, 5000 + seed);
    if (s.ci_low <= c.count && c.count <= s.ci_high) ++hits;
    sum += s.estimate;
    sum_squares += s.estimate * s.estimate;
  }
  const BigFloat mean = sum / runs, spread = sqrt((sum_squares / runs - mean * mean) / (runs - 1));
  std::cout << "coverage rows " << c.name << ": " << hits << "/" << runs << " runs of " << replicates
            << " replicates; mean of the runs / count - 1 = " << format_scientific((mean - c.count) / c.count, 2)
            << ", z = " << format_scientific((mean - c.count) / spread, 2) << "\n";
  // Unbiased: the mean of the 200 runs within 4 of its standard errors.
  EXPECT_LE(abs(mean - c.count), 4 * spread) << c.name;
  EXPECT_GE(hits, 0.92 * runs) << c.name;
  EXPECT_LE(hits, 0.98 * runs) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Layouts, LayoutCoverage, ::testing::Range(0, static_cast<int>(coverage_cases().size())),
                         [](const auto& info) {
                           std::string name = coverage_cases().at(info.param).name;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });
