#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "cover/exact_cover.hpp"

using sudoku_count::BigInt;
using sudoku_count::detail::ExactCover;

namespace {

// The example of Knuth's "Dancing Links" paper: columns a..g and the unique
// solution {c e}, {a d f}, {b g}, i.e. options 0, 3 and 4.
ExactCover knuth_example() {
  enum { a, b, c, d, e, f, g };
  return ExactCover(7, {{c, e}, {a, d, g}, {b, c, f}, {a, d, f}, {b, g}, {d, e, g}});
}

// All pairs {i, j}, i < j, of `points` points, in lexicographic order.
std::vector<std::vector<int>> pairs_of(int points) {
  std::vector<std::vector<int>> pairs;
  for (int i = 0; i < points; ++i)
    for (int j = i + 1; j < points; ++j) pairs.push_back({i, j});
  return pairs;
}

// Perfect matchings of the complete graph on `points` points: exact covers
// of the points by pairs; there are (points-1)!! of them.
ExactCover pairings(int points) { return ExactCover(points, pairs_of(points)); }

}  // namespace

TEST(Dlx, FindsTheUniqueSolutionOfKnuthsExample) {
  const ExactCover problem = knuth_example();
  EXPECT_EQ(problem.column_count(), 7);
  EXPECT_EQ(problem.option_count(), 6);
  EXPECT_EQ(problem.count_solutions(), 1);
  auto solutions = problem.find_solutions(10);
  ASSERT_EQ(solutions.size(), 1u);
  std::sort(solutions[0].begin(), solutions[0].end());
  EXPECT_EQ(solutions[0], (std::vector<int>{0, 3, 4}));
}

TEST(Dlx, CountsPerfectMatchings) {
  EXPECT_EQ(pairings(2).count_solutions(), 1);
  EXPECT_EQ(pairings(6).count_solutions(), 15);
  EXPECT_EQ(pairings(8).count_solutions(), 105);
  EXPECT_EQ(pairings(14).count_solutions(), 135135);
  EXPECT_EQ(pairings(7).count_solutions(), 0);
}

TEST(Dlx, CountDoesNotDependOnThreads) {
  const ExactCover problem = pairings(14);
  for (int threads : {1, 2, 3, 4}) EXPECT_EQ(problem.count_solutions(threads), BigInt(135135)) << threads;
  EXPECT_EQ(knuth_example().count_solutions(4), 1);
  EXPECT_EQ(pairings(7).count_solutions(3), 0);
}

TEST(Dlx, ListsSolutionsInSearchOrderUpToALimit) {
  const ExactCover problem = pairings(6);
  const auto all = problem.find_solutions(1000);
  ASSERT_EQ(all.size(), 15u);
  const auto first = problem.find_solutions(4);
  ASSERT_EQ(first.size(), 4u);
  for (std::size_t k = 0; k < first.size(); ++k) EXPECT_EQ(first[k], all[k]);
  EXPECT_TRUE(problem.find_solutions(0).empty());
  // Each listed solution is an exact cover, and no two are the same.
  const auto pairs = pairs_of(6);
  for (const auto& solution : all) {
    std::vector<int> times_covered(6, 0);
    for (int option : solution)
      for (int point : pairs[option]) ++times_covered[point];
    EXPECT_EQ(times_covered, std::vector<int>(6, 1));
  }
  auto sorted = all;
  for (auto& solution : sorted) std::sort(solution.begin(), solution.end());
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(std::unique(sorted.begin(), sorted.end()), sorted.end());
  // The problem is unchanged by a search stopped early.
  EXPECT_EQ(problem.count_solutions(), 15);
}

TEST(Dlx, ListingWithinABudgetOfNodes) {
  const ExactCover problem = pairings(8);  // 105 perfect matchings
  // Matching 8 points branches at 1 + 7 + 7*5 + 7*5*3 = 148 nodes, a
  // solution at each leaf below them.
  const auto enough = problem.find_solutions(1000, 148);
  ASSERT_TRUE(enough.has_value());
  EXPECT_EQ(enough->size(), 105u);
  EXPECT_FALSE(problem.find_solutions(1000, 147).has_value());
  EXPECT_FALSE(problem.find_solutions(1000, 0).has_value());
  // A limit reached first needs no more of the budget than it used.
  const auto first = problem.find_solutions(1, 4);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->size(), 1u);
  // The problem is unchanged by a search that ran out of budget.
  EXPECT_EQ(problem.count_solutions(), 105);
  EXPECT_EQ(problem.find_solutions(1000).size(), 105u);
}

TEST(Dlx, SelectCommitsOptionsAndRefusesConflicts) {
  ExactCover problem = pairings(6);  // option 0 is {0, 1}, option 1 is {0, 2}
  EXPECT_TRUE(problem.select(0));
  EXPECT_FALSE(problem.select(1));
  EXPECT_EQ(problem.selected(), (std::vector<int>{0}));
  EXPECT_EQ(problem.count_solutions(), 3);  // matchings of the other 4 points
  EXPECT_EQ(problem.count_solutions(2), 3);
  for (const auto& solution : problem.find_solutions(10)) EXPECT_EQ(solution.size(), 2u);
}

TEST(Dlx, EdgeCases) {
  EXPECT_EQ(ExactCover(0, {}).count_solutions(), 1);   // the empty cover
  EXPECT_EQ(ExactCover(1, {}).count_solutions(), 0);   // a column nothing covers
  EXPECT_EQ(ExactCover(1, {}).count_solutions(2), 0);
  EXPECT_EQ(ExactCover(2, {{0}, {1}, {0, 1}}).count_solutions(), 2);
  EXPECT_THROW(ExactCover(2, {{}}), std::invalid_argument);
  EXPECT_THROW(ExactCover(2, {{2}}), std::invalid_argument);
  EXPECT_THROW(ExactCover(2, {{1, 1}}), std::invalid_argument);
}
