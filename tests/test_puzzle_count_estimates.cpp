// Estimates of puzzle counts (docs/method.md, section 17) against the exact
// counts of the 4x4 grid (exact_puzzle_counts, itself checked by a second
// computation in test_puzzle_counts.cpp), their refusals, and their
// independence of the thread count.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "sudoku_count/error.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"

namespace sc = sudoku_count;

namespace {

const sc::PuzzleCounts& exact4() {
  static const sc::PuzzleCounts counts = sc::exact_puzzle_counts(sc::Layout{sc::Shape{2, 2}});
  return counts;
}

sc::PuzzleEstimateRequest request4(sc::PuzzleKind kind, const std::string& method, int subset_size,
                                   std::uint64_t grids, std::uint64_t seed) {
  sc::PuzzleEstimateRequest request;
  request.layout = sc::Layout{sc::Shape{2, 2}};
  request.kind = kind;
  request.method = method;
  if (subset_size) request.subset_size = subset_size;  // 0: the default
  request.subsets_per_grid = 4;
  request.grids = grids;
  request.seed = seed;
  request.threads = 2;
  return request;
}

// The chance that one set drawn holds a given puzzle of c clues: C(K-c,
// s-c) / C(K, s) for subsets of s of the K cells, 2^-K for the coin; for
// supersets, that the set lies in the puzzle.
long double inclusion(const sc::PuzzleEstimate& estimate, int c) {
  const int cells = estimate.layout.cells();
  if (estimate.method == "coin") return std::ldexp(1.0L, -cells);
  long double p = 1;
  if (estimate.method == "supersets") {  // a uniform s-set inside the puzzle: C(c, s) / C(K, s)
    for (int i = 0; i < estimate.subset_size; ++i) p *= static_cast<long double>(c - i) / (cells - i);
    return p;
  }
  for (int i = 0; i < c; ++i) p *= static_cast<long double>(estimate.subset_size - i) / (cells - i);
  return p;
}

// Every row within 4 standard errors of the exact count: for an unbiased
// estimate with an honest error a 4 SE miss has probability about 6e-5 per
// row (normal), so with a fixed seed a failure means a bias or an error too
// small. Where fewer than 50 hits are expected the normal error does not
// hold, and the hits are checked against their Poisson expectation lambda
// instead, within 4 sqrt(lambda) + 2 (the 2 for the discreteness of small
// counts). A row whose exact count is 0 must be exactly 0 (no set can hold a
// puzzle that does not exist). With weighted grids the hits of a clue count
// follow the proposal's grids, not the uniform ones: rows under 50 hits are
// left to the total there.
void expect_near_exact(const sc::PuzzleEstimate& estimate, const std::vector<std::uint64_t>& exact) {
  const long double grids = static_cast<long double>(estimate.grid_count);
  long double exact_total = 0;
  for (const sc::PuzzleCountRow& row : estimate.rows) {
    const long double truth = exact[row.clues];
    exact_total += truth;
    const long double value = static_cast<long double>(row.estimate), se = static_cast<long double>(row.std_error);
    if (truth == 0) {
      EXPECT_EQ(value, 0) << row.clues << " clues";
      continue;
    }
    if (estimate.weighted_grids) {
      if (row.hits >= 50) {
        EXPECT_LE(std::fabs(value - truth), 4 * se) << row.clues << " clues: " << value << " +- " << se << " vs " << truth;
      }
      continue;
    }
    const long double expected_hits = truth / grids * inclusion(estimate, row.clues) * estimate.sets;
    if (expected_hits < 50) {
      EXPECT_LE(std::fabs(row.hits - expected_hits), 4 * std::sqrt(expected_hits) + 2) << row.clues << " clues";
      continue;
    }
    EXPECT_LE(std::fabs(value - truth), 4 * se) << row.clues << " clues: " << value << " +- " << se << " vs " << truth;
  }
  const long double total = static_cast<long double>(estimate.total.estimate);
  EXPECT_LE(std::fabs(total - exact_total), 4 * static_cast<long double>(estimate.total.std_error));
}

}  // namespace

TEST(PuzzleCountEstimates, MinimalBySubsetsWithin4SEOfTheExact4x4Counts) {
  const auto estimate = sc::estimate_puzzle_counts(request4(sc::PuzzleKind::Minimal, "auto", 8, 400, 11));
  EXPECT_EQ(estimate.method, "subsets");
  EXPECT_EQ(estimate.grid_count, 288);
  EXPECT_EQ(estimate.grids, 400u);
  EXPECT_EQ(estimate.sets, 1600u);
  ASSERT_EQ(estimate.rows.size(), 9u);  // 0..8 clues
  expect_near_exact(estimate, exact4().minimal);
  // Every grid of the 4x4 has minimal puzzles of 4, 5 and 6 clues, but not
  // equally many: the grid-to-grid spread is measured, and not zero.
  EXPECT_GT(estimate.rows[5].between_grid_cv, 0.0);
  EXPECT_EQ(estimate.rows[5].interval, "normal");
}

// Grids with importance weights (docs/method.md, section 17, "Weighted
// grids"), forced on 4x4 where the exact counts are known: unbiased whatever
// the weights, so every row and the total within 4 standard errors; the
// mean weight estimates the 288 grids (within 4 standard errors of a mean of
// independent weights).
TEST(PuzzleCountEstimates, MinimalBySubsetsWithWeightedGridsWithin4SEOfTheExact4x4Counts) {
  auto request = request4(sc::PuzzleKind::Minimal, "subsets", 8, 1200, 15);
  request.weighted_grids = true;
  const auto estimate = sc::estimate_puzzle_counts(request);
  EXPECT_TRUE(estimate.weighted_grids);
  EXPECT_EQ(estimate.grid_method, sc::kWeightedGridMethod);
  EXPECT_EQ(estimate.grid_count, 0);
  expect_near_exact(estimate, exact4().minimal);
  const long double n = static_cast<long double>(estimate.grids), mean = static_cast<long double>(estimate.grid_estimate);
  const long double mean_square = n * mean * mean / estimate.weight_effective_grids;  // sum w^2 / n
  const long double se = std::sqrt((mean_square - mean * mean) / (n - 1));
  EXPECT_GT(se, 0);  // the 4x4 proposal's weights differ from grid to grid
  EXPECT_LE(std::fabs(mean - 288), 4 * se) << mean << " +- " << se;
}

TEST(PuzzleCountEstimates, ProperByCoinWithWeightedGridsWithin4SEOfTheExact4x4Counts) {
  auto request = request4(sc::PuzzleKind::Proper, "coin", 0, 4000, 16);
  request.weighted_grids = true;
  const auto estimate = sc::estimate_puzzle_counts(request);
  EXPECT_TRUE(estimate.weighted_grids);
  expect_near_exact(estimate, exact4().proper);
}

TEST(PuzzleCountEstimates, MinimalBySupersetsWithin4SEOfTheExact4x4Counts) {
  const auto estimate = sc::estimate_puzzle_counts(request4(sc::PuzzleKind::Minimal, "supersets", 3, 400, 14));
  EXPECT_EQ(estimate.method, "supersets");
  ASSERT_EQ(estimate.rows.size(), 4u);  // 3..6 clues: from s to 2s
  EXPECT_EQ(estimate.rows.front().clues, 3);
  expect_near_exact(estimate, exact4().minimal);
}

TEST(PuzzleCountEstimates, ProperBySubsetsWithin4SEOfTheExact4x4Counts) {
  const auto estimate = sc::estimate_puzzle_counts(request4(sc::PuzzleKind::Proper, "subsets", 8, 300, 12));
  expect_near_exact(estimate, exact4().proper);
}

TEST(PuzzleCountEstimates, ProperByCoinWithin4SEOfTheExact4x4Counts) {
  auto request = request4(sc::PuzzleKind::Proper, "auto", 0, 4000, 13);
  const auto estimate = sc::estimate_puzzle_counts(request);
  EXPECT_EQ(estimate.method, "coin");
  ASSERT_EQ(estimate.rows.size(), 17u);  // 0..16 clues
  expect_near_exact(estimate, exact4().proper);
}

// The minimal 6x6 puzzles by clue count, as exact_puzzle_counts_by_classes
// gives them (docs/runs/puzzles/2x3-minimal-exact.json: 49 classes of
// grids, about 10 minutes on one thread, so not recomputed here).
const std::vector<std::uint64_t> kMinimal6x6 = {0, 0, 0, 0, 0, 0, 0, 0, 1310100480, 436370872320, 9228819317760,
                                                22866215086080, 9716145799680, 882848471040, 17505331200, 104509440};

// Minimal 6x6 puzzles from sets of 13 cells (the most the counts below reach
// with hits enough).
sc::PuzzleEstimateRequest request6(std::uint64_t grids, std::uint64_t seed) {
  sc::PuzzleEstimateRequest request;
  request.layout = sc::Layout{sc::Shape{2, 3}};
  request.subset_size = 13;
  request.grids = grids;
  request.seed = seed;
  request.threads = 2;
  return request;
}

TEST(PuzzleCountEstimatesSlow, MinimalBySubsetsWithin4SEOfTheExact6x6Counts) {
  const auto estimate = sc::estimate_puzzle_counts(request6(400, 36));
  EXPECT_EQ(estimate.grid_count, 28200960);
  std::vector<std::uint64_t> exact = kMinimal6x6;
  exact.resize(14);  // up to s = 13
  expect_near_exact(estimate, exact);
}

// The same with grids of importance weights (forced where exact draws
// exist): unbiased too, so within 4 standard errors at every clue count with
// 50 hits or more, and in total.
TEST(PuzzleCountEstimatesSlow, MinimalBySubsetsWithWeightedGridsWithin4SEOfTheExact6x6Counts) {
  auto request = request6(800, 37);
  request.weighted_grids = true;
  const auto estimate = sc::estimate_puzzle_counts(request);
  EXPECT_TRUE(estimate.weighted_grids);
  EXPECT_GT(estimate.weight_effective_grids, 100);  // the 6x6 proposal's weights are not degenerate
  std::vector<std::uint64_t> exact = kMinimal6x6;
  exact.resize(14);
  expect_near_exact(estimate, exact);
}

// The proper 6x6 puzzles by clue count, as exact_puzzle_counts_by_classes
// gives them (docs/runs/puzzles/2x3-proper-exact.json: all the hitting sets
// of the 49 classes' unavoidable sets, about 6 minutes on 2 threads).
const std::vector<std::uint64_t> kProper6x6 = {
    0, 0, 0, 0, 0, 0, 0, 0, 1310100480, 472302213120, 19323255490560, 259250401751040, 1735943314360320,
    7200672273100800, 21009522657323520, 46691386976839680, 83213889815255040, 123025037477022720,
    154303879636408320, 166659459520066560, 156544871686502400, 128693103118433280, 92940011675297280,
    59062956308812800, 33026708639324160, 16222367117399040, 6975877731701760, 2612516032512000,
    845851459921920, 234381589217280, 54826937856000, 10624927334400, 1660971018240, 201354854400, 17766604800,
    1015234560, 28200960};

// The coin method (a fair coin a cell) against them: every clue count at
// once, each within 4 standard errors where 50 hits are expected, its hits
// within their Poisson spread elsewhere, and the total within 4 standard errors.
TEST(PuzzleCountEstimatesSlow, ProperByCoinWithin4SEOfTheExact6x6Counts) {
  sc::PuzzleEstimateRequest request;
  request.layout = sc::Layout{sc::Shape{2, 3}};
  request.kind = sc::PuzzleKind::Proper;
  request.grids = 400;  // 12,800 sets: a 6x6 uniqueness test is a search of about 1.5 ms
  request.seed = 38;
  request.threads = 2;
  const auto estimate = sc::estimate_puzzle_counts(request);
  EXPECT_EQ(estimate.method, "coin");
  expect_near_exact(estimate, kProper6x6);
}

// The high tail by supersets: sets of 10 cells, every minimal puzzle of 10
// to 15 clues above them.
TEST(PuzzleCountEstimatesSlow, MinimalBySupersetsWithin4SEOfTheExact6x6Counts) {
  sc::PuzzleEstimateRequest request;
  request.layout = sc::Layout{sc::Shape{2, 3}};
  request.method = "supersets";
  request.subset_size = 10;
  request.clues = "10-16";
  request.grids = 150;
  request.seed = 37;
  request.threads = 2;
  const auto estimate = sc::estimate_puzzle_counts(request);
  std::vector<std::uint64_t> exact = kMinimal6x6;
  exact.resize(17);  // none of 16
  expect_near_exact(estimate, exact);
}

TEST(PuzzleCountEstimates, OneSeedGivesOneEstimateForAnyThreadCount) {
  auto request = request4(sc::PuzzleKind::Minimal, "subsets", 8, 64, 5);
  request.threads = 1;
  const auto one = sc::estimate_puzzle_counts(request);
  request.threads = 2;
  const auto two = sc::estimate_puzzle_counts(request);
  ASSERT_EQ(one.rows.size(), two.rows.size());
  for (std::size_t i = 0; i < one.rows.size(); ++i) {
    EXPECT_EQ(one.rows[i].estimate, two.rows[i].estimate);
    EXPECT_EQ(one.rows[i].std_error, two.rows[i].std_error);
    EXPECT_EQ(one.rows[i].hits, two.rows[i].hits);
  }
  request.seed = 6;
  EXPECT_NE(sc::estimate_puzzle_counts(request).total.estimate, one.total.estimate);
}

TEST(PuzzleCountEstimates, SparseCountsGetAPoissonIntervalAndNoHitsAnUpperBound) {
  // 4x4 minimal puzzles by subsets of 5 cells: a 5-set holds a minimal
  // puzzle rarely, so 30 grids find only a few.
  auto request = request4(sc::PuzzleKind::Minimal, "subsets", 5, 30, 3);
  request.clues = "3-5";
  const auto estimate = sc::estimate_puzzle_counts(request);
  ASSERT_EQ(estimate.rows.size(), 3u);  // 3..5 clues
  const sc::PuzzleCountRow& three = estimate.rows[0];
  EXPECT_EQ(three.hits, 0u);
  EXPECT_EQ(three.interval, "none");
  EXPECT_EQ(three.low, 0);
  EXPECT_GT(three.high, 0);
  for (const auto& row : estimate.rows)
    if (row.hits > 0 && row.hits < 50) {
      EXPECT_EQ(row.interval, "poisson");
      EXPECT_LE(row.low, row.estimate);
      EXPECT_GE(row.high, row.estimate);
    }
}

TEST(PuzzleCountEstimates, Refusals) {
  auto expect_refused = [](sc::PuzzleEstimateRequest request, const std::string& field) {
    try {
      sc::estimate_puzzle_counts(request);
      ADD_FAILURE() << "no refusal for " << field;
    } catch (const sc::RequestError& e) {
      EXPECT_EQ(e.field(), field) << e.what();
    }
  };
  const auto good = request4(sc::PuzzleKind::Minimal, "subsets", 8, 10, 1);
  auto r = good;
  r.method = "coin";
  expect_refused(r, "method");
  r = good;
  r.method = "dlx";
  expect_refused(r, "method");
  r = good;
  r.subset_size = 17;
  expect_refused(r, "subset_size");
  r = good;
  r.clues = "4-9";  // beyond s = 8
  expect_refused(r, "clues");
  for (const char* bad : {"7-6", "x", "-3", "4-", "3--4", "99999"}) {
    r = good;
    r.clues = bad;
    expect_refused(r, "clues");
  }
  r = good;
  r.clues = "5";
  EXPECT_EQ(sc::estimate_puzzle_counts(r).rows.size(), 1u);
  r = good;
  r.grids = 0;
  expect_refused(r, "grids");
  r = good;
  r.subsets_per_grid = 0;
  expect_refused(r, "subsets_per_grid");
  r = good;
  r.layout = sc::Layout{sc::Shape{5, 5}};  // 25x25: weights beyond the tallies' range
  expect_refused(r, "layout");
  r = request4(sc::PuzzleKind::Proper, "coin", 5, 10, 1);
  expect_refused(r, "subset_size");
  EXPECT_THROW(sc::puzzle_kind("maximal"), sc::InputError);
}

// Coverage of the 95% intervals over independent runs (seeds 1..200, 150
// grids each) at every clue count of the 4x4 minimal puzzles and their
// total: an honest error covers the exact count in about 95% of runs. With
// 800 intervals the observed rate has a standard error of 0.8%, so 92-98%
// is about 4 standard errors either side (the runs' rows are correlated
// within a run, which widens the spread a little).
TEST(PuzzleCountEstimatesSlow, CoverageOverSeeds) {
  const auto& exact = exact4().minimal;
  const long double exact_total = exact[4] + exact[5] + exact[6];
  int covered = 0, intervals = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto request = request4(sc::PuzzleKind::Minimal, "subsets", 8, 150, seed);
    request.clues = "4-6";
    const auto estimate = sc::estimate_puzzle_counts(request);
    for (const auto& row : estimate.rows) {
      const long double truth = exact[row.clues];
      covered += row.low <= truth && truth <= row.high;
      ++intervals;
    }
    covered += estimate.total.low <= exact_total && exact_total <= estimate.total.high;
    ++intervals;
  }
  const double rate = static_cast<double>(covered) / intervals;
  EXPECT_GE(rate, 0.92) << covered << " of " << intervals;
  EXPECT_LE(rate, 0.98) << covered << " of " << intervals;
  std::printf("coverage: %d of %d intervals (%.1f%%)\n", covered, intervals, 100 * rate);
}
