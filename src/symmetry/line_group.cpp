#include "symmetry/line_group.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace sudoku_count::detail {
namespace {

std::vector<Permutation> all_permutations(int n) {
  std::vector<Permutation> result;
  Permutation p(n);
  std::iota(p.begin(), p.end(), 0);
  do result.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return result;
}

std::string type_text(const std::vector<int>& lengths) {
  std::string text = "[";
  for (std::size_t i = 0; i < lengths.size(); ++i) text += (i ? "," : "") + std::to_string(lengths[i]);
  return text + "]";
}

// The class invariant: for each cycle of beta, its length and the cycle type
// of its cycle product, sorted (identity first: all cycles of length 1 with
// trivial products sort before anything else).
std::string class_key(const Permutation& beta, const std::vector<const Permutation*>& rho, int k) {
  const int m = static_cast<int>(beta.size());
  std::vector<std::pair<int, std::vector<int>>> cycles;
  std::vector<bool> seen(m, false);
  for (int start = 0; start < m; ++start) {
    if (seen[start]) continue;
    Permutation product(k);
    std::iota(product.begin(), product.end(), 0);
    int length = 0;
    for (int b = start; !seen[b]; b = beta[b]) {
      seen[b] = true;
      ++length;
      // product <- rho_b after product
      Permutation next(k);
      for (int i = 0; i < k; ++i) next[i] = (*rho[b])[product[i]];
      product = next;
    }
    cycles.emplace_back(length, cycle_type(product));
  }
  std::sort(cycles.begin(), cycles.end(), [](const auto& x, const auto& y) {
    if (x.first != y.first) return x.first < y.first;
    // more cycles in the product (closer to the identity) first
    if (x.second.size() != y.second.size()) return x.second.size() > y.second.size();
    return x.second > y.second;
  });
  std::string key;
  for (const auto& [length, type] : cycles) key += (key.empty() ? "" : " ") + std::to_string(length) + type_text(type);
  return key;
}

}  // namespace

std::vector<int> cycle_type(const Permutation& p) {
  std::vector<int> lengths;
  std::vector<bool> seen(p.size(), false);
  for (std::size_t start = 0; start < p.size(); ++start) {
    if (seen[start]) continue;
    int length = 0;
    for (std::size_t i = start; !seen[i]; i = static_cast<std::size_t>(p[i])) {
      seen[i] = true;
      ++length;
    }
    lengths.push_back(length);
  }
  std::sort(lengths.rbegin(), lengths.rend());
  return lengths;
}

std::uint64_t line_group_order(int lines_per_block, int blocks) {
  auto factorial = [](int n) {
    std::uint64_t f = 1;
    for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
    return f;
  };
  if (lines_per_block > 12 || blocks > 12) return 0;
  const std::uint64_t inner = factorial(lines_per_block);
  std::uint64_t order = factorial(blocks);
  for (int b = 0; b < blocks; ++b) {
    if (order > kMaxLineGroupOrder / inner) return 0;
    order *= inner;
  }
  return order;
}

std::vector<LineClass> line_group_classes(int k, int m) {
  const std::vector<Permutation> inner = all_permutations(k);
  const std::vector<Permutation> outer = all_permutations(m);
  std::map<std::string, std::size_t> index;
  std::vector<LineClass> classes;
  std::vector<std::size_t> choice(m, 0);  // which inner permutation each block uses
  std::vector<const Permutation*> rho(m);
  for (const Permutation& beta : outer) {
    std::fill(choice.begin(), choice.end(), 0);
    for (;;) {
      for (int b = 0; b < m; ++b) rho[b] = &inner[choice[b]];
      const std::string key = class_key(beta, rho, k);
      auto [it, added] = index.try_emplace(key, classes.size());
      if (added) {
        LineClass c;
        c.type = key;
        c.representative.resize(static_cast<std::size_t>(m) * k);
        for (int b = 0; b < m; ++b)
          for (int i = 0; i < k; ++i) c.representative[b * k + i] = beta[b] * k + (*rho[b])[i];
        classes.push_back(std::move(c));
      }
      ++classes[it->second].size;
      int b = 0;
      while (b < m && ++choice[b] == inner.size()) choice[b++] = 0;
      if (b == m) break;
    }
  }
  return classes;
}

}  // namespace sudoku_count::detail
