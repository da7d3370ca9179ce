#include "sudoku_count/band_completions.hpp"

namespace sudoku_count {

void box_options(const Mask* avail, int c, int r, std::vector<Mask>& out) {
  out.clear();
  std::vector<Mask> chosen(c);
  auto choose = [&](auto&& self, int column, Mask used) -> void {
    if (column == c) {
      out.insert(out.end(), chosen.begin(), chosen.end());
      return;
    }
    const Mask pool = avail[column] & ~used;
    if (popcount(pool) < r) return;
    // Walk the submasks of `pool`, keeping those of size R.
    for (Mask subset = pool;; subset = (subset - 1) & pool) {
      if (popcount(subset) == r) {
        chosen[column] = subset;
        self(self, column + 1, used | subset);
      }
      if (subset == 0) break;
    }
  };
  choose(choose, 0, 0);
}

Wide last_two_bands(const BandFillings& fillings, const Mask* avail) {
  const Shape& shape = fillings.shape();
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  std::vector<std::vector<Mask>> options(r);
  for (int b = 0; b < r; ++b) {
    box_options(avail + b * c, c, r, options[b]);
    if (options[b].empty()) return 0;
  }
  auto option_count = [&](int b) { return options[b].size() / c; };
  Wide total = 0;

  if (fillings.tabulated()) {
    // The key of X splits into one term per box once box 0 fixes the
    // relabelling: precompute each box's terms for X and for its complement,
    // then the sum over boxes 1..R-1 is a sum over index tuples.
    std::vector<std::vector<std::size_t>> key_a(r), key_b(r);
    Mask complement[kMaxGridSize];
    for (std::size_t o0 = 0; o0 < option_count(0); ++o0) {
      const Mask* a0 = &options[0][o0 * c];
      for (int k = 0; k < c; ++k) complement[k] = avail[k] & ~a0[k];
      const auto relabel_a = fillings.canonical_relabel(a0);
      const auto relabel_b = fillings.canonical_relabel(complement);
      for (int b = 1; b < r; ++b) {
        key_a[b].resize(option_count(b));
        key_b[b].resize(option_count(b));
        for (std::size_t o = 0; o < option_count(b); ++o) {
          const Mask* ab = &options[b][o * c];
          for (int k = 0; k < c; ++k) complement[k] = avail[b * c + k] & ~ab[k];
          key_a[b][o] = fillings.key_contribution(b, ab, relabel_a);
          key_b[b][o] = fillings.key_contribution(b, complement, relabel_b);
        }
      }
      auto sum_boxes = [&](auto&& self, int b, std::size_t ka, std::size_t kb) -> Wide {
        const std::size_t count = key_a[b].size();
        Wide sum = 0;
        if (b + 1 == r) {
          for (std::size_t o = 0; o < count; ++o)
            sum += static_cast<Wide>(fillings.at_key(ka + key_a[b][o]) * fillings.at_key(kb + key_b[b][o]));
          return sum;
        }
        for (std::size_t o = 0; o < count; ++o) sum += self(self, b + 1, ka + key_a[b][o], kb + key_b[b][o]);
        return sum;
      };
      total += sum_boxes(sum_boxes, 1, 0, 0);
    }
    return total;
  }

  // Direct: walk every tuple of box options.
  std::vector<Mask> x(n), rest(n);
  std::vector<std::size_t> index(r, 0);
  for (;;) {
    for (int b = 0; b < r; ++b)
      for (int k = 0; k < c; ++k) {
        x[b * c + k] = options[b][index[b] * c + k];
        rest[b * c + k] = avail[b * c + k] & ~x[b * c + k];
      }
    total += static_cast<Wide>(fillings.count(x.data())) * fillings.count(rest.data());
    int b = r - 1;
    while (b >= 0 && ++index[b] == option_count(b)) index[b--] = 0;
    if (b < 0) break;
  }
  return total;
}

Wide completions(const BandFillings& fillings, const Mask* avail, int bands_left) {
  if (bands_left == 0) return 1;
  if (bands_left == 1) return fillings.count(avail);
  if (bands_left == 2) return last_two_bands(fillings, avail);
  const Shape& shape = fillings.shape();
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  std::vector<std::vector<Mask>> options(r);
  for (int b = 0; b < r; ++b) {
    box_options(avail + b * c, c, r, options[b]);
    if (options[b].empty()) return 0;
  }
  std::vector<Mask> x(n), rest(n);
  std::vector<std::size_t> index(r, 0);
  Wide total = 0;
  for (;;) {
    for (int b = 0; b < r; ++b)
      for (int k = 0; k < c; ++k) {
        x[b * c + k] = options[b][index[b] * c + k];
        rest[b * c + k] = avail[b * c + k] & ~x[b * c + k];
      }
    total += fillings.count(x.data()) * completions(fillings, rest.data(), bands_left - 1);
    int b = r - 1;
    while (b >= 0 && ++index[b] == options[b].size() / c) index[b--] = 0;
    if (b < 0) break;
  }
  return total;
}

}  // namespace sudoku_count
