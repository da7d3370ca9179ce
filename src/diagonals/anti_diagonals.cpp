#include "diagonals/anti_diagonals.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <utility>

#include "core/wide_integer.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {

namespace {

bool has_both_diagonals(const Layout& layout) {
  bool main = false, anti = false;
  for (const House& house : layout.houses())
    if (house.kind == HouseKind::Diagonal) (house.index == 0 ? main : anti) = true;
  return main && anti;
}

// The symbols cell (r, N-1-r) may hold beside the main diagonal 0..N-1.
std::vector<Mask> allowed_symbols(const Layout& layout) {
  const int n = layout.n();
  const auto& houses_of = layout.houses_of_cells();
  std::vector<Mask> allowed(n, 0);
  for (int r = 0; r < n; ++r) {
    const int cell = r * n + (n - 1 - r);
    for (int s = 0; s < n; ++s) {
      const int diagonal_cell = s * n + s;
      if (diagonal_cell == cell) {  // the centre: its symbol is the main diagonal's
        allowed[r] = Mask{1} << s;
        break;
      }
      const auto& a = houses_of[cell];
      const auto& b = houses_of[diagonal_cell];
      const bool shared = std::any_of(a.begin(), a.end(), [&](int h) { return std::find(b.begin(), b.end(), h) != b.end(); });
      if (!shared) allowed[r] |= Mask{1} << s;
    }
  }
  return allowed;
}

using Polynomial = std::vector<BigInt>;  // coefficient k at index k

Polynomial multiply(const Polynomial& a, const Polynomial& b) {
  Polynomial c(a.size() + b.size() - 1, 0);
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j) c[i + j] += a[i] * b[j];
  return c;
}

// The permanent of the allowed matrix and whether it could be counted here
// (every piece of the forbidden board within kMaxPieceSymbols symbols).
struct Permanent {
  BigInt value = 0;
  bool counted = true;
  int widest_piece = 0;
};

Permanent permanent(std::vector<Mask> allowed, int max_piece_symbols) {
  const int n = static_cast<int>(allowed.size());
  std::vector<bool> row_left(n, true);
  Mask symbols_left = low_bits(n);
  // Rows with one symbol left take it (the centre, and what that forces).
  for (bool changed = true; changed;) {
    changed = false;
    for (int r = 0; r < n; ++r) {
      if (!row_left[r]) continue;
      const Mask choices = allowed[r] & symbols_left;
      if (choices == 0) return {};  // no permutation
      if (popcount(choices) == 1) {
        row_left[r] = false;
        symbols_left &= ~choices;
        changed = true;
      }
    }
  }
  std::vector<int> rows;
  for (int r = 0; r < n; ++r)
    if (row_left[r]) rows.push_back(r);
  const int m = static_cast<int>(rows.size());
  // Pieces of the forbidden board: rows joined when they forbid a common symbol.
  std::vector<int> parent(m);
  std::iota(parent.begin(), parent.end(), 0);
  const auto root = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const auto forbidden = [&](int i) { return symbols_left & ~allowed[rows[i]]; };
  for (int i = 0; i < m; ++i)
    for (int j = i + 1; j < m; ++j)
      if (forbidden(i) & forbidden(j)) parent[root(i)] = root(j);
  Permanent result;
  Polynomial rooks{1};
  for (int top = 0; top < m; ++top) {
    if (root(top) != top) continue;
    std::vector<int> members;
    Mask symbols = 0;
    for (int i = 0; i < m; ++i)
      if (root(i) == top) {
        members.push_back(i);
        symbols |= forbidden(i);
      }
    const int width = popcount(symbols);
    result.widest_piece = std::max(result.widest_piece, width);
    if (width > max_piece_symbols) {
      result.counted = false;
      return result;
    }
    // Placements of rooks on the piece by the symbols they use, row by row.
    std::unordered_map<Mask, BigInt> ways{{Mask{0}, BigInt{1}}};
    for (const int i : members) {
      std::unordered_map<Mask, BigInt> next = ways;  // no rook in this row
      for (const auto& [used, count] : ways)
        for (Mask free = forbidden(i) & ~used; free != 0; free &= free - 1) next[used | (free & (~free + 1))] += count;
      ways = std::move(next);
    }
    Polynomial piece(static_cast<std::size_t>(width) + 1, 0);
    for (const auto& [used, count] : ways) piece[popcount(used)] += count;
    rooks = multiply(rooks, piece);
  }
  BigInt total = 0;
  for (int k = 0; k < static_cast<int>(rooks.size()) && k <= m; ++k)
    total += (k % 2 == 0 ? 1 : -1) * rooks[k] * factorial(m - k);
  result.value = total;
  return result;
}

// w(r, s): 4 where the main diagonal's cell (s, s) lies in a box or region
// that meets the row or the column of cell (r, N-1-r), else 3; 0 where s is
// forbidden. Empty when no box or region meets a row in more than one cell
// (Latin squares): no lean.
std::vector<int> lean_weights(const Layout& layout, const std::vector<Mask>& allowed) {
  const int n = layout.n();
  std::vector<const House*> region_of(static_cast<std::size_t>(n) * n, nullptr);
  for (const House& house : layout.houses())
    if (house.kind == HouseKind::Box || house.kind == HouseKind::Region)
      for (const int cell : house.cells) region_of[cell] = &house;
  if (std::all_of(region_of.begin(), region_of.end(), [](const House* h) { return h == nullptr; })) return {};
  std::vector<int> weight(static_cast<std::size_t>(n) * n, 0);
  for (int r = 0; r < n; ++r)
    for (int s = 0; s < n; ++s) {
      if (!(allowed[r] >> s & 1)) continue;
      const House* region = region_of[s * n + s];
      const bool meets = region && std::any_of(region->cells.begin(), region->cells.end(), [&](int cell) {
                           return cell / n == r || cell % n == n - 1 - r;
                         });
      weight[r * n + s] = meets ? 4 : 3;
    }
  return weight;
}

// The permanent of an n x n matrix of small non-negative integers by Ryser's
// formula over the subsets of columns in Gray-code order (exact: the caller
// keeps 2^n prod_r (row sum) within 127 bits).
__int128 ryser_permanent(const std::vector<int>& a, int n) {
  std::vector<__int128> row_sums(n, 0);
  __int128 total = 0;
  std::uint64_t gray = 0;
  for (std::uint64_t k = 1; k < (std::uint64_t{1} << n); ++k) {
    const int column = std::countr_zero(k);
    const std::uint64_t bit = std::uint64_t{1} << column;
    const int sign_in = (gray & bit) ? -1 : 1;
    gray ^= bit;
    __int128 product = 1;
    for (int r = 0; r < n; ++r) {
      row_sums[r] += sign_in * a[r * n + column];
      product *= row_sums[r];
    }
    total += ((n - std::popcount(gray)) % 2 == 0) ? product : -product;
  }
  return total;
}

// The number of allowed anti-diagonals, where serves() holds (else the
// reason in `why`): the one check behind serves() and the constructor.
std::optional<BigInt> allowed_count(const Layout& layout, const std::vector<Mask>& allowed, std::string& why) {
  if (!has_both_diagonals(layout)) {
    why = "the layout has no diagonals (variant x)";
    return std::nullopt;
  }
  const Permanent p = permanent(allowed, AntiDiagonals::kMaxPieceSymbols);
  if (!p.counted) {
    why = "its anti-diagonal's forbidden cells form a piece of " + std::to_string(p.widest_piece) +
          " symbols, beyond the " + std::to_string(AntiDiagonals::kMaxPieceSymbols) + " counted here";
    return std::nullopt;
  }
  if (p.value > 0 && BigFloat(p.value) / BigFloat(factorial(layout.n())) < AntiDiagonals::kMinAcceptance) {
    why = "too few permutations are allowed on its anti-diagonal to draw them by rejection";
    return std::nullopt;
  }
  return p.value;
}

}  // namespace

bool AntiDiagonals::serves(const Layout& layout, std::string* why) {
  std::string reason;
  if (allowed_count(layout, allowed_symbols(layout), reason)) return true;
  if (why) *why = reason;
  return false;
}

AntiDiagonals::AntiDiagonals(const Layout& layout) : n_(layout.n()), allowed_(allowed_symbols(layout)) {
  std::string why;
  const std::optional<BigInt> count = allowed_count(layout, allowed_, why);
  if (!count) throw InputError("the anti-diagonals of layout " + layout.name() + " are not drawn here: " + why);
  count_ = *count;
  log_count_ = count_ > 0 ? static_cast<long double>(log(BigFloat(count_))) : 0.0L;
  log_total_ = log_count_;
  if (count_ > 0 && n_ <= kMaxWeightedOrder) weight_ = lean_weights(layout, allowed_);
  if (weight_.empty()) return;
  const __int128 total = ryser_permanent(weight_, n_);
  weighted_ = true;
  log_total_ = static_cast<long double>(log(BigFloat(to_big(static_cast<UInt128>(total)))));  // total > 0
  log_weight_.assign(weight_.size(), 0);
  for (std::size_t k = 0; k < weight_.size(); ++k)
    if (weight_[k] > 0) log_weight_[k] = std::log(static_cast<long double>(weight_[k]));
  log_top_.assign(n_, 0);
  for (int r = 0; r < n_; ++r)
    log_top_[r] = std::log(static_cast<long double>(*std::max_element(&weight_[r * n_], &weight_[r * n_] + n_)));
}

long double AntiDiagonals::draw(Rng& rng, int* symbol_of_row) const {
  std::iota(symbol_of_row, symbol_of_row + n_, 0);
  for (;;) {
    for (int r = 0; r < n_;) {
      const int pick = r + static_cast<int>(uniform_below(rng, static_cast<std::uint64_t>(n_ - r)));
      std::swap(symbol_of_row[r], symbol_of_row[pick]);
      // A forbidden place rejects the whole permutation: start again (from
      // any arrangement, Fisher-Yates gives every permutation alike).
      r = (allowed_[r] >> symbol_of_row[r] & 1) ? r + 1 : 0;
    }
    if (!weighted_) return log_total_;
    long double log_g = 0, log_ratio = 0;
    for (int r = 0; r < n_; ++r) {
      const long double log_w = log_weight_[r * n_ + symbol_of_row[r]];
      log_g += log_w;
      log_ratio += log_w - log_top_[r];
    }
    if (uniform_unit(rng) < std::exp(log_ratio)) return log_total_ - log_g;
  }
}

void AntiDiagonals::givens(const int* symbol_of_row, std::vector<int>& cells) const {
  cells.assign(static_cast<std::size_t>(n_) * n_, 0);
  for (int r = 0; r < n_; ++r) {
    cells[static_cast<std::size_t>(r) * n_ + r] = r + 1;
    cells[static_cast<std::size_t>(r) * n_ + (n_ - 1 - r)] = symbol_of_row[r] + 1;
  }
}

}  // namespace sudoku_count::detail
