// Both diagonals as givens (rows-x; docs/method.md, section 16): the
// allowed anti-diagonals counted and drawn, and the estimates against the
// exact counts of tests/data/layout_counts.txt.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <numeric>

#include "diagonals/anti_diagonals.hpp"
#include "estimate/rows_x_method.hpp"
#include "fixed_runs.hpp"
#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count {
namespace {

using detail::AntiDiagonals;
using detail::Mask;

Layout x_layout(int rows, int cols, std::vector<Variant> more = {}) {
  more.push_back(Variant::X);
  return Layout::with_variants(Shape{rows, cols}, more);
}

// Whether the main diagonal 0..N-1 and anti-diagonal pi clash in a house:
// checked on the cells, apart from AntiDiagonals' forbidden board.
bool clash_free(const Layout& layout, const std::vector<int>& pi) {
  const int n = layout.n();
  std::vector<int> cell(static_cast<std::size_t>(n) * n, -1);
  for (int r = 0; r < n; ++r) cell[r * n + r] = r;
  for (int r = 0; r < n; ++r) {
    int& c = cell[r * n + (n - 1 - r)];
    if (c >= 0 && c != pi[r]) return false;
    c = pi[r];
  }
  for (const House& house : layout.houses()) {
    Mask seen = 0;
    for (const int c : house.cells) {
      if (cell[c] < 0) continue;
      if (seen >> cell[c] & 1) return false;
      seen |= Mask{1} << cell[c];
    }
  }
  return true;
}

std::vector<std::vector<int>> allowed_by_brute_force(const Layout& layout) {
  std::vector<int> pi(layout.n());
  std::iota(pi.begin(), pi.end(), 0);
  std::vector<std::vector<int>> all;
  do {
    if (clash_free(layout, pi)) all.push_back(pi);
  } while (std::next_permutation(pi.begin(), pi.end()));
  return all;
}

using testing_runs::run_samples;

TEST(AntiDiagonals, CountMatchesBruteForce) {
  for (const Layout& layout : {x_layout(2, 2), x_layout(2, 3), x_layout(3, 2), x_layout(1, 5), x_layout(1, 6),
                               x_layout(2, 4), x_layout(4, 2), x_layout(3, 3), x_layout(2, 2, {Variant::P}),
                               x_layout(2, 3, {Variant::P}), x_layout(3, 3, {Variant::Windows})}) {
    const AntiDiagonals anti(layout);
    EXPECT_EQ(anti.count(), BigInt(allowed_by_brute_force(layout).size())) << layout.name();
  }
}

// The draws follow q(pi) = 1 / exp(draw's return): on 4x4 and 6x6 every
// allowed pi's share of 200,000 draws within 5 binomial standard errors of
// q (a wrong G or a rejection that favours some pi fails), and the q's sum
// to 1.
TEST(AntiDiagonals, DrawsFollowTheirProbabilities) {
  for (const Layout& layout : {x_layout(2, 2), x_layout(3, 2), x_layout(1, 6)}) {
    const AntiDiagonals anti(layout);
    const auto all = allowed_by_brute_force(layout);
    Rng rng = block_stream(5, 0);
    std::map<std::vector<int>, int> seen;
    std::map<std::vector<int>, double> q;
    constexpr int kDraws = 200000;
    std::vector<int> pi(layout.n());
    for (int i = 0; i < kDraws; ++i) {
      const long double log_inverse_q = anti.draw(rng, pi.data());
      ASSERT_TRUE(clash_free(layout, pi)) << layout.name();
      ++seen[pi];
      q[pi] = static_cast<double>(std::exp(-log_inverse_q));
    }
    double total_q = 0;
    for (const auto& pi_allowed : all) {
      ASSERT_TRUE(q.count(pi_allowed)) << layout.name() << ": an allowed anti-diagonal never drawn";
      const double p = q[pi_allowed], expected = kDraws * p, sd = std::sqrt(kDraws * p * (1 - p));
      EXPECT_LT(std::fabs(seen[pi_allowed] - expected), 5 * sd) << layout.name();
      total_q += p;
    }
    EXPECT_NEAR(total_q, 1.0, 1e-9) << layout.name();
    EXPECT_EQ(anti.weighted(), layout.shape().box_rows > 1) << layout.name();
  }
}

// Fixed seeds; 4 standard errors (a correct estimator fails one such check
// in about 16,000). 2x3+x+p has no grid: every sample is 0.
TEST(RowsX, EstimatesMatchExactCounts) {
  for (const Layout& layout : {x_layout(2, 2), x_layout(2, 3), x_layout(3, 2), x_layout(1, 5), x_layout(1, 6),
                               x_layout(2, 2, {Variant::P}), x_layout(2, 3, {Variant::P})}) {
    const auto estimator = make_estimator("rows-x", layout);
    const Summary s = run_samples(*estimator, 4000, 21);
    const BigFloat truth = BigFloat(known::layout_count(layout.name()));
    if (truth == 0) {
      EXPECT_EQ(s.estimate, 0) << layout.name();
      continue;
    }
    ASSERT_GT(s.std_error, 0) << layout.name();
    const double z = static_cast<double>((s.estimate - truth) / s.std_error);
    EXPECT_LT(std::fabs(z), 4) << layout.name() << ": z " << z;
  }
}

// Coverage of the 95% interval over 200 fixed seeds on 6x6 (3x2 boxes):
// Binomial(200, 0.95) has s.d. 1.5 points, so 90-99% allows about 3 s.d.;
// the z-scores' s.d. within [0.8, 1.25] (about 4 s.d. of the s.d. of 200).
TEST(RowsX, CoverageOverSeeds) {
  const Layout layout = x_layout(3, 2);
  const auto estimator = make_estimator("rows-x", layout, {.particles = 16});
  const BigFloat truth = BigFloat(known::layout_count(layout.name()));
  constexpr int kRuns = 200;
  int covered = 0;
  double sum = 0, sum_squares = 0;
  for (int seed = 1; seed <= kRuns; ++seed) {
    const Summary s = run_samples(*estimator, 256, 9000 + seed);
    ASSERT_GT(s.std_error, 0);
    const double z = static_cast<double>((s.estimate - truth) / s.std_error);
    sum += z;
    sum_squares += z * z;
    covered += s.ci_low <= truth && truth <= s.ci_high;
  }
  const double mean = sum / kRuns, sd = std::sqrt((sum_squares - kRuns * mean * mean) / (kRuns - 1));
  std::cout << "rows-x 3x2+x: z mean " << mean << " s.d. " << sd << ", coverage " << covered << "/" << kRuns << "\n";
  EXPECT_LT(std::fabs(mean), 0.5);
  EXPECT_GT(sd, 0.8);
  EXPECT_LT(sd, 1.25);
  EXPECT_GE(covered, 0.90 * kRuns);
  EXPECT_LE(covered, 0.99 * kRuns);
}

TEST(RowsX, RegistryChoosesAndRefuses) {
  EXPECT_EQ(make_estimator("auto", x_layout(4, 4))->name(), "rows-x");
  EXPECT_EQ(make_estimator("auto", x_layout(2, 5))->name(), "rows-x");
  EXPECT_EQ(make_estimator("auto", x_layout(3, 3))->name(), "sets-x");
  EXPECT_EQ(make_estimator("auto", x_layout(2, 4))->name(), "rows");
  EXPECT_THROW(make_estimator("rows-x", Layout(Shape{3, 3})), InputError);  // no diagonals
  EstimatorOptions puzzle;
  puzzle.givens.assign(81, 0);
  puzzle.givens[0] = 1;
  EXPECT_THROW(make_estimator("rows-x", x_layout(3, 3), puzzle), InputError);  // counts the empty layout only
  EstimatorOptions puzzle16;
  puzzle16.givens.assign(256, 0);
  puzzle16.givens[0] = 1;
  EXPECT_EQ(make_estimator("auto", x_layout(4, 4), puzzle16)->name(), "rows");
  // Saved variants read back to the same estimator.
  const auto estimator = make_estimator("rows-x", x_layout(4, 4), {.particles = 64});
  EXPECT_EQ(estimator->variant(), "rows-x/P=64/K=1");
  EXPECT_EQ(make_estimator_for_variant(estimator->variant(), x_layout(4, 4))->variant(), estimator->variant());
  EXPECT_THROW(make_estimator_for_variant("rows-x/P=64/K=1", Layout(Shape{4, 4})), InputError);
}

// 9x9 x against the forum's total (slow tier): one fixed-seed run of 3,000
// samples (relative standard error about 7e-3) within 4 standard errors.
TEST(RowsXSlow, NineByNineHoldsThePublishedTotal) {
  const Layout layout = x_layout(3, 3);
  const auto estimator = make_estimator("rows-x", layout);
  const Summary s = run_samples(*estimator, 3000, 44);
  const BigFloat truth = BigFloat(known::layout_count(layout.name()));
  const double z = static_cast<double>((s.estimate - truth) / s.std_error);
  std::cout << "rows-x 9x9: z " << z << ", relative standard error " << s.rel_std_error << "\n";
  EXPECT_LT(std::fabs(z), 4);
}

}  // namespace
}  // namespace sudoku_count
