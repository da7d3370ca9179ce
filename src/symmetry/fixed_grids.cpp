#include "symmetry/fixed_grids.hpp"

#include <algorithm>
#include <numeric>

#include "cover/exact_cover.hpp"

namespace sudoku_count::detail {

namespace {

// The cycles of a relabelling: each symbol's cycle, its length and the
// cycle's base (smallest symbol).
struct Cycles {
  std::vector<int> cycle_of, base_of_cycle, length_of_cycle;
  explicit Cycles(const Permutation& sigma) : cycle_of(sigma.size(), -1) {
    for (int s = 0; s < static_cast<int>(sigma.size()); ++s) {
      if (cycle_of[s] >= 0) continue;
      const int id = static_cast<int>(base_of_cycle.size());
      int length = 0;
      for (int t = s; cycle_of[t] < 0; t = sigma[t], ++length) cycle_of[t] = id;
      base_of_cycle.push_back(s);
      length_of_cycle.push_back(length);
    }
  }
};

// Row 0 of the fixed grids, in canonical form under the centraliser Z of
// sigma, cell by cell, each prefix pushed on the counter (docs/method.md,
// section 10). Z relabels by rotating sigma's cycles and permuting cycles of
// equal length; it maps fixed grids to fixed grids and acts freely on them
// (row 0 holds every symbol), and every Z-orbit of rows has exactly one row
// in which each cycle first appears at its base, and the cycles of each
// length first appear in increasing order. So Fix = |Z| * (fixed grids with
// a canonical row 0).
class CanonicalFirstRow {
 public:
  CanonicalFirstRow(const Shape& shape, const Cycles& cycles, const std::vector<std::vector<int>>& option_at,
                    const std::vector<std::vector<int>>& option_cells, ExactCover::PrefixCounter& counter)
      : n_(shape.n()), cycles_(cycles), option_at_(option_at), option_cells_(option_cells), counter_(counter),
        value_(static_cast<std::size_t>(shape.cells()), -1), seen_(cycles.base_of_cycle.size(), false) {}

  // Every canonical row 0 that the cover admits, as the options that
  // place it.
  std::vector<std::vector<int>> rows() {
    rows_.clear();
    extend(0);
    return std::move(rows_);
  }

 private:
  // The cycle a symbol's first appearance may open: cycles of each length
  // open in increasing order of their index (cycles of one length are
  // consecutive, in sigma_of_type's layout, but the rule does not need it).
  bool may_open(int cycle) const {
    for (int earlier = 0; earlier < cycle; ++earlier)
      if (cycles_.length_of_cycle[earlier] == cycles_.length_of_cycle[cycle] && !seen_[earlier]) return false;
    return true;
  }
  bool canonical(int symbol) const {
    const int cycle = cycles_.cycle_of[symbol];
    return seen_[cycle] || (cycles_.base_of_cycle[cycle] == symbol && may_open(cycle));
  }

  void extend(int column) {
    if (column == n_) {
      rows_.push_back(prefix_);
      return;
    }
    const int cell = column;  // row 0
    if (value_[cell] >= 0) {  // placed by an earlier cell's orbit
      const int symbol = value_[cell];
      if (!canonical(symbol)) return;
      descend(column, symbol);
      return;
    }
    for (int symbol = 0; symbol < n_; ++symbol) {
      const int option = option_at_[cell][symbol];
      if (option < 0 || !canonical(symbol) || !counter_.push(option)) continue;
      for (const auto& [c, v] : option_placements(option)) value_[c] = v;
      prefix_.push_back(option);
      descend(column, symbol);
      prefix_.pop_back();
      for (const auto& [c, v] : option_placements(option)) value_[c] = -1;
      counter_.pop();
    }
  }

  void descend(int column, int symbol) {
    const int cycle = cycles_.cycle_of[symbol];
    const bool opens = !seen_[cycle];
    seen_[cycle] = true;
    extend(column + 1);
    if (opens) seen_[cycle] = false;
  }

  const std::vector<std::pair<int, int>>& option_placements(int option) const {
    placements_.clear();
    const std::vector<int>& cells = option_cells_[option];
    for (std::size_t i = 0; i < cells.size(); i += 2) placements_.emplace_back(cells[i], cells[i + 1]);
    return placements_;
  }

  int n_;
  const Cycles& cycles_;
  const std::vector<std::vector<int>>& option_at_;
  const std::vector<std::vector<int>>& option_cells_;
  ExactCover::PrefixCounter& counter_;
  std::vector<int> value_;
  std::vector<bool> seen_;
  mutable std::vector<std::pair<int, int>> placements_;
  std::vector<int> prefix_;
  std::vector<std::vector<int>> rows_;
};

}  // namespace

FixedGridProblem fixed_grid_problem(const Shape& shape, const Permutation& cell_map, const Permutation& relabel) {
  FixedGridProblem problem;
  const int n = shape.n(), cells = shape.cells();
  // Items: cell, symbol in row, symbol in column, symbol in box.
  auto cell_item = [&](int cell) { return cell; };
  auto row_item = [&](int cell, int v) { return cells + (cell / n) * n + v; };
  auto column_item = [&](int cell, int v) { return 2 * cells + (cell % n) * n + v; };
  auto box_item = [&](int cell, int v) { return 3 * cells + shape.box_of(cell / n, cell % n) * n + v; };

  std::vector<std::vector<int>> options;
  std::vector<std::vector<int>> option_cells;  // (cell, symbol) pairs placed by each option
  std::vector<std::vector<int>> option_at(cells, std::vector<int>(n, -1));
  std::vector<bool> seen(cells, false);
  std::vector<int> orbit, items, placed;
  for (int start = 0; start < cells; ++start) {
    if (seen[start]) continue;
    orbit.clear();
    for (int c = start; !seen[c]; c = cell_map[c]) {
      seen[c] = true;
      orbit.push_back(c);
    }
    bool placeable = false;
    for (int v = 0; v < n; ++v) {
      items.clear();
      placed.clear();
      int value = v;
      for (const int c : orbit) {
        items.insert(items.end(), {cell_item(c), row_item(c, value), column_item(c, value), box_item(c, value)});
        placed.insert(placed.end(), {c, value});
        value = relabel[value];
      }
      if (value != v) continue;  // sigma^L(v) != v: the orbit cannot close
      std::vector<int> sorted = items;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) continue;
      for (std::size_t i = 0; i < placed.size(); i += 2) option_at[placed[i]][placed[i + 1]] = static_cast<int>(options.size());
      options.push_back(items);
      option_cells.push_back(placed);
      placeable = true;
    }
    if (!placeable) return problem;  // some cell takes no symbol: no rows
  }
  problem.cover = std::make_unique<ExactCover>(4 * cells, options);
  const Cycles cycles(relabel);
  // |Z| = prod over lengths L of L^{m_L} m_L!
  std::vector<int> multiplicity(n + 1, 0);
  for (const int length : cycles.length_of_cycle) problem.centraliser *= BigInt(length) * ++multiplicity[length];
  ExactCover::PrefixCounter counter(*problem.cover);
  problem.rows = CanonicalFirstRow(shape, cycles, option_at, option_cells, counter).rows();
  return problem;
}

BigInt count_rows(const FixedGridProblem& problem, std::size_t first, std::size_t last) {
  ExactCover::PrefixCounter counter(*problem.cover);
  BigInt sum = 0;
  for (std::size_t i = first; i < last; ++i) {
    for (const int option : problem.rows[i]) counter.push(option);
    sum += counter.count();
    for (std::size_t k = 0; k < problem.rows[i].size(); ++k) counter.pop();
  }
  return sum;
}

BigInt count_fixed_grids(const Shape& shape, const Permutation& cell_map, const Permutation& relabel) {
  const FixedGridProblem problem = fixed_grid_problem(shape, cell_map, relabel);
  return problem.rows.empty() ? BigInt(0) : problem.centraliser * count_rows(problem, 0, problem.rows.size());
}

std::vector<std::vector<int>> partitions(int n) {
  std::vector<std::vector<int>> result;
  std::vector<int> parts;
  auto extend = [&](auto&& self, int left, int largest) -> void {
    if (left == 0) {
      result.push_back(parts);
      return;
    }
    for (int part = std::min(left, largest); part >= 1; --part) {
      parts.push_back(part);
      self(self, left - part, part);
      parts.pop_back();
    }
  };
  extend(extend, n, n);
  return result;
}

Permutation permutation_of_type(const std::vector<int>& lengths) {
  Permutation p;
  int first = 0;
  for (const int length : lengths) {
    for (int i = 0; i < length; ++i) p.push_back(first + (i + 1) % length);
    first += length;
  }
  return p;
}

BigInt permutations_of_type(const std::vector<int>& lengths) {
  const int n = std::accumulate(lengths.begin(), lengths.end(), 0);
  BigInt z = 1;
  std::vector<int> multiplicity(n + 1, 0);
  for (const int length : lengths) {
    z *= length;
    z *= ++multiplicity[length];  // builds m_i! one factor at a time
  }
  return factorial(n) / z;
}

long long permutation_order(const Permutation& p) {
  long long order = 1;
  for (const int length : cycle_type(p)) order = std::lcm(order, static_cast<long long>(length));
  return order;
}

}  // namespace sudoku_count::detail
