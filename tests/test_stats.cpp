#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku_count/run.hpp"
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

// ---- long runs: 1e12 samples and extreme weights -----------------------------
//
// A run of 1e12 samples is merged from per-block accumulators; the
// accumulator is fed that many here by Chan's merge, which doubles a count
// with each self-merge (40 doublings reach 1.1e12). The result is compared
// with the exact mean and sum of squared deviations of the same multiset,
// computed in 100-digit binary floating point.
namespace {

using Reference = boost::multiprecision::cpp_bin_float_100;

struct Weights {
  long double log_weight;  // kLogZero for a zero weight
  std::uint64_t copies;
};

// `copies` samples of one weight, by binary doubling: about 2 log2(copies)
// merges instead of `copies` additions.
WeightAccumulator repeated(long double log_weight, std::uint64_t copies) {
  WeightAccumulator result, power;
  power.add_log(log_weight);
  for (; copies > 0; copies >>= 1) {
    if (copies & 1) result.merge(power);
    power.merge(power);
  }
  return result;
}

WeightAccumulator accumulate(const std::vector<Weights>& weights) {
  WeightAccumulator total;
  for (const Weights& w : weights) total.merge(repeated(w.log_weight, w.copies));
  return total;
}

// Exact mean and M2 of the multiset, both relative to exp(shift) as the
// accumulator holds them. cpp_bin_float's exponent range covers e^(+-1e5).
struct Exact {
  Reference mean, m2;
  std::uint64_t count = 0;
};
Exact exact_moments(const std::vector<Weights>& weights, long double shift) {
  Exact e;
  Reference sum = 0;
  for (const Weights& w : weights) {
    e.count += w.copies;
    if (w.log_weight != kLogZero) sum += Reference(w.copies) * exp(Reference(w.log_weight - shift));
  }
  e.mean = sum / Reference(e.count);
  for (const Weights& w : weights) {
    const Reference value = w.log_weight == kLogZero ? Reference(0) : exp(Reference(w.log_weight - shift));
    e.m2 += Reference(w.copies) * (value - e.mean) * (value - e.mean);
  }
  return e;
}

double relative_difference(long double value, const Reference& reference) {
  if (reference == 0) return static_cast<double>(std::fabs(value));
  return static_cast<double>(abs((Reference(value) - reference) / reference));
}

}  // namespace

// Tolerances: every merge rounds the mean and M2 a few times at long
// double's 2^-64 (5.4e-20); a case takes at most about 200 merges, all of
// whose M2 terms are positive (no cancellation), so the relative error stays
// below 1e-16; 1e-14 leaves two orders of margin. Weights 2e5 below the
// largest (e^-2e5) underflow to 0 in long double; relative to the mean they
// are below 1e-80000, so the reference sees the same value to 100 digits.
TEST(Stats, TrillionsOfSamplesOfExtremeWeightsKeepTheirMoments) {
  const std::vector<std::vector<Weights>> cases = {
      {{700.0L, 1}, {-700.0L, 999'999'999'999ULL}},                             // one huge among 1e12 tiny
      {{1e5L, 3}, {-1e5L, 1'000'000'000'000ULL}, {0.0L, 12'345}},              // log range 2e5
      {{kLogZero, 500'000'000'000ULL}, {0.0L, 500'000'000'000ULL}},            // half zeros
      {{std::log(288.0L), 1ULL << 40}},                                        // all equal: M2 exactly 0
      {{-11356.0L, 400'000'000'000ULL}, {11356.0L, 600'000'000'001ULL}},       // near long double's limits
      {{0.5L, 123'456'789'012ULL}, {1.5L, 987'654'321'098ULL}, {-3.25L, 1ULL << 39}, {kLogZero, 77}},
  };
  for (std::size_t c = 0; c < cases.size(); ++c) {
    const WeightAccumulator acc = accumulate(cases[c]);
    const Exact exact = exact_moments(cases[c], acc.shift());
    SCOPED_TRACE("case " + std::to_string(c));
    EXPECT_EQ(acc.count(), exact.count);  // an integer count: exact at any size
    EXPECT_GE(acc.count(), 1'000'000'000'000ULL);
    EXPECT_TRUE(std::isfinite(acc.scaled_mean()) && std::isfinite(acc.scaled_m2()));
    EXPECT_LT(relative_difference(acc.scaled_mean(), exact.mean), 1e-14);
    if (exact.m2 == 0) {
      EXPECT_EQ(acc.scaled_m2(), 0.0L);
    } else {
      EXPECT_LT(relative_difference(acc.scaled_m2(), exact.m2), 1e-14);
    }
    const Summary s = summarize(acc);
    EXPECT_EQ(s.samples, exact.count);
    EXPECT_TRUE(std::isfinite(s.log10_estimate));
    EXPECT_TRUE(std::isfinite(s.rel_std_error));
    EXPECT_TRUE(std::isfinite(s.effective_sample_size));
    EXPECT_TRUE(s.error_known);
    // log10 of the mean, a double: within a few of its ulps (2e-16 relative)
    // of the reference, plus 1e-14 for a mean off by 1e-14 relative.
    const double log10_mean =
        static_cast<double>((log(exact.mean) + Reference(acc.shift())) / log(Reference(10)));
    EXPECT_NEAR(s.log10_estimate, log10_mean, 1e-15 * std::fabs(log10_mean) + 1e-14);
  }
}

// Nearly equal weights: the spread is 1e-9 of the mean, so a sum of squares
// minus n mean^2 would cancel all of long double's 19 digits; Welford and
// Chan's updates carry the deviations themselves. The two means each carry a
// rounding error near 1e-19, i.e. 1e-10 of their 1e-9 difference, so M2
// (the difference squared) is right to about 2e-10; 1e-8 is the bound.
TEST(Stats, NearlyEqualWeightsKeepTheirVariance) {
  const std::vector<Weights> weights = {{0.0L, 500'000'000'000ULL}, {std::log1p(1e-9L), 500'000'000'000ULL}};
  const WeightAccumulator acc = accumulate(weights);
  const Exact exact = exact_moments(weights, acc.shift());
  EXPECT_LT(relative_difference(acc.scaled_m2(), exact.m2), 1e-8);
  EXPECT_LT(relative_difference(acc.scaled_mean(), exact.mean), 1e-15);
}

// The driver's pattern: small blocks merged one by one into a total that is
// already huge (here 2^40 samples), then a long sequence of single additions.
// Each merge or addition rounds the mean by about 5e-20 relative; 1e6 of
// them drift at most 1e6 x that (5e-14) in the worst case, about 1e3 x
// typically; 1e-12 is the bound.
TEST(Stats, ManySmallBlocksMergedIntoAHugeTotal) {
  std::vector<Weights> weights = {{20.0L, 1ULL << 40}};
  WeightAccumulator acc = accumulate(weights);
  const long double pattern[] = {19.0L, 21.0L, kLogZero, 20.5L, -300.0L, 40.0L, 20.0L, 18.25L};
  for (int block = 0; block < 200'000; ++block) {
    WeightAccumulator small;
    for (int k = 0; k < 5; ++k) small.add_log(pattern[(block + k) % 8]);
    acc.merge(small);
  }
  for (int k = 0; k < 1'000'000; ++k) acc.add_log(pattern[k % 8]);
  // The blocks (200000 of 5) and the additions each draw every entry of the
  // 8-cycle 125000 times.
  for (const long double lw : pattern) weights.push_back({lw, 250'000});
  const Exact exact = exact_moments(weights, acc.shift());
  EXPECT_EQ(acc.count(), exact.count);
  EXPECT_EQ(acc.zero_count(), 250'000u);
  EXPECT_LT(relative_difference(acc.scaled_mean(), exact.mean), 1e-12);
  EXPECT_LT(relative_difference(acc.scaled_m2(), exact.m2), 1e-12);
}

// A confidence level within an ulp of 1 has a finite quantile (0.5 + c/2
// would round to 1, whose quantile is infinite).
TEST(Stats, NormalQuantileNearOne) {
  const double almost_one = std::nextafter(1.0, 0.0);
  const double z = normal_two_sided_quantile(almost_one);
  EXPECT_TRUE(std::isfinite(z));
  EXPECT_GT(z, 8.0);  // P(|Z| > 8) is 1.2e-15, still above 1 - almost_one = 1.1e-16
  EXPECT_NEAR(normal_two_sided_quantile(1e-300), 0.0, 1e-12);
}

// One sample has no spread: the summary says so rather than giving an
// interval of zero width.
TEST(Stats, StandardErrorNeedsTwoSamples) {
  WeightAccumulator acc;
  EXPECT_FALSE(summarize(acc).error_known);
  acc.add_log(std::log(7.0L));
  EXPECT_FALSE(summarize(acc).error_known);
  acc.add_log(std::log(9.0L));
  const Summary s = summarize(acc);
  EXPECT_TRUE(s.error_known);
  EXPECT_LE(s.ci_low, s.estimate);
  EXPECT_GE(s.ci_high, s.estimate);
}
