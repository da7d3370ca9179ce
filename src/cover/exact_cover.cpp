#include "cover/exact_cover.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/random_integer.hpp"

namespace sudoku_count::detail {
namespace {

// A solution counter for the hot loop: 64 bits plus a count of wraps, so a
// count never wraps silently. (The wrap count itself cannot overflow: that
// would take 2^64 additions.)
class Tally {
 public:
  // A point in the count, to measure what a subtree added.
  struct Mark {
    std::uint64_t low = 0;
    std::uint64_t wraps = 0;
  };

  void add(std::uint64_t term) {
    low_ += term;
    if (low_ < term) ++wraps_;
  }
  Mark mark() const { return {low_, wraps_}; }
  // What was added since `since`, when no wrap came between.
  bool added_since(const Mark& since, std::uint64_t& added) const {
    if (since.wraps != wraps_) return false;
    added = low_ - since.low;
    return true;
  }
  BigInt value() const { return (BigInt(wraps_) << 64) + low_; }

 private:
  std::uint64_t low_ = 0;
  std::uint64_t wraps_ = 0;
};

// The number of solutions of an exact cover problem depends only on which
// columns are still uncovered: those determine the options left. So the
// count below a node of the search tree can be remembered under the set of
// uncovered columns and reused when another path reaches the same set (for
// Sudoku, e.g. two partial grids that differ by swapping the symbols of an
// "unavoidable rectangle"). The table stores the whole set as its key, so a
// hit is never a false match; it is a cache of bounded size that forgets
// entries on collision, which costs time, never exactness.
class CountCache {
 public:
  // Starts empty (a search that only lists solutions never stores a count,
  // and then allocates nothing here), takes kFirstSlots at its first store
  // and doubles while at least half full, up to about `bytes`.
  CountCache(std::size_t key_words, std::size_t bytes) : key_words_(key_words), max_slots_(kFirstSlots) {
    const std::size_t slot_bytes = sizeof(Slot) + key_words * sizeof(std::uint64_t);
    while (max_slots_ * 2 * slot_bytes <= bytes) max_slots_ *= 2;
  }

  bool find(const std::uint64_t* key, std::uint64_t& count) const {
    if (slots_.empty()) return false;
    const std::uint64_t hash = hash_of(key);
    const std::size_t slot = hash & (slots_.size() - 1);
    const Slot& entry = slots_[slot];
    if (!entry.used || entry.hash != hash || !std::equal(key, key + key_words_, key_at(slot))) return false;
    count = entry.count;
    return true;
  }

  void store(const std::uint64_t* key, std::uint64_t count) {
    if (slots_.empty()) resize(kFirstSlots);
    if (used_ * 2 >= slots_.size() && slots_.size() < max_slots_) grow();
    put(hash_of(key), key, count);
  }

 private:
  static constexpr std::size_t kFirstSlots = 1024;

  struct Slot {
    std::uint64_t hash = 0;
    std::uint64_t count = 0;
    bool used = false;
  };

  // A multiply-xorshift mix of the key words (in the manner of splitmix64).
  std::uint64_t hash_of(const std::uint64_t* key) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (std::size_t i = 0; i < key_words_; ++i) {
      h = (h ^ key[i]) * 0xBF58476D1CE4E5B9ULL;
      h ^= h >> 31;
    }
    h *= 0x94D049BB133111EBULL;
    return h ^ (h >> 29);
  }

  const std::uint64_t* key_at(std::size_t slot) const { return keys_.data() + slot * key_words_; }

  void put(std::uint64_t hash, const std::uint64_t* key, std::uint64_t count) {
    const std::size_t slot = hash & (slots_.size() - 1);
    Slot& entry = slots_[slot];
    if (!entry.used) ++used_;
    entry = {hash, count, true};
    std::copy(key, key + key_words_, keys_.begin() + slot * key_words_);
  }

  void resize(std::size_t slots) {
    slots_.assign(slots, Slot{});
    keys_.assign(slots * key_words_, 0);
    used_ = 0;
  }

  void grow() {
    std::vector<Slot> old_slots = std::move(slots_);
    std::vector<std::uint64_t> old_keys = std::move(keys_);
    resize(old_slots.size() * 2);
    for (std::size_t i = 0; i < old_slots.size(); ++i)
      if (old_slots[i].used) put(old_slots[i].hash, old_keys.data() + i * key_words_, old_slots[i].count);
  }

  std::size_t key_words_;
  std::size_t max_slots_;
  std::vector<Slot> slots_;  // a power of two of them
  std::vector<std::uint64_t> keys_;
  std::size_t used_ = 0;
};

// Memory for each thread's CountCache. On the 6x6 grid 64 MB counts twice
// as fast as 16 MB and as fast as 256 MB.
constexpr std::size_t kCacheBytesPerThread = std::size_t{64} << 20;

// At least this many subproblems per thread, so that dynamic scheduling can
// even out subtrees of very different sizes.
constexpr std::size_t kSubproblemsPerThread = 64;

}  // namespace

ExactCover::ExactCover(int columns, const std::vector<std::vector<int>>& options) : columns_(columns) {
  if (columns < 0) throw std::invalid_argument("ExactCover: negative column count");
  std::size_t node_count = static_cast<std::size_t>(columns) + 2;
  std::vector<int> seen_in(columns, -1);
  for (std::size_t k = 0; k < options.size(); ++k) {
    if (options[k].empty()) throw std::invalid_argument("ExactCover: option " + std::to_string(k) + " is empty");
    for (int column : options[k]) {
      if (column < 0 || column >= columns)
        throw std::invalid_argument("ExactCover: option " + std::to_string(k) + " names column " +
                                    std::to_string(column) + ", out of range");
      if (seen_in[column] == static_cast<int>(k))
        throw std::invalid_argument("ExactCover: option " + std::to_string(k) + " names column " +
                                    std::to_string(column) + " twice");
      seen_in[column] = static_cast<int>(k);
    }
    node_count += options[k].size() + 1;
  }
  if (node_count > static_cast<std::size_t>(INT_MAX)) throw std::invalid_argument("ExactCover: too many nodes");

  up_.resize(node_count);
  down_.resize(node_count);
  top_.resize(node_count);
  node_option_.assign(node_count, -1);
  left_.resize(columns + 1);
  right_.resize(columns + 1);
  length_.assign(columns + 1, 0);
  for (int c = 0; c <= columns; ++c) {
    up_[c] = down_[c] = top_[c] = c;
    left_[c] = c == 0 ? columns : c - 1;
    right_[c] = c == columns ? 0 : c + 1;
  }

  int spacer = columns + 1;  // the spacer before the first option
  top_[spacer] = 0;
  up_[spacer] = down_[spacer] = spacer;
  int next = spacer + 1;
  option_first_.reserve(options.size());
  for (std::size_t k = 0; k < options.size(); ++k) {
    const int first = next;
    option_first_.push_back(first);
    for (int column : options[k]) {
      const int header = column + 1;
      const int x = next++;
      top_[x] = header;
      node_option_[x] = static_cast<int>(k);
      up_[x] = up_[header];
      down_[x] = header;
      down_[up_[header]] = x;
      up_[header] = x;
      ++length_[header];
    }
    down_[spacer] = next - 1;
    spacer = next++;
    top_[spacer] = -static_cast<int>(k + 1);
    up_[spacer] = first;
    down_[spacer] = spacer;
  }

  uncovered_.assign(static_cast<std::size_t>(columns) / 64 + 1, 0);
  for (int c = 1; c <= columns; ++c) uncovered_[c / 64] |= std::uint64_t{1} << (c % 64);
}

// ---- the dancing steps (TAOCP 7.2.2.1, Algorithm X, steps X4-X7) -----------

// Removes the option of `node` from every column but the one of `node`.
inline void ExactCover::hide(int node) {
  for (int q = node + 1; q != node;) {
    const int x = top_[q];
    if (x <= 0) {  // spacer after the option: wrap to its first node
      q = up_[q];
      continue;
    }
    const int u = up_[q], d = down_[q];
    down_[u] = d;
    up_[d] = u;
    --length_[x];
    ++q;
  }
}

inline void ExactCover::unhide(int node) {
  for (int q = node - 1; q != node;) {
    const int x = top_[q];
    if (x <= 0) {  // spacer before the option: wrap to its last node
      q = down_[q];
      continue;
    }
    up_[down_[q]] = q;
    down_[up_[q]] = q;
    ++length_[x];
    --q;
  }
}

inline void ExactCover::cover(int column) {
  for (int p = down_[column]; p != column; p = down_[p]) hide(p);
  const int l = left_[column], r = right_[column];
  right_[l] = r;
  left_[r] = l;
  uncovered_[column / 64] &= ~(std::uint64_t{1} << (column % 64));
}

inline void ExactCover::uncover(int column) {
  const int l = left_[column], r = right_[column];
  right_[l] = column;
  left_[r] = column;
  uncovered_[column / 64] |= std::uint64_t{1} << (column % 64);
  for (int p = up_[column]; p != column; p = up_[p]) unhide(p);
}

// Covers the other columns of the option of `node` (its own column is covered
// already); uncover_rest_of_option undoes it in exactly the reverse order.
inline void ExactCover::cover_rest_of_option(int node) {
  for (int q = node + 1; q != node;) {
    const int x = top_[q];
    if (x <= 0) {
      q = up_[q];
      continue;
    }
    cover(x);
    ++q;
  }
}

inline void ExactCover::uncover_rest_of_option(int node) {
  for (int q = node - 1; q != node;) {
    const int x = top_[q];
    if (x <= 0) {
      q = down_[q];
      continue;
    }
    uncover(x);
    --q;
  }
}

bool ExactCover::select(int option) {
  if (option < 0 || option >= option_count()) throw std::invalid_argument("ExactCover::select: no such option");
  const int first = option_first_[option];
  for (int q = first; top_[q] > 0; ++q) {
    const int c = top_[q];
    if (!(uncovered_[c / 64] >> (c % 64) & 1)) return false;
  }
  cover(top_[first]);
  cover_rest_of_option(first);
  selected_.push_back(option);
  return true;
}

// ---- the search -------------------------------------------------------------

// One walk of the search tree on a private copy of the links.
class ExactCover::Search {
 public:
  explicit Search(const ExactCover& problem)
      : links_(problem),
        choice_(problem.columns_ + 1),
        entry_mark_(problem.columns_ + 1),
        cached_level_(problem.columns_ + 1, 0),
        cache_(problem.uncovered_.size(), kCacheBytesPerThread) {}

  // Commits or withdraws the option of `node`, for cutting the tree into
  // subproblems. Withdrawals must come in the reverse order of commits.
  void push(int node) {
    links_.cover(links_.top_[node]);
    links_.cover_rest_of_option(node);
  }
  void pop(int node) {
    links_.uncover_rest_of_option(node);
    links_.uncover(links_.top_[node]);
  }

  // Adds the number of solutions below the current node to tally().
  void count() {
    walk<true>([](int) { return true; });
  }
  // The number of solutions below the current node, tally() untouched.
  BigInt count_here() {
    const Tally saved = tally_;
    tally_ = Tally{};
    count();
    const BigInt below = tally_.value();
    tally_ = saved;
    return below;
  }
  // A column with fewest options (0 when one has none); the links' root
  // has no column left when the node is a solution.
  int branching_column() const { return choose_column(); }
  const Tally& tally() const { return tally_; }
  std::uint64_t node_budget = UINT64_MAX;
  bool budget_spent() const { return budget_spent_; }

  // Lists solutions below the current node in search order until visit
  // returns false or the search has branched at node_budget nodes (then
  // budget_spent() is true).
  bool enumerate(const std::function<bool(const std::vector<int>&)>& visit) {
    std::vector<int> solution;
    return walk<false>([&](int depth) {
      solution.clear();
      for (int level = 0; level < depth; ++level) solution.push_back(links_.node_option_[choice_[level]]);
      return visit(solution);
    });
  }

  // For cutting the tree: a column with fewest options to branch on, or 0
  // after adding the node's solutions to tally() when it needs no branching.
  int branch_or_count() {
    if (links_.right_[0] == 0) {  // no column left: one solution
      tally_.add(1);
      return 0;
    }
    return choose_column();
  }

  ExactCover links_;

 private:
  // Algorithm X without recursion: choice_[level] is the option node being
  // tried at each level (or the column header once all were tried).
  //
  // When counting (kCounting), the count below each branching node is cached
  // under its set of uncovered columns (CountCache). When listing,
  // on_solution(depth) sees each solution as choice_[0..depth) and returns
  // whether to go on.
  template <bool kCounting, class OnSolution>
  bool walk(OnSolution&& on_solution) {
    ExactCover& s = links_;
    int level = 0;
    for (;;) {
      int column = 0;
      if (s.right_[0] == 0) {  // no column left: a solution
        if constexpr (kCounting) {
          tally_.add(1);
        } else if (!on_solution(level)) {
          unwind(level);
          return false;
        }
      } else {
        column = choose_column();
        std::uint64_t cached = 0;
        // A forced column (one option) is not worth a cache entry: its only
        // child holds the same information.
        const bool use_cache = kCounting && column != 0 && s.length_[column] > 1;
        if (use_cache && cache_.find(s.uncovered_.data(), cached)) {
          tally_.add(cached);
          column = 0;
        }
        cached_level_[level] = use_cache;
        if (use_cache) entry_mark_[level] = tally_.mark();
      }
      if constexpr (!kCounting) {
        if (column != 0 && node_budget-- == 0) {
          budget_spent_ = true;
          unwind(level);
          return false;
        }
      }
      if (column != 0) {
        s.cover(column);
        choice_[level] = s.down_[column];
      } else {
        // Back up to the deepest level with an untried option.
        for (;;) {
          if (level == 0) return true;
          --level;
          const int tried = choice_[level];
          s.uncover_rest_of_option(tried);
          choice_[level] = s.down_[tried];
          if (choice_[level] != s.top_[tried]) break;
          s.uncover(s.top_[tried]);
          if (kCounting && cached_level_[level]) {
            std::uint64_t below = 0;
            if (tally_.added_since(entry_mark_[level], below)) cache_.store(s.uncovered_.data(), below);
          }
        }
      }
      s.cover_rest_of_option(choice_[level]);
      ++level;
    }
  }

  // The first column with fewest options, or 0 when one has none.
  int choose_column() const {
    const ExactCover& s = links_;
    int best = 0, best_length = INT_MAX;
    for (int c = s.right_[0]; c != 0; c = s.right_[c]) {
      const int length = s.length_[c];
      if (length < best_length) {
        best = c;
        best_length = length;
        if (length <= 1) break;  // cannot do better than forced
      }
    }
    return best_length == 0 ? 0 : best;
  }

  // Restores the links after an early stop at `depth`.
  void unwind(int depth) {
    for (int level = depth - 1; level >= 0; --level) pop(choice_[level]);
  }

  std::vector<int> choice_;
  bool budget_spent_ = false;
  // Per level, whether the node's count goes to the cache, and the tally when
  // the node was entered.
  std::vector<Tally::Mark> entry_mark_;
  std::vector<unsigned char> cached_level_;
  CountCache cache_;
  Tally tally_;
};

BigInt ExactCover::count_solutions(int threads) const {
  if (threads <= 1) {
    Search search(*this);
    search.count();
    return search.tally().value();
  }

  // Cut the top of the tree, level by level, into subproblems (paths of chosen
  // option nodes) until there are enough for every thread; nodes resolved on
  // the way are counted here.
  const std::size_t wanted = kSubproblemsPerThread * static_cast<std::size_t>(threads);
  BigInt total = 0;
  std::vector<std::vector<int>> frontier{{}};
  {
    Search cutter(*this);
    while (!frontier.empty() && frontier.size() < wanted) {
      std::vector<std::vector<int>> next;
      for (const std::vector<int>& path : frontier) {
        for (int node : path) cutter.push(node);
        if (const int column = cutter.branch_or_count(); column != 0) {
          for (int p = cutter.links_.down_[column]; p != column; p = cutter.links_.down_[p]) {
            next.push_back(path);
            next.back().push_back(p);
          }
        }
        for (auto it = path.rbegin(); it != path.rend(); ++it) cutter.pop(*it);
      }
      frontier = std::move(next);
    }
    total += cutter.tally().value();
  }

  // Each thread keeps one Search (links and cache) for all its subproblems.
  std::vector<BigInt> counts(frontier.size());
  const long long subproblems = static_cast<long long>(frontier.size());
#pragma omp parallel num_threads(threads)
  {
    Search worker(*this);
#pragma omp for schedule(dynamic, 1)
    for (long long i = 0; i < subproblems; ++i) {
      const std::vector<int>& path = frontier[i];
      for (int node : path) worker.push(node);
      const BigInt before = worker.tally().value();
      worker.count();
      counts[i] = worker.tally().value() - before;
      for (auto it = path.rbegin(); it != path.rend(); ++it) worker.pop(*it);
    }
  }
  // A fixed order of summation; integer sums do not depend on it anyway.
  for (const BigInt& count : counts) total += count;
  return total;
}

ExactCover::PrefixCounter::PrefixCounter(const ExactCover& problem) : search_(std::make_unique<Search>(problem)) {}

ExactCover::PrefixCounter::~PrefixCounter() = default;

bool ExactCover::PrefixCounter::push(int option) {
  const ExactCover& links = search_->links_;
  if (option < 0 || option >= links.option_count()) throw std::invalid_argument("PrefixCounter::push: no such option");
  const int first = links.option_first_[option];
  for (int q = first; links.top_[q] > 0; ++q) {
    const int c = links.top_[q];
    if (!(links.uncovered_[c / 64] >> (c % 64) & 1)) return false;
  }
  search_->push(first);
  pushed_.push_back(first);
  return true;
}

void ExactCover::PrefixCounter::pop() {
  search_->pop(pushed_.back());
  pushed_.pop_back();
}

BigInt ExactCover::PrefixCounter::count() { return search_->count_here(); }

ExactCover::UniformSampler::UniformSampler(const ExactCover& problem)
    : search_(std::make_unique<Search>(problem)), solutions_(search_->count_here()) {}

ExactCover::UniformSampler::~UniformSampler() = default;

std::vector<int> ExactCover::UniformSampler::draw(Rng& rng) {
  ExactCover& links = search_->links_;
  std::vector<int> path, children;
  std::vector<BigInt> below;
  BigInt here = solutions_;
  while (links.right_[0] != 0) {
    const int column = search_->branching_column();
    if (column == 0 || here == 0) throw std::logic_error("ExactCover::UniformSampler: no solution to draw");
    children.clear();
    below.clear();
    for (int p = links.down_[column]; p != column; p = links.down_[p]) {
      search_->push(p);
      children.push_back(p);
      below.push_back(search_->count_here());
      search_->pop(p);
    }
    BigInt pick = uniform_big_below(rng, here);
    std::size_t k = 0;
    while (pick >= below[k]) pick -= below[k++];
    search_->push(children[k]);
    path.push_back(children[k]);
    here = below[k];
  }
  std::vector<int> options;
  for (const int node : path) options.push_back(links.node_option_[node]);
  for (auto it = path.rbegin(); it != path.rend(); ++it) search_->pop(*it);
  return options;
}

bool ExactCover::for_each_solution(const std::function<bool(const std::vector<int>&)>& visit,
                                   std::uint64_t max_nodes) const {
  Search search(*this);
  search.node_budget = max_nodes;
  search.enumerate(visit);
  return !search.budget_spent();
}

std::vector<std::vector<int>> ExactCover::find_solutions(std::uint64_t limit) const {
  return *find_solutions(limit, UINT64_MAX);
}

std::optional<std::vector<std::vector<int>>> ExactCover::find_solutions(std::uint64_t limit,
                                                                        std::uint64_t max_nodes) const {
  std::vector<std::vector<int>> found;
  if (limit == 0) return found;
  const bool within = for_each_solution(
      [&](const std::vector<int>& solution) {
        found.push_back(solution);
        return found.size() < limit;
      },
      max_nodes);
  if (!within) return std::nullopt;
  return found;
}

}  // namespace sudoku_count::detail
