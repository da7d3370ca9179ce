#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

#include "estimate/box_choices.hpp"
#include "estimate/sets_steps.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

// Each of `choices` drawn about per_choice times, and nothing else: the
// chi-square statistic over the choices stays below its degrees of freedom
// plus 5 of its standard deviations (a false alarm about once in 10^5 under
// uniform draws; the seeds are fixed, so the test is deterministic).
void expect_uniform(std::map<std::vector<Mask>, int>& hits, const std::vector<std::vector<Mask>>& choices,
                    int per_choice) {
  EXPECT_EQ(hits.size(), choices.size());
  double chi2 = 0;
  for (const auto& choice : choices) chi2 += std::pow(hits[choice] - per_choice, 2) / per_choice;
  const double dof = static_cast<double>(choices.size() - 1);
  EXPECT_LT(chi2, dof + 5 * std::sqrt(2 * dof));
}

// Every choice for a box with free sets free[0..C-1]: each symbol to one
// column where it is free, R per column; a choice is its C column sets.
void enumerate(const Mask* free, int rows, int cols, int s, std::vector<int>& capacity, std::vector<Mask>& sets,
               std::vector<std::vector<Mask>>& out) {
  if (s == rows * cols) {
    out.push_back(sets);
    return;
  }
  for (int k = 0; k < cols; ++k) {
    if (!(free[k] >> s & 1) || capacity[k] == 0) continue;
    --capacity[k];
    sets[k] |= Mask{1} << s;
    enumerate(free, rows, cols, s + 1, capacity, sets, out);
    sets[k] &= ~(Mask{1} << s);
    ++capacity[k];
  }
}

std::vector<std::vector<Mask>> all_choices(const Mask* free, int rows, int cols) {
  std::vector<int> capacity(cols, rows);
  std::vector<Mask> sets(cols, 0);
  std::vector<std::vector<Mask>> out;
  enumerate(free, rows, cols, 0, capacity, sets, out);
  return out;
}

// Free sets of one box as the sets method meets them: `bands_above` bands of
// uniform column sets drawn by the steps themselves.
std::vector<Mask> free_sets_after(const Shape& shape, int bands_above, Rng& rng) {
  const SetsSteps steps(shape);
  auto scratch = steps.make_scratch();
  PartialGrid grid;
  steps.start(grid);
  for (int band = 0; band < bands_above; ++band) {
    steps.log_known_choices(grid, *scratch);
    steps.draw_column_sets(grid, rng, *scratch);
    grid.rows_left = 0;
    ++grid.band;
  }
  return std::vector<Mask>(grid.free, grid.free + shape.box_cols);  // box 0
}

bool is_choice(const std::vector<Mask>& sets, const Mask* free, int rows, int cols) {
  Mask all = 0;
  for (int k = 0; k < cols; ++k) {
    if (popcount(sets[k]) != rows || (sets[k] & ~free[k]) || (all & sets[k])) return false;
    all |= sets[k];
  }
  return all == low_bits(rows * cols);
}

}  // namespace

TEST(BoxChoices, TableCountsEveryChoice) {
  Rng rng = block_stream(1, 0);
  const Shape shapes[] = {{2, 3}, {3, 3}, {2, 4}, {3, 4}, {2, 5}, {4, 3}};
  for (const Shape& shape : shapes) {
    for (int above = 0; above + 1 < shape.box_cols; ++above) {
      for (int trial = 0; trial < 4; ++trial) {
        const std::vector<Mask> free = free_sets_after(shape, above, rng);
        BoxChoiceTable table(shape.box_rows, shape.box_cols);
        const double counted = table.count(free.data());
        EXPECT_EQ(counted, static_cast<double>(all_choices(free.data(), shape.box_rows, shape.box_cols).size()))
            << shape.name() << " after " << above << " bands";
        EXPECT_TRUE(table.holds(free.data()));
      }
    }
  }
}

// Uniform draws: over 60 draws per choice, the counts of each choice are
// Poisson-like; a chi-square above the mean plus 5 s.d. fails.
TEST(BoxChoices, TableDrawsUniformly) {
  Rng rng = block_stream(2, 0);
  const Shape shape{3, 3};
  const std::vector<Mask> free = free_sets_after(shape, 1, rng);
  const auto choices = all_choices(free.data(), 3, 3);
  ASSERT_EQ(choices.size(), 56u);  // band 2 of 9x9: 56 per box
  BoxChoiceTable table(3, 3);
  table.count(free.data());
  std::map<std::vector<Mask>, int> hits;
  const int per_choice = 60, draws = per_choice * static_cast<int>(choices.size());
  std::vector<Mask> sets(3);
  for (int i = 0; i < draws; ++i) {
    table.sample(rng, sets.data());
    ASSERT_TRUE(is_choice(sets, free.data(), 3, 3));
    ++hits[sets];
  }
  expect_uniform(hits, choices, per_choice);
}

// The sequential draw: every draw is a choice (no dead ends), and its
// inverse probabilities average to the number of choices; weighted by them,
// every choice is hit equally often (E[(1/q) [choice = x]] = 1).
TEST(BoxChoices, SequentialDrawIsUnbiased) {
  Rng rng = block_stream(3, 0);
  const Shape shapes[] = {{2, 3}, {3, 3}, {2, 4}, {3, 4}};
  for (const Shape& shape : shapes) {
    const int r = shape.box_rows, c = shape.box_cols;
    const std::vector<Mask> free = free_sets_after(shape, c - 2, rng);  // the most constrained middle band
    const auto choices = all_choices(free.data(), r, c);
    HallScratch scratch;
    std::vector<Mask> sets(c);
    std::map<std::vector<Mask>, double> weight_of;
    const int draws = 200000;
    double sum = 0, sum2 = 0;
    for (int i = 0; i < draws; ++i) {
      const double w = draw_box_choice_sequentially(free.data(), r, c, rng, sets.data(), scratch);
      ASSERT_TRUE(is_choice(sets, free.data(), r, c)) << shape.name();
      sum += w;
      sum2 += w * w;
      weight_of[sets] += w;
    }
    const double mean = sum / draws, se = std::sqrt((sum2 / draws - mean * mean) / draws);
    const double exact = static_cast<double>(choices.size());
    EXPECT_LT(std::fabs(mean - exact), 5 * se + 1e-9 * exact) << shape.name() << ": mean " << mean << " of " << exact;
    if (choices.size() <= 2000) {
      EXPECT_EQ(weight_of.size(), choices.size()) << shape.name();  // every choice reachable
      double largest = 0;
      for (const auto& [choice, total] : weight_of) largest = std::max(largest, std::fabs(total / draws - 1));
      EXPECT_LT(largest, 0.5) << shape.name();
    }
  }
}

// Band 2 from the one table per shape, relabelled into each sample's
// symbols: valid choices, and uniform (band 2 of 2x3 has 10 per box).
TEST(BoxChoices, BandTwoFromTheSharedTableIsUniform) {
  const Shape shape{2, 3};
  const SetsSteps steps(shape);
  ASSERT_TRUE(steps.tuning().band2_table);
  auto scratch = steps.make_scratch();
  Rng rng = block_stream(4, 0);
  PartialGrid grid;
  steps.start(grid);
  steps.draw_column_sets(grid, rng, *scratch);
  grid.rows_left = 0;
  grid.band = 2;
  const std::vector<Mask> free(grid.free, grid.free + 3);
  const auto choices = all_choices(free.data(), 2, 3);
  std::map<std::vector<Mask>, int> hits;
  const int per_choice = 60, draws = per_choice * static_cast<int>(choices.size());
  for (int i = 0; i < draws; ++i) {
    PartialGrid copy = grid;
    steps.draw_column_sets(copy, rng, *scratch);
    const std::vector<Mask> sets(copy.left, copy.left + 3);
    ASSERT_TRUE(is_choice(sets, free.data(), 2, 3));
    ++hits[sets];
  }
  expect_uniform(hits, choices, per_choice);
}
