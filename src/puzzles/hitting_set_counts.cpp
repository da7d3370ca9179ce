// Exact counts of minimal or proper puzzles for the classic rules of shapes
// up to 6x6, as the minimal hitting sets, or all the hitting sets, of the
// unavoidable sets of one grid per class of grids under the shape's
// symmetries (docs/method.md, section 17).
#include <omp.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <numeric>
#include <string>
#include <unordered_map>

#include "core/threads.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/solve.hpp"

namespace sudoku_count {
namespace {

using Mask = std::uint64_t;  // a set of cells (at most 64)

// Every order of `groups` groups of `size` lines that keeps each group's
// lines together: the groups permuted, and the lines within each group.
std::vector<std::vector<int>> line_orders(int groups, int size) {
  std::vector<std::vector<int>> within;
  std::vector<int> perm(size);
  std::iota(perm.begin(), perm.end(), 0);
  do within.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  std::vector<std::vector<int>> orders;
  std::vector<int> group_order(groups);
  std::iota(group_order.begin(), group_order.end(), 0);
  do {
    std::vector<std::size_t> choice(groups, 0);  // a mixed-radix counter over the groups' inner orders
    for (;;) {
      std::vector<int> order;
      for (int k = 0; k < groups; ++k)
        for (int j = 0; j < size; ++j) order.push_back(group_order[k] * size + within[choice[k]][j]);
      orders.push_back(std::move(order));
      int k = 0;
      while (k < groups && ++choice[k] == within.size()) choice[k++] = 0;
      if (k == groups) break;
    }
  } while (std::next_permutation(group_order.begin(), group_order.end()));
  return orders;
}

// The cell maps that take grids to grids and puzzles to puzzles of the same
// clue count: rows within bands, bands, columns within stacks, stacks, and
// the transpose for square boxes. map[i] is the cell whose symbol cell i takes.
std::vector<std::vector<int>> geometric_maps(const Shape& shape) {
  const int n = shape.n();
  const auto rows = line_orders(n / shape.box_rows, shape.box_rows);
  const auto cols = line_orders(n / shape.box_cols, shape.box_cols);
  std::vector<std::vector<int>> maps;
  for (const auto& ro : rows)
    for (const auto& co : cols) {
      std::vector<int> map(n * n);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) map[r * n + c] = ro[r] * n + co[c];
      if (shape.box_rows == shape.box_cols) {
        std::vector<int> transposed(n * n);
        for (int r = 0; r < n; ++r)
          for (int c = 0; c < n; ++c) transposed[r * n + c] = map[c * n + r];
        maps.push_back(std::move(transposed));
      }
      maps.push_back(std::move(map));
    }
  return maps;
}

// A grid as a string of symbols 1..n, relabelled so its first row reads 1..n.
std::string first_row_form(const std::string& cells, int n) {
  char label[65] = {};
  for (int c = 0; c < n; ++c) label[static_cast<int>(cells[c])] = static_cast<char>(c + 1);
  std::string out(cells.size(), 0);
  for (std::size_t i = 0; i < cells.size(); ++i) out[i] = label[static_cast<int>(cells[i])];
  return out;
}

// The minimal unavoidable sets of `grid` (a minimal unavoidable set is the
// set of cells where the grid differs from another one, and no smaller
// such set lies inside it): from its differences with every grid, the grids
// with first row fixed under every relabelling.
std::vector<Mask> minimal_unavoidable_sets(const std::vector<Mask>& grid_symbols,
                                           const std::vector<std::vector<Mask>>& symbols, int n, Mask all) {
  std::vector<Mask> differences;
  std::vector<int> relabel(n);
  for (const auto& other : symbols) {
    std::iota(relabel.begin(), relabel.end(), 0);
    do {
      Mask same = 0;
      for (int s = 0; s < n; ++s) same |= grid_symbols[s] & other[relabel[s]];
      if (same != all) differences.push_back(all & ~same);
    } while (std::next_permutation(relabel.begin(), relabel.end()));
  }
  std::sort(differences.begin(), differences.end(), [](Mask a, Mask b) {
    const int pa = std::popcount(a), pb = std::popcount(b);
    return pa != pb ? pa < pb : a < b;
  });
  differences.erase(std::unique(differences.begin(), differences.end()), differences.end());
  std::vector<Mask> minimal;
  for (const Mask d : differences) {
    bool has_smaller = false;
    for (const Mask m : minimal)
      if ((m & ~d) == 0) {
        has_smaller = true;
        break;
      }
    if (!has_smaller) minimal.push_back(d);
  }
  return minimal;
}

// Counts the minimal hitting sets of `sets` by size: a search that branches
// on the cells of the first unhit set, the sets sorted by size (the
// i-th branch takes the i-th cell and forbids the earlier ones, so every
// hitting set is reached once), pruned as soon as a chosen cell hits no set
// alone (then no superset is minimal).
class HittingSets {
 public:
  HittingSets(const std::vector<Mask>& sets, int cells)
      : sets_(sets), words_((sets.size() + 63) / 64), by_cell_(cells, std::vector<Mask>(words_, 0)),
        once_(cells + 2, std::vector<Mask>(words_)), more_(cells + 2, std::vector<Mask>(words_)) {
    for (std::size_t u = 0; u < sets.size(); ++u)
      for (Mask m = sets[u]; m; m &= m - 1) by_cell_[std::countr_zero(m)][u / 64] |= Mask{1} << (u % 64);
  }

  std::vector<std::uint64_t> count(int cells) {
    counts_.assign(cells + 1, 0);
    std::fill(once_[0].begin(), once_[0].end(), 0);
    std::fill(more_[0].begin(), more_[0].end(), 0);
    visit(0, 0, 0);
    return counts_;
  }

 private:
  void visit(int depth, Mask chosen, Mask forbidden) {
    const std::vector<Mask>& once = once_[depth];
    const std::vector<Mask>& more = more_[depth];
    // The first set not hit yet: the sets are sorted by size, so it is one
    // of the smallest.
    int best = -1;
    for (std::size_t w = 0; w < words_ && best < 0; ++w) {
      Mask unhit = ~(once[w] | more[w]);
      if (w == words_ - 1 && sets_.size() % 64) unhit &= (Mask{1} << (sets_.size() % 64)) - 1;
      if (unhit) best = static_cast<int>(w * 64) + std::countr_zero(unhit);
    }
    if (best < 0) {
      ++counts_[std::popcount(chosen)];
      return;
    }
    std::vector<Mask>& next_once = once_[depth + 1];
    std::vector<Mask>& next_more = more_[depth + 1];
    for (Mask candidates = sets_[best] & ~forbidden; candidates; candidates &= candidates - 1) {
      const int cell = std::countr_zero(candidates);
      const std::vector<Mask>& hits = by_cell_[cell];
      for (std::size_t w = 0; w < words_; ++w) {
        next_more[w] = more[w] | (once[w] & hits[w]);
        next_once[w] = (once[w] & ~hits[w]) | (hits[w] & ~once[w] & ~more[w]);
      }
      const Mask with = chosen | Mask{1} << cell;
      bool alone = true;  // every chosen cell still hits some set alone
      for (Mask c = with; c && alone; c &= c - 1) {
        const std::vector<Mask>& its = by_cell_[std::countr_zero(c)];
        alone = false;
        for (std::size_t w = 0; w < words_ && !alone; ++w) alone = (next_once[w] & its[w]) != 0;
      }
      if (alone) visit(depth + 1, with, forbidden);
      forbidden |= Mask{1} << cell;
    }
  }

  const std::vector<Mask>& sets_;
  std::size_t words_;
  std::vector<std::vector<Mask>> by_cell_;     // per cell, the sets holding it
  std::vector<std::vector<Mask>> once_, more_;  // per depth, the sets hit once and more than once
  std::vector<std::uint64_t> counts_;
};

// Counts all the hitting sets of `sets` by size: a search that branches on
// the cells of an unhit set (the one with the fewest cells not forbidden;
// the i-th branch takes its i-th such cell and forbids the earlier ones, so
// every hitting set is reached once) and stops as soon as every set is hit:
// the chosen cells then make a hitting set with any of the f cells neither
// chosen nor forbidden, C(f, j) of them with j more cells. A set whose cells
// are all forbidden ends the branch.
class AllHittingSets {
 public:
  AllHittingSets(const std::vector<Mask>& sets, int cells)
      : sets_(sets), cells_(cells), words_((sets.size() + 63) / 64), by_cell_(cells, std::vector<Mask>(words_, 0)),
        hit_(cells + 2, std::vector<Mask>(words_)),
        leaves_(static_cast<std::size_t>(cells + 1) * (cells + 1), 0) {
    for (std::size_t u = 0; u < sets.size(); ++u)
      for (Mask m = sets[u]; m; m &= m - 1) by_cell_[std::countr_zero(m)][u / 64] |= Mask{1} << (u % 64);
  }

  std::vector<std::uint64_t> count() {
    std::fill(hit_[0].begin(), hit_[0].end(), 0);
    visit(0, 0, 0);
    // Binomials C(f, j) for f <= cells, exact in 64 bits (C(64, 32) < 2^63).
    std::vector<std::vector<std::uint64_t>> binomial(cells_ + 1);
    for (int f = 0; f <= cells_; ++f) {
      binomial[f].assign(f + 1, 1);
      for (int j = 1; j < f; ++j) binomial[f][j] = binomial[f - 1][j - 1] + binomial[f - 1][j];
    }
    std::vector<std::uint64_t> counts(cells_ + 1, 0);
    for (int chosen = 0; chosen <= cells_; ++chosen)
      for (int free = 0; chosen + free <= cells_; ++free)
        if (const std::uint64_t leaves = leaves_[chosen * (cells_ + 1) + free])
          for (int j = 0; j <= free; ++j) counts[chosen + j] += leaves * binomial[free][j];
    return counts;
  }

 private:
  void visit(int depth, Mask chosen, Mask forbidden) {
    const std::vector<Mask>& hit = hit_[depth];
    int best = -1, fewest = 65;
    for (std::size_t w = 0; w < words_ && fewest > 1; ++w) {
      Mask unhit = ~hit[w];
      if (w == words_ - 1 && sets_.size() % 64) unhit &= (Mask{1} << (sets_.size() % 64)) - 1;
      for (; unhit && fewest > 1; unhit &= unhit - 1) {
        const int u = static_cast<int>(w * 64) + std::countr_zero(unhit);
        const int open = std::popcount(sets_[u] & ~forbidden);
        if (open == 0) return;  // a set no longer hittable
        if (open < fewest) {
          fewest = open;
          best = u;
        }
      }
    }
    if (best < 0) {
      const int taken = std::popcount(chosen);
      ++leaves_[taken * (cells_ + 1) + (cells_ - std::popcount(chosen | forbidden))];
      return;
    }
    std::vector<Mask>& next = hit_[depth + 1];
    for (Mask candidates = sets_[best] & ~forbidden; candidates; candidates &= candidates - 1) {
      const int cell = std::countr_zero(candidates);
      const std::vector<Mask>& hits = by_cell_[cell];
      for (std::size_t w = 0; w < words_; ++w) next[w] = hit[w] | hits[w];
      visit(depth + 1, chosen | Mask{1} << cell, forbidden);
      forbidden |= Mask{1} << cell;
    }
  }

  const std::vector<Mask>& sets_;
  int cells_;
  std::size_t words_;
  std::vector<std::vector<Mask>> by_cell_;  // per cell, the sets holding it
  std::vector<std::vector<Mask>> hit_;      // per depth, the sets hit
  std::vector<std::uint64_t> leaves_;       // [chosen * (cells + 1) + free]: the leaves reached
};

}  // namespace

PuzzleCounts exact_puzzle_counts_by_classes(const Shape& shape, PuzzleKind kind, int threads,
                                           const std::function<void(double)>& progress) {
  const auto start = std::chrono::steady_clock::now();
  const Layout layout{shape};
  const int n = shape.n(), cells = layout.cells();
  if (n > kExactPuzzleCountsByClassesMaxN)
    throw InputError("exact puzzle counts by classes of grids list the grids of the shape: at most " +
                     std::to_string(kExactPuzzleCountsByClassesMaxN) + "x" +
                     std::to_string(kExactPuzzleCountsByClassesMaxN) + " grids, not " + shape.name());
  Grid first_row = empty_grid(layout);
  for (int c = 0; c < n; ++c) first_row.cells[c] = c + 1;
  std::vector<std::string> grids;
  for (const Grid& grid : find_completions(first_row, UINT64_MAX)) {
    std::string cells_text(cells, 0);
    for (int i = 0; i < cells; ++i) cells_text[i] = static_cast<char>(grid.cells[i]);
    grids.push_back(std::move(cells_text));
  }
  std::unordered_map<std::string, std::size_t> index;
  for (std::size_t i = 0; i < grids.size(); ++i) index.emplace(grids[i], i);

  // The classes: the grids with first row fixed that one grid's images under
  // the maps, relabelled, reach. A class of k of them holds k * n! grids.
  const auto maps = geometric_maps(shape);
  std::vector<char> seen(grids.size(), 0);
  std::vector<std::pair<std::size_t, std::uint64_t>> classes;  // representative, grids with first row fixed
  std::string image(cells, 0);
  for (std::size_t i = 0; i < grids.size(); ++i) {
    if (seen[i]) continue;
    std::uint64_t size = 0;
    for (const auto& map : maps) {
      for (int c = 0; c < cells; ++c) image[c] = grids[i][map[c]];
      const std::size_t j = index.at(first_row_form(image, n));
      if (!seen[j]) {
        seen[j] = 1;
        ++size;
      }
    }
    classes.emplace_back(i, size);
  }

  std::vector<std::vector<Mask>> symbols(grids.size(), std::vector<Mask>(n, 0));
  for (std::size_t g = 0; g < grids.size(); ++g)
    for (int i = 0; i < cells; ++i) symbols[g][grids[g][i] - 1] |= Mask{1} << i;
  const Mask all = cells == 64 ? ~Mask{0} : (Mask{1} << cells) - 1;
  std::uint64_t relabellings = 1;
  for (int k = 2; k <= n; ++k) relabellings *= k;

  PuzzleCounts counts;
  counts.layout = layout;
  counts.grids = grids.size() * relabellings;
  counts.classes = classes.size();
  std::vector<std::uint64_t>& tally = kind == PuzzleKind::Minimal ? counts.minimal : counts.proper;
  tally.assign(cells + 1, 0);
  std::vector<std::vector<std::uint64_t>> per_class(classes.size());
  const long long count = static_cast<long long>(classes.size());
  long long done = 0;
#pragma omp parallel for num_threads(detail::thread_count(threads)) schedule(dynamic, 1)
  for (long long k = 0; k < count; ++k) {
    const std::vector<Mask> sets = minimal_unavoidable_sets(symbols[classes[k].first], symbols, n, all);
    if (kind == PuzzleKind::Minimal) per_class[k] = HittingSets(sets, cells).count(cells);
    else per_class[k] = AllHittingSets(sets, cells).count();
#pragma omp critical
    if (progress) progress(static_cast<double>(++done) / static_cast<double>(count));
  }
  for (std::size_t k = 0; k < classes.size(); ++k)
    for (int c = 0; c <= cells; ++c) tally[c] += per_class[k][c] * classes[k].second * relabellings;
  counts.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return counts;
}

}  // namespace sudoku_count
