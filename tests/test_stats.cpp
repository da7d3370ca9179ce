#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "sudoku_count/estimate.hpp"
#include "sudoku_count/stats.hpp"

using namespace sudoku_count;

TEST(Stats, EmptyAndSingleSample) {
  WeightAccumulator acc;
  Summary s = summarize(acc);
  EXPECT_EQ(s.samples, 0u);
  EXPECT_TRUE(std::isinf(s.rel_std_error));
  acc.add_log(std::log(5.0L));
  s = summarize(acc);
  EXPECT_EQ(s.samples, 1u);
  EXPECT_NEAR(static_cast<double>(s.estimate), 5.0, 1e-12);
  EXPECT_TRUE(std::isinf(s.rel_std_error));  // no spread from one sample
}

TEST(Stats, MeanAndStandardErrorOfKnownValues) {
  WeightAccumulator acc;
  for (double w : {1.0, 2.0, 3.0, 4.0}) acc.add_log(std::log(static_cast<long double>(w)));
  acc.add_log(kLogZero);  // a zero weight counts as a sample
  const Summary s = summarize(acc);
  EXPECT_NEAR(static_cast<double>(s.estimate), 2.0, 1e-12);
  // sample variance of {1,2,3,4,0} is 2.5; SE = sqrt(2.5/5)
  EXPECT_NEAR(static_cast<double>(s.std_error), std::sqrt(0.5), 1e-12);
  EXPECT_NEAR(s.rel_std_error, std::sqrt(0.5) / 2, 1e-12);
  EXPECT_EQ(acc.zero_count(), 1u);
}

TEST(Stats, MergeEqualsSequential) {
  WeightAccumulator all, left, right;
  for (int i = 0; i < 1000; ++i) {
    const long double lw = 500.0L * std::sin(i * 0.37L) + (i % 7 == 0 ? kLogZero : 0);
    all.add_log(lw);
    (i < 400 ? left : right).add_log(lw);
  }
  left.merge(right);
  EXPECT_EQ(left.count(), all.count());
  const Summary a = summarize(all), b = summarize(left);
  EXPECT_NEAR(a.log10_estimate, b.log10_estimate, 1e-12);
  EXPECT_NEAR(a.rel_std_error, b.rel_std_error, 1e-9);
}

// Weights far beyond double range (a 64x64 count is near 1e4000) are held
// relative to a scale, so they neither overflow nor vanish.
TEST(Stats, HugeWeightsStayFinite) {
  WeightAccumulator acc;
  const long double base = 9000.0L;  // e^9000 overflows double and long double's usual printf range is fine
  acc.add_log(base);
  acc.add_log(base + std::log(3.0L));
  const Summary s = summarize(acc);
  EXPECT_NEAR(s.log10_estimate, static_cast<double>((base + std::log(2.0L)) / std::log(10.0L)), 1e-9);
  EXPECT_NEAR(s.rel_std_error, 0.5, 1e-12);
}

TEST(Stats, NormalQuantile) {
  EXPECT_NEAR(normal_two_sided_quantile(0.95), 1.959963985, 1e-8);
  EXPECT_NEAR(normal_two_sided_quantile(0.99), 2.575829304, 1e-8);
}
