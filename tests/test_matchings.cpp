#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "bands/row_matchings.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

TEST(Matchings, CountsKnownPermanents) {
  MatchingCounter counter;
  const std::vector<Mask> full(6, low_bits(6));
  EXPECT_EQ(counter.count(full.data(), 6), 720.0);  // 6!
  // Column j allows symbols j and j+1 (mod 5): a single 10-cycle, 2 matchings.
  std::vector<Mask> cycle(5);
  for (int j = 0; j < 5; ++j) cycle[j] = (Mask{1} << j) | (Mask{1} << ((j + 1) % 5));
  EXPECT_EQ(counter.count(cycle.data(), 5), 2.0);
  const std::vector<Mask> blocked = {1, 1, 6};  // two columns want symbol 0 only
  EXPECT_EQ(counter.count(blocked.data(), 3), 0.0);
}

// Uniform draws: every perfect matching of the 6x6 complete graph minus
// its diagonal (derangements: 265 of them) appears, each about equally often.
TEST(Matchings, SamplesUniformly) {
  std::vector<Mask> columns(6);
  for (int j = 0; j < 6; ++j) columns[j] = low_bits(6) & ~(Mask{1} << j);
  MatchingCounter counter;
  ASSERT_EQ(counter.count(columns.data(), 6), 265.0);
  Rng rng = block_stream(5, 0);
  std::map<std::vector<int>, int> seen;
  const int draws = 265 * 200;
  for (int i = 0; i < draws; ++i) {
    std::vector<int> m(6);
    counter.sample(rng, m.data());
    std::set<int> symbols(m.begin(), m.end());
    ASSERT_EQ(symbols.size(), 6u);
    for (int j = 0; j < 6; ++j) ASSERT_NE(m[j], j);
    ++seen[m];
  }
  EXPECT_EQ(seen.size(), 265u);
  // Each count is Binomial(draws, 1/265): mean 200, s.d. 14; 6 s.d. bounds
  // make a false failure over 265 cells vanishingly rare (fixed seed anyway).
  for (const auto& [m, k] : seen) {
    EXPECT_GT(k, 200 - 6 * 14);
    EXPECT_LT(k, 200 + 6 * 14);
  }
}

// Knuth's estimator: the mean of 1/q over sequential draws is the number of
// perfect matchings. 40,000 draws on a 4-regular circulant 12x12 graph; the
// tolerance is 4 standard errors of the mean, estimated from the draws.
TEST(Matchings, SequentialDrawsAreUnbiased) {
  const int n = 12;
  std::vector<Mask> columns(n);
  for (int j = 0; j < n; ++j)
    for (int d : {0, 1, 3, 7}) columns[j] |= Mask{1} << ((j + d) % n);
  MatchingCounter counter;
  const double exact = counter.count(columns.data(), n);
  Rng rng = block_stream(9, 0);
  double sum = 0, sum_sq = 0;
  const int draws = 40000;
  std::vector<int> m(n);
  for (int i = 0; i < draws; ++i) {
    const double w = sequential_matching(columns.data(), n, rng, m.data());
    sum += w;
    sum_sq += w * w;
  }
  const double mean = sum / draws;
  const double se = std::sqrt((sum_sq / draws - mean * mean) / draws);
  EXPECT_LT(std::fabs(mean - exact), 4 * se) << "exact " << exact << " mean " << mean;
}
