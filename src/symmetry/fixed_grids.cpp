#include "symmetry/fixed_grids.hpp"

#include <algorithm>
#include <numeric>

#include "cover/exact_cover.hpp"

namespace sudoku_count::detail {

BigInt count_fixed_grids(const Shape& shape, const Permutation& cell_map, const Permutation& relabel) {
  const int n = shape.n(), cells = shape.cells();
  // Items: cell, symbol in row, symbol in column, symbol in box.
  auto cell_item = [&](int cell) { return cell; };
  auto row_item = [&](int cell, int v) { return cells + (cell / n) * n + v; };
  auto column_item = [&](int cell, int v) { return 2 * cells + (cell % n) * n + v; };
  auto box_item = [&](int cell, int v) { return 3 * cells + shape.box_of(cell / n, cell % n) * n + v; };

  std::vector<std::vector<int>> options;
  std::vector<bool> seen(cells, false);
  std::vector<int> orbit, items;
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
      int value = v;
      for (const int c : orbit) {
        items.insert(items.end(), {cell_item(c), row_item(c, value), column_item(c, value), box_item(c, value)});
        value = relabel[value];
      }
      if (value != v) continue;  // sigma^L(v) != v: the orbit cannot close
      std::vector<int> sorted = items;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) continue;
      options.push_back(items);
      placeable = true;
    }
    if (!placeable) return 0;  // some cell takes no symbol
  }
  const ExactCover cover(4 * cells, options);
  return cover.count_solutions(1);
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
