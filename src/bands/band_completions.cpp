#include "bands/band_completions.hpp"

namespace sudoku_count::detail {

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

namespace {

// Per box, every option for the next band's column sets, and a walk over all
// tuples of them (one option per box).
class NextBand {
 public:
  // False when some box has no option: then nothing completes.
  bool build(const Shape& shape, const Mask* avail) {
    shape_ = shape;
    avail_ = avail;
    options_.assign(shape.box_rows, {});
    for (int b = 0; b < shape.box_rows; ++b) {
      box_options(avail + b * shape.box_cols, shape.box_cols, shape.box_rows, options_[b]);
      if (options_[b].empty()) return false;
    }
    return true;
  }
  std::size_t count(int box) const { return options_[box].size() / shape_.box_cols; }
  const Mask* option(int box, std::size_t index) const { return &options_[box][index * shape_.box_cols]; }

  // visit(x, rest) for every tuple: x the band's column sets, rest what the
  // columns still lack after it.
  template <class Visit>
  void for_each(Visit&& visit) const {
    const int r = shape_.box_rows, c = shape_.box_cols, n = shape_.n();
    std::vector<Mask> x(n), rest(n);
    std::vector<std::size_t> index(r, 0);
    for (;;) {
      for (int b = 0; b < r; ++b)
        for (int k = 0; k < c; ++k) {
          x[b * c + k] = option(b, index[b])[k];
          rest[b * c + k] = avail_[b * c + k] & ~x[b * c + k];
        }
      visit(x.data(), rest.data());
      int b = r - 1;
      while (b >= 0 && ++index[b] == count(b)) index[b--] = 0;
      if (b < 0) return;
    }
  }

 private:
  Shape shape_;
  const Mask* avail_ = nullptr;
  std::vector<std::vector<Mask>> options_;
};

}  // namespace

Wide last_two_bands(const BandFillings& fillings, const Mask* avail) {
  const Shape& shape = fillings.shape();
  const int r = shape.box_rows, c = shape.box_cols;
  NextBand next;
  if (!next.build(shape, avail)) return 0;
  Wide total = 0;

  if (fillings.tabulated()) {
    // The key of X splits into one term per box once box 0 fixes the
    // relabelling: precompute each box's terms for X and for its complement,
    // then the sum over boxes 1..R-1 is a sum over index tuples.
    std::vector<std::vector<std::size_t>> key_a(r), key_b(r);
    Mask complement[kMaxGridSize];
    for (std::size_t o0 = 0; o0 < next.count(0); ++o0) {
      const Mask* a0 = next.option(0, o0);
      for (int k = 0; k < c; ++k) complement[k] = avail[k] & ~a0[k];
      const auto relabel_a = fillings.canonical_relabel(a0);
      const auto relabel_b = fillings.canonical_relabel(complement);
      for (int b = 1; b < r; ++b) {
        key_a[b].resize(next.count(b));
        key_b[b].resize(next.count(b));
        for (std::size_t o = 0; o < next.count(b); ++o) {
          const Mask* ab = next.option(b, o);
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
  next.for_each([&](const Mask* x, const Mask* rest) {
    total += static_cast<Wide>(fillings.count(x)) * fillings.count(rest);
  });
  return total;
}

Wide completions(const BandFillings& fillings, const Mask* avail, int bands_left) {
  if (bands_left == 0) return 1;
  if (bands_left == 1) return fillings.count(avail);
  if (bands_left == 2) return last_two_bands(fillings, avail);
  NextBand next;
  if (!next.build(fillings.shape(), avail)) return 0;
  Wide total = 0;
  next.for_each([&](const Mask* x, const Mask* rest) {
    total += fillings.count(x) * completions(fillings, rest, bands_left - 1);
  });
  return total;
}

}  // namespace sudoku_count::detail
