// Uniform random grids: validity, determinism, and chi-square tests of
// uniformity against exact counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "bands/band_classes.hpp"
#include "bands/band_completions.hpp"
#include "bands/band_fillings.hpp"
#include "cover/sudoku_cover.hpp"
#include "sample/grid_sampler.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/sample.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

SampleResult draw(const Shape& shape, std::uint64_t count, std::uint64_t seed, int threads = 0) {
  SampleOptions options;
  options.count = count;
  options.seed = seed;
  options.threads = threads;
  return sample_grids(shape, options);
}

void expect_all_valid(const SampleResult& result) {
  for (const Grid& grid : result.grids) {
    ASSERT_EQ(grid.layout, result.layout);
    EXPECT_NO_THROW(validate_grid(grid));
    EXPECT_EQ(given_count(grid), grid.layout.cells());
  }
}

// Upper critical value of chi-square with k degrees of freedom at the
// normal quantile z, by the Wilson-Hilferty cube-root approximation (good to
// a fraction of a percent for k >= 30). With z = 4.75 a correct sampler
// fails with probability about 1e-6: a failure means bias, not bad luck.
// (The seeds are fixed, so each test's outcome is fixed too; the threshold
// says how unlikely a failure of an unbiased sampler would have been.)
double chi_square_critical(double k, double z = 4.75) {
  const double a = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

// The multiset of band 1's symbol types (band_classes.hpp): a symbol in
// column k of box b has digit k at place b. Counts indexed by type.
std::vector<int> band_one_types(const Grid& grid) {
  const Shape& s = grid.shape();
  int types = 1;
  for (int b = 0; b < s.box_rows; ++b) types *= s.box_cols;
  std::vector<int> type_of(s.n(), 0), counts(types, 0);
  for (int row = 0; row < s.box_rows; ++row)
    for (int column = 0; column < s.n(); ++column) {
      int place_value = 1;
      for (int b = 0; b < column / s.box_cols; ++b) place_value *= s.box_cols;
      type_of[grid.at(row, column) - 1] += (column % s.box_cols) * place_value;
    }
  for (const int t : type_of) ++counts[t];
  return counts;
}

// Every image of each class's type multiset under S_C wr S_R (permuted
// places, each place's digits permuted), mapped to the class: a plain
// enumeration of the group, independent of band_classes' union-find.
std::map<std::vector<int>, std::size_t> class_of_multiset(const std::vector<BandClass>& classes, const Shape& s) {
  const int r = s.box_rows, c = s.box_cols;
  std::vector<int> place_order(r);
  std::iota(place_order.begin(), place_order.end(), 0);
  std::vector<std::vector<int>> digit_perms;
  std::vector<int> digits(c);
  std::iota(digits.begin(), digits.end(), 0);
  do digit_perms.push_back(digits);
  while (std::next_permutation(digits.begin(), digits.end()));
  std::map<std::vector<int>, std::size_t> result;
  const int types = static_cast<int>(classes.front().symbols_of_type.size());
  do {
    std::vector<std::size_t> choice(r, 0);  // a digit permutation per place, odometer
    while (true) {
      std::vector<int> image_of(types);
      for (int t = 0; t < types; ++t) {
        int image = 0, rest = t;
        for (int b = 0; b < r; ++b, rest /= c) {
          int place_value = 1;
          for (int k = 0; k < place_order[b]; ++k) place_value *= c;
          image += digit_perms[choice[b]][rest % c] * place_value;
        }
        image_of[t] = image;
      }
      for (std::size_t k = 0; k < classes.size(); ++k) {
        std::vector<int> moved(types, 0);
        for (int t = 0; t < types; ++t) moved[image_of[t]] = classes[k].symbols_of_type[t];
        result.emplace(moved, k);
      }
      int b = 0;
      while (b < r && ++choice[b] == digit_perms.size()) choice[b++] = 0;
      if (b == r) break;
    }
  } while (std::next_permutation(place_order.begin(), place_order.end()));
  return result;
}

}  // namespace

TEST(Sample, RoutesPerShape) {
  EXPECT_EQ(sample_method(Shape{2, 2}), "dlx");
  EXPECT_EQ(sample_method(Shape{2, 3}), "dlx");
  EXPECT_EQ(sample_method(Shape{3, 3}), "bands");
  EXPECT_EQ(sample_method(Shape{4, 2}), "two-bands");
  EXPECT_EQ(sample_method(Shape{2, 4}), "two-bands");
  EXPECT_EQ(sample_method(Shape{5, 2}), "two-bands");
  EXPECT_EQ(sample_method(Shape{2, 5}), "two-bands");
  EXPECT_EQ(sample_method(Shape{2, 6}), "resampling");
  EXPECT_EQ(sample_method(Shape{4, 4}), "resampling");
  EXPECT_TRUE(samples_exactly_uniform(Shape{3, 3}));
  EXPECT_FALSE(samples_exactly_uniform(Shape{3, 4}));
  EXPECT_THROW(draw(Shape{2, 2}, 0, 1), InputError);
}

// All 288 4x4 grids, 100,000 draws: chi-square with 287 degrees of freedom
// (expected 347 per grid), critical value 415.7 at z = 4.75.
TEST(Sample, FourByFourChiSquare) {
  const Shape shape{2, 2};
  const SampleResult result = draw(shape, 100'000, 2026);
  EXPECT_TRUE(result.exactly_uniform);
  expect_all_valid(result);
  std::map<std::vector<int>, long> seen;
  for (const Grid& grid : result.grids) ++seen[grid.cells];
  EXPECT_EQ(seen.size(), 288u);
  const double expected = 100'000.0 / 288;
  double chi_square = 0;
  for (const auto& [cells, observed] : seen) chi_square += (observed - expected) * (observed - expected) / expected;
  chi_square += (288.0 - static_cast<double>(seen.size())) * expected;  // grids never drawn
  RecordProperty("chi_square", std::to_string(chi_square));  // docs/validation.md quotes it
  EXPECT_LT(chi_square, chi_square_critical(287)) << "chi-square " << chi_square;
}

// Grid i depends on (seed, i) only: the same for any thread count, and the
// first grids of a longer run are those of a shorter one. (9x9 is checked in
// NineByNineBandOneClasses, which builds its tables once.)
TEST(Sample, SameGridsForAnyThreadCount) {
  for (const Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{4, 2}, Shape{2, 4}, Shape{3, 4}}) {
    const SampleResult one = draw(shape, 40, 7, 1), two = draw(shape, 40, 7, 2);
    ASSERT_EQ(one.grids.size(), two.grids.size());
    for (std::size_t i = 0; i < one.grids.size(); ++i) EXPECT_EQ(one.grids[i].cells, two.grids[i].cells) << shape.name();
    expect_all_valid(one);
    EXPECT_NE(one.grids[0].cells, draw(shape, 1, 8, 1).grids[0].cells) << shape.name();
  }
}

// 9x9: the class of band 1 (44 classes under relabelling, column
// permutations inside stacks and stack permutations) of each drawn grid,
// against its exact share |K| f(K) G(K) / sum, G summed by the exact
// counter's completions. Classes expected fewer than 5 times are pooled into
// one bin; chi-square critical value at z = 4.75. Also: every grid valid,
// the same first grids on one thread, and the compact lines read back as
// solve --puzzle-file reads them.
TEST(Sample, NineByNineBandOneClasses) {
  const Shape shape{3, 3};
  const std::vector<BandClass> classes = band_classes(shape, 0);
  ASSERT_EQ(classes.size(), 44u);
  const BandFillings fillings(shape, std::size_t{1} << 20);
  long double sum = 0;
  std::vector<long double> share(classes.size());
  for (std::size_t k = 0; k < classes.size(); ++k) {
    Mask sets[kMaxGridSize], avail[kMaxGridSize];
    band_class_column_sets(classes[k], shape, sets);
    for (int j = 0; j < shape.n(); ++j) avail[j] = low_bits(shape.n()) & ~sets[j];
    share[k] = classes[k].column_sets.convert_to<long double>() * static_cast<long double>(fillings.count(sets)) *
               static_cast<long double>(completions(fillings, avail, 2));
    sum += share[k];
  }
  const std::map<std::vector<int>, std::size_t> class_of = class_of_multiset(classes, shape);
  const std::uint64_t draws = 30'000;
  const SampleResult result = draw(shape, draws, 99, 2);
  EXPECT_TRUE(result.exactly_uniform);
  expect_all_valid(result);
  const SampleResult first = draw(shape, 100, 99, 1);
  for (std::size_t i = 0; i < first.grids.size(); ++i) EXPECT_EQ(first.grids[i].cells, result.grids[i].cells);
  std::string text;
  for (const Grid& grid : first.grids) text += format_line(grid) + "\n";
  const std::vector<ListedPuzzle> read = parse_puzzle_list(text, shape);
  ASSERT_EQ(read.size(), first.grids.size());
  for (std::size_t i = 0; i < read.size(); ++i) EXPECT_EQ(read[i].grid.cells, first.grids[i].cells);
  std::vector<long> observed(classes.size(), 0);
  for (const Grid& grid : result.grids) {
    const auto found = class_of.find(band_one_types(grid));
    ASSERT_NE(found, class_of.end());
    ++observed[found->second];
  }
  double chi_square = 0, pooled_expected = 0, pooled_observed = 0;
  int bins = 0;
  for (std::size_t o = 0; o < classes.size(); ++o) {
    const double expected = static_cast<double>(share[o] / sum) * draws;
    if (expected < 5) {
      pooled_expected += expected;
      pooled_observed += static_cast<double>(observed[o]);
      continue;
    }
    chi_square += (observed[o] - expected) * (observed[o] - expected) / expected;
    ++bins;
  }
  if (pooled_expected > 0) {
    chi_square += (pooled_observed - pooled_expected) * (pooled_observed - pooled_expected) / pooled_expected;
    ++bins;
  }
  RecordProperty("chi_square", std::to_string(chi_square));  // docs/validation.md quotes it
  RecordProperty("bins", bins);
  EXPECT_LT(chi_square, chi_square_critical(bins - 1)) << "chi-square " << chi_square << " over " << bins << " bins";
}

// A band filled by draw_band_filling: every one of the f(X) fillings of its
// column sets equally likely. Chi-square over all f(X) fillings (those
// never drawn included), 10 draws expected per filling, critical value at
// z = 4.75: on the 9x9 band-1 class with the fewest fillings (3 rows), and
// on a band of four rows whose columns all hold all four symbols (its
// fillings are the 576 Latin squares of order 4).
namespace {

void expect_uniform_fillings(const std::vector<Mask>& sets, int rows, const std::string& what) {
  const int n = static_cast<int>(sets.size());
  const std::uint64_t f = count_band_fillings(sets.data(), rows, n);
  ASSERT_GT(f, 1u) << what;
  ASSERT_LT(f, 40'000u) << what;
  const double expected = 10;
  const auto draws = static_cast<std::uint64_t>(expected) * f;
  std::map<std::vector<int>, long> seen;
  std::vector<int> symbols(static_cast<std::size_t>(rows) * n);
  for (std::uint64_t i = 0; i < draws; ++i) {
    Rng rng = block_stream(5, i);
    draw_band_filling(sets.data(), rows, n, rng, symbols.data());
    ++seen[symbols];
  }
  EXPECT_LE(seen.size(), f) << what;
  double chi_square = 0;
  for (const auto& [filling, observed] : seen) chi_square += (observed - expected) * (observed - expected) / expected;
  chi_square += (static_cast<double>(f) - static_cast<double>(seen.size())) * expected;
  EXPECT_LT(chi_square, chi_square_critical(static_cast<double>(f) - 1))
      << what << ": chi-square " << chi_square << " over " << f << " fillings";
}

}  // namespace

TEST(Sample, BandFillingsAreUniform) {
  const Shape shape{3, 3};
  std::vector<Mask> sets(shape.n()), fewest(shape.n());
  std::uint64_t f_fewest = 0;
  for (const BandClass& band_class : band_classes(shape, 0)) {
    band_class_column_sets(band_class, shape, sets.data());
    const std::uint64_t f = count_band_fillings(sets.data(), shape.box_rows, shape.n());
    if (f > 0 && (f_fewest == 0 || f < f_fewest)) f_fewest = f, fewest = sets;
  }
  expect_uniform_fillings(fewest, 3, "9x9 band");
  expect_uniform_fillings(std::vector<Mask>(4, low_bits(4)), 4, "Latin squares of order 4");
}

TEST(Sample, ApproximateRouteReportsItsEffectiveSampleSize) {
  SampleOptions options;
  options.count = 5;
  options.seed = 1;
  options.proposals_per_grid = 8;
  const SampleResult result = sample_grids(Shape{3, 4}, options);
  EXPECT_FALSE(result.exactly_uniform);
  EXPECT_EQ(result.method, "resampling");
  EXPECT_EQ(result.proposals, 40u);
  EXPECT_GT(result.effective_sample_size, 0.0);
  EXPECT_LE(result.effective_sample_size, 40.0);
  expect_all_valid(result);
}
