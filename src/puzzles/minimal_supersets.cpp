// The minimal puzzles that contain a set of givens: a search over the
// unavoidable sets the set misses (minimal_supersets.hpp).
#include "puzzles/minimal_supersets.hpp"

#include <algorithm>
#include <bit>

namespace sudoku_count::detail {

namespace {

struct Search {
  Search(UniquenessTest& test, UnavoidableSets& pool, int max_clues, std::vector<std::uint64_t>& minimal,
         const std::vector<int>& set)
      : test(test), pool(pool), max_clues(max_clues), minimal(minimal), words(pool.words()), kept(set),
        excluded_bits(words, 0), missed(1), scanned(1, 0) {}

  UniquenessTest& test;
  UnavoidableSets& pool;
  int max_clues;
  std::vector<std::uint64_t>& minimal;
  std::size_t words;
  std::vector<int> kept;                 // T, in the order kept
  std::vector<std::uint32_t> witness;    // per kept cell: a pool set meeting T there alone
  std::vector<std::uint64_t> excluded_bits;  // T itself is the test's kept cells (test.kept_bits())
  std::vector<std::vector<std::uint32_t>> missed;  // per depth: the pool sets T misses
  std::vector<std::size_t> scanned;                // per depth: the pool's size when `missed` was made
  std::vector<std::pair<std::size_t, std::uint32_t>> replaced;  // witnesses to restore on the way back
  std::vector<int> differing;

  // A witness for kept cell `cell`: from the pool, else from the solver
  // (added to the pool). False: the other kept cells imply it.
  bool find_witness(int cell, std::uint32_t& found) {
    if (const int s = pool.witness(test.kept_bits(), cell); s >= 0) {
      found = static_cast<std::uint32_t>(s);
      return true;
    }
    if (test.forced(cell, &differing)) return false;
    const int added = pool.add(differing);
    if (added < 0) return true;  // pool full: the cell is not implied, but has no witness to keep
    found = static_cast<std::uint32_t>(added);
    return true;
  }

  static constexpr std::uint32_t kNoWitness = ~std::uint32_t{0};

  // After keeping `cell` (the last of `kept`): witnesses for it and for the
  // kept cells whose witness it hit. False: some kept cell has none.
  bool rewitness(int cell, std::size_t& replaced_from) {
    replaced_from = replaced.size();
    std::uint32_t own = kNoWitness;
    if (!find_witness(cell, own)) return false;
    witness.push_back(own);
    for (std::size_t i = 0; i + 1 < kept.size(); ++i) {
      const std::uint32_t w = witness[i];
      if (w != kNoWitness && !holds(pool.bits(w), cell)) continue;
      std::uint32_t now = kNoWitness;
      if (!find_witness(kept[i], now)) return false;
      replaced.emplace_back(i, w);
      witness[i] = now;
    }
    return true;
  }

  void restore(std::size_t replaced_from) {
    while (replaced.size() > replaced_from) {
      witness[replaced.back().first] = replaced.back().second;
      replaced.pop_back();
    }
  }

  // Appends to missed[depth] the pool's sets added since it was made that T
  // (at that depth) misses.
  void refresh(std::size_t depth) {
    for (std::size_t s = scanned[depth]; s < pool.count(); ++s)
      if (pool.misses(s, test.kept_bits())) missed[depth].push_back(static_cast<std::uint32_t>(s));
    scanned[depth] = pool.count();
  }

  // missed[depth]: the sets of missed[depth - 1] that T, which has just
  // kept `cell`, still misses. The pool's sets added since missed[depth - 1]
  // was refreshed are witnesses, which T meets.
  void make_missed(std::size_t depth, int cell) {
    if (missed.size() <= depth) {
      missed.resize(depth + 1);
      scanned.resize(depth + 1);
    }
    std::vector<std::uint32_t>& now = missed[depth];
    now.clear();
    for (const std::uint32_t s : missed[depth - 1])
      if (!holds(pool.bits(s), cell)) now.push_back(s);
    scanned[depth] = pool.count();
  }

  void branch(std::size_t depth, const std::vector<int>& cells) {
    for (const int cell : cells) {
      refresh(depth);  // sets the solver found below the previous branch
      kept.push_back(cell);
      test.keep(cell);
      std::size_t replaced_from = 0;
      if (rewitness(cell, replaced_from)) {
        make_missed(depth + 1, cell);
        visit(depth + 1);
      }
      restore(replaced_from);
      if (witness.size() == kept.size()) witness.pop_back();
      test.drop(cell);
      kept.pop_back();
      set_bit(excluded_bits.data(), cell, true);
    }
    for (const int cell : cells) set_bit(excluded_bits.data(), cell, false);
  }

  void visit(std::size_t depth) {
    // The missed set with the fewest cells left to keep; a bound from the
    // missed sets whose cells left are disjoint, taken greedily.
    std::vector<std::uint64_t> used(words, 0);
    const std::uint64_t* best = nullptr;
    int best_size = 0, bound = 0;
    const int room = max_clues - static_cast<int>(kept.size());
    for (const std::uint32_t s : missed[depth]) {
      const std::uint64_t* bits = pool.bits(s);
      int size = 0;
      bool disjoint = true;
      for (std::size_t w = 0; w < words; ++w) {
        const std::uint64_t left = bits[w] & ~excluded_bits[w];
        size += std::popcount(left);
        if (left & used[w]) disjoint = false;
      }
      if (size == 0) return;  // no puzzle of this branch hits it
      if (disjoint) {
        if (++bound > room) return;
        for (std::size_t w = 0; w < words; ++w) used[w] |= bits[w] & ~excluded_bits[w];
      }
      if (!best || size < best_size) {
        best = bits;
        best_size = size;
      }
    }
    std::vector<int> cells;
    if (best) {
      for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = best[w] & ~excluded_bits[w]; bits; bits &= bits - 1)
          cells.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
    } else {
      // Every known set is hit: ask the solver for another.
      if (!test.other_completion(differing)) {
        ++minimal[kept.size()];  // proper, and every kept cell has its witness
        return;
      }
      pool.add(differing);
      if (room <= 0) return;
      for (const int cell : differing)
        if (!holds(excluded_bits.data(), cell)) cells.push_back(cell);
    }
    branch(depth, cells);
  }
};

}  // namespace

void count_minimal_supersets(UniquenessTest& test, UnavoidableSets& pool, const std::vector<int>& set,
                             int max_clues, std::vector<std::uint64_t>& minimal) {
  Search search(test, pool, max_clues, minimal, set);
  for (const int cell : set) {
    std::uint32_t found = Search::kNoWitness;
    if (!search.find_witness(cell, found)) return;  // a given implied by the others: no superset is minimal
    search.witness.push_back(found);
  }
  search.refresh(0);  // the pool's sets the set misses
  search.visit(0);
}

}  // namespace sudoku_count::detail
