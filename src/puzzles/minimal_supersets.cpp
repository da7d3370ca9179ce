// The minimal puzzles that contain a set of givens: a search over the
// unavoidable sets the set misses (minimal_supersets.hpp).
#include "puzzles/minimal_supersets.hpp"

#include <algorithm>
#include <bit>

namespace sudoku_count::detail {

UnavoidableSets::UnavoidableSets(int cells) : words_((cells + 63) / 64) {}

void UnavoidableSets::clear() { sets_.clear(); }

void UnavoidableSets::add(const std::vector<int>& cells) {
  if (sets_.size() >= kMaxSets) return;
  Set set{std::vector<std::uint64_t>(words_, 0), static_cast<int>(cells.size())};
  for (const int cell : cells) set.bits[cell / 64] |= std::uint64_t{1} << (cell % 64);
  const auto at = std::lower_bound(sets_.begin(), sets_.end(), set.size,
                                   [](const Set& s, int size) { return s.size < size; });
  for (auto same = at; same != sets_.end() && same->size == set.size; ++same)
    if (same->bits == set.bits) return;
  sets_.insert(at, std::move(set));
}

namespace {

struct Search {
  UniquenessTest& test;
  UnavoidableSets& pool;
  int max_clues;
  std::vector<std::uint64_t>& minimal;
  std::vector<int> kept;  // T, in the order kept
  std::vector<std::uint64_t> kept_bits, excluded_bits;

  static bool meets(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
    for (std::size_t w = 0; w < a.size(); ++w)
      if (a[w] & b[w]) return true;
    return false;
  }

  void set_bit(std::vector<std::uint64_t>& bits, int cell, bool on) {
    const std::uint64_t mask = std::uint64_t{1} << (cell % 64);
    if (on) bits[cell / 64] |= mask;
    else bits[cell / 64] &= ~mask;
  }

  // The cells of the smallest known unavoidable set that T misses, less the
  // excluded ones (empty: every one is hit). Sets `dead` when one has only
  // excluded cells left (no puzzle of this branch can hit it), and `bound`
  // to a number of further cells every puzzle of this branch needs: the
  // sets met greedily, smallest first, whose cells left are disjoint.
  std::vector<int> smallest_missed(bool& dead, int& bound) {
    const std::size_t words = kept_bits.size();
    std::vector<std::uint64_t> used(words, 0), left(words);
    const UnavoidableSets::Set* best = nullptr;
    int best_size = 0;
    bound = 0;
    dead = false;
    for (const UnavoidableSets::Set& set : pool.sets()) {
      if (meets(set.bits, kept_bits)) continue;
      int size = 0;
      bool disjoint = true;
      for (std::size_t w = 0; w < words; ++w) {
        left[w] = set.bits[w] & ~excluded_bits[w];
        size += std::popcount(left[w]);
        if (left[w] & used[w]) disjoint = false;
      }
      if (size == 0) {
        dead = true;
        return {};
      }
      if (disjoint) {
        ++bound;
        for (std::size_t w = 0; w < words; ++w) used[w] |= left[w];
      }
      if (!best || size < best_size) {
        best = &set;
        best_size = size;
      }
    }
    std::vector<int> cells;
    if (best)
      for (std::size_t w = 0; w < words; ++w)
        for (std::uint64_t bits = best->bits[w] & ~excluded_bits[w]; bits; bits &= bits - 1)
          cells.push_back(static_cast<int>(w * 64) + std::countr_zero(bits));
    return cells;
  }

  // Branches over `cells`: the i-th keeps the i-th cell and excludes the earlier ones.
  void branch(const std::vector<int>& cells) {
    std::vector<int> now_excluded;
    for (const int cell : cells) {
      kept.push_back(cell);
      set_bit(kept_bits, cell, true);
      test.keep(cell);
      // The cell just kept, implied by the rest: no superset is minimal.
      if (!test.forced(cell)) visit();
      test.drop(cell);
      set_bit(kept_bits, cell, false);
      kept.pop_back();
      set_bit(excluded_bits, cell, true);
      now_excluded.push_back(cell);
    }
    for (const int cell : now_excluded) set_bit(excluded_bits, cell, false);
  }

  void visit() {
    bool dead = false;
    int bound = 0;
    std::vector<int> cells = smallest_missed(dead, bound);
    if (dead || static_cast<int>(kept.size()) + bound > max_clues) return;
    if (cells.empty()) {
      // Every known unavoidable set is hit: ask the solver for another.
      std::vector<int> differing;
      if (!test.other_completion(differing)) {
        // Proper: minimal when no cell is implied by the others (T minus
        // a cell is proper exactly when the rest imply it).
        for (auto cell = kept.rbegin(); cell != kept.rend(); ++cell)
          if (test.forced(*cell)) return;
        ++minimal[kept.size()];
        return;
      }
      pool.add(differing);
      if (static_cast<int>(kept.size()) >= max_clues) return;
      for (const int cell : differing)
        if (!(excluded_bits[cell / 64] >> (cell % 64) & 1)) cells.push_back(cell);
      if (cells.empty()) return;
    }
    branch(cells);
  }
};

}  // namespace

void count_minimal_supersets(UniquenessTest& test, UnavoidableSets& pool, const std::vector<int>& set,
                             int max_clues, std::vector<std::uint64_t>& minimal) {
  const int cells = static_cast<int>(minimal.size()) - 1;
  const std::size_t words = (cells + 63) / 64;
  Search search{test, pool, max_clues, minimal, set, std::vector<std::uint64_t>(words, 0),
                std::vector<std::uint64_t>(words, 0)};
  for (const int cell : set) search.set_bit(search.kept_bits, cell, true);
  for (const int cell : set)
    if (test.forced(cell)) return;  // a given implied by the others: no superset is minimal
  search.visit();
}

}  // namespace sudoku_count::detail
