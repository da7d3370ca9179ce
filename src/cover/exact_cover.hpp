#pragma once
// Exact cover by dancing links: Knuth's Algorithm X with the doubly linked
// lists of "Dancing Links" (arXiv cs/0011047) laid out in flat int arrays as
// in his dlx1 (TAOCP 7.2.2.1), branching on a column with fewest options.
//
// Problem: a set of primary columns 0..columns-1 and a list of options (each a
// set of columns); a solution is a set of options covering every column
// exactly once. Options are numbered by their position in the list.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

class ExactCover {
  class Search;  // one walk of the search tree, on a private copy of the links

 public:
  // Throws std::invalid_argument when an option is empty, names a column out
  // of range, or names a column twice.
  ExactCover(int columns, const std::vector<std::vector<int>>& options);

  int column_count() const { return columns_; }
  int option_count() const { return static_cast<int>(option_first_.size()); }

  // Commits `option` to every solution counted or listed from now on (a
  // puzzle's givens). Returns false, changing nothing, when it shares a column
  // with an option selected before.
  bool select(int option);
  const std::vector<int>& selected() const { return selected_; }

  // Number of solutions extending the selected options, exact however large.
  // The search remembers the count below each branching node under its set
  // of uncovered columns, which fixes the subproblem, and reuses it when
  // another path reaches the same set (a cache of up to 64 MB per thread).
  // With threads > 1 the top of the search tree is cut into subproblems
  // counted in parallel, each thread with its own copy of the links and its
  // own cache; the result is the same for any thread count. (The speed-up is
  // below the thread count when subproblems share states: each thread then
  // counts them once.)
  BigInt count_solutions(int threads = 1) const;

  // Calls visit(options) for each solution in search order, `options` being
  // the options chosen by the search (not those from select()), until visit
  // returns false. With a budget, the search stops after branching at
  // `max_nodes` nodes; the result says whether it ran to its end (or to a
  // visit that returned false) within the budget.
  bool for_each_solution(const std::function<bool(const std::vector<int>&)>& visit,
                         std::uint64_t max_nodes = UINT64_MAX) const;
  // The first `limit` solutions in search order.
  std::vector<std::vector<int>> find_solutions(std::uint64_t limit) const;
  // The same within a budget of search nodes: nothing when it ran out first.
  std::optional<std::vector<std::vector<int>>> find_solutions(std::uint64_t limit, std::uint64_t max_nodes) const;

  // Counts of the solutions below many prefixes of options, on one search
  // whose count cache serves them all (subproblems recur across prefixes).
  class PrefixCounter {
   public:
    explicit PrefixCounter(const ExactCover& problem);
    ~PrefixCounter();
    // Adds `option` to the prefix; false, changing nothing, when it shares
    // a column with an option of the prefix (or one selected before).
    bool push(int option);
    // Removes the option pushed last.
    void pop();
    // Solutions extending the prefix.
    BigInt count();

   private:
    std::unique_ptr<Search> search_;
    std::vector<int> pushed_;  // first nodes of the options pushed
  };

  // Uniform random solutions extending the selected options. Each step of a
  // draw branches on the column the search would branch on and takes each of
  // its options with probability (solutions below the option) / (solutions
  // below the node), the counts exact (the count cache is kept from draw to
  // draw), so every solution has probability exactly 1 / solutions(). One
  // sampler per thread.
  class UniformSampler {
   public:
    explicit UniformSampler(const ExactCover& problem);
    ~UniformSampler();
    const BigInt& solutions() const { return solutions_; }
    // The options of one solution, in the order drawn (not those from
    // select()). Requires solutions() > 0.
    std::vector<int> draw(Rng& rng);

   private:
    std::unique_ptr<Search> search_;
    BigInt solutions_;
  };

 private:

  void cover(int column);
  void uncover(int column);
  void hide(int node);
  void unhide(int node);
  void cover_rest_of_option(int node);
  void uncover_rest_of_option(int node);

  int columns_ = 0;
  // Node layout (after dlx1): nodes 1..columns_ are the column headers, node 0
  // the root of the list of uncovered columns. Then each option's nodes are
  // stored consecutively, with a spacer node before the first option and after
  // every option:
  //
  //   [root][headers 1..C][spacer][a b c][spacer][d e][spacer] ...
  //
  // A spacer has top <= 0 (after option k: -(k+1)); its up is the first node
  // of the option before it and its down the last node of the option after it,
  // so walking an option cyclically needs no left/right links per node.
  std::vector<int> up_, down_, top_;
  std::vector<int> node_option_;   // option of each node, -1 for headers and spacers
  std::vector<int> left_, right_;  // headers only: the list of uncovered columns
  std::vector<int> length_;        // options left in each column (headers only)
  std::vector<int> option_first_;  // first node of each option
  std::vector<int> selected_;
  // Bit c is set while column header c is uncovered: the state of the search,
  // as a key for the cache of subtree counts (see CountCache in exact_cover.cpp).
  std::vector<std::uint64_t> uncovered_;
};

}  // namespace sudoku_count::detail
