// Classes of first bands under a layout's symmetries (first_band_classes.hpp).
#include "slices/first_band_classes.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <unordered_map>

#include "core/bits.hpp"

namespace sudoku_count::detail {
namespace {

constexpr double kMaxCandidates = 5e6;
constexpr std::size_t kWantedChunks = 1000;

std::vector<std::vector<int>> permutations(int k) {
  std::vector<int> p(static_cast<std::size_t>(k));
  std::iota(p.begin(), p.end(), 0);
  std::vector<std::vector<int>> all;
  do all.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return all;
}

// Every way to pick one of `choices` for each of `slots` (or the same one
// for all, when `alike`).
std::vector<std::vector<int>> picks(int slots, int choices, bool alike) {
  std::vector<std::vector<int>> all;
  if (alike) {
    for (int c = 0; c < choices; ++c) all.emplace_back(static_cast<std::size_t>(slots), c);
    return all;
  }
  std::vector<int> pick(static_cast<std::size_t>(slots), 0);
  while (true) {
    all.push_back(pick);
    int i = slots - 1;
    while (i >= 0 && pick[i] == choices - 1) pick[i--] = 0;
    if (i < 0) break;
    ++pick[i];
  }
  return all;
}

// Permutations of `blocks` blocks of `width` lines that keep the blocks
// (block `fixed_first` keeps block 0 in place).
std::vector<std::vector<int>> line_permutations(int blocks, int width, bool fixed_first, bool alike) {
  const auto inner = permutations(width);
  std::vector<std::vector<int>> outer;
  if (fixed_first) {
    for (auto p : permutations(blocks - 1)) {
      std::vector<int> q{0};
      for (const int x : p) q.push_back(x + 1);
      outer.push_back(q);
    }
  } else {
    outer = permutations(blocks);
  }
  std::vector<std::vector<int>> all;
  for (const auto& block_perm : outer)
    for (const auto& pick : picks(blocks, static_cast<int>(inner.size()), alike)) {
      std::vector<int> line(static_cast<std::size_t>(blocks * width));
      for (int b = 0; b < blocks; ++b)
        for (int i = 0; i < width; ++i) line[b * width + i] = block_perm[b] * width + inner[pick[b]][i];
      all.push_back(line);
    }
  return all;
}

double factorial_of(int k) { return k <= 1 ? 1 : k * factorial_of(k - 1); }

std::uint64_t cell_key(int cell) {
  std::uint64_t z = static_cast<std::uint64_t>(cell) + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

std::vector<LineSymmetry> first_band_symmetries(const Layout& layout) {
  const int n = layout.n(), h = layout.shape().box_rows, bands = n / h, stack_width = layout.shape().box_cols,
            stacks = n / stack_width;
  // Row permutations keeping bands and the first band, column permutations
  // keeping stacks, that map every extra house onto one.
  std::vector<const House*> extra;
  std::unordered_map<std::uint64_t, std::vector<int>> house_keys;
  for (const House& house : layout.houses()) {
    if (house.kind == HouseKind::Row || house.kind == HouseKind::Column || house.kind == HouseKind::Box) continue;
    extra.push_back(&house);
    std::uint64_t key = 0;
    for (const int cell : house.cells) key += cell_key(cell);
    house_keys[key] = house.cells;
  }
  const double candidates = factorial_of(bands - 1) * std::pow(factorial_of(h), bands) * factorial_of(stacks) *
                            std::pow(factorial_of(stack_width), stacks);
  const bool alike = candidates > kMaxCandidates;
  const auto row_perms = line_permutations(bands, h, true, alike);
  const auto column_perms = line_permutations(stacks, stack_width, false, alike);
  std::vector<LineSymmetry> found;
  std::vector<int> image;
  for (const auto& rho : row_perms)
    for (const auto& pi : column_perms) {
      bool keeps = true;
      for (const House* house : extra) {
        std::uint64_t key = 0;
        image.clear();
        for (const int cell : house->cells) {
          const int to = rho[cell / n] * n + pi[cell % n];
          key += cell_key(to);
          image.push_back(to);
        }
        const auto found_house = house_keys.find(key);
        if (found_house == house_keys.end()) {
          keeps = false;
          break;
        }
        std::sort(image.begin(), image.end());
        if (image != found_house->second) {
          keeps = false;
          break;
        }
      }
      if (keeps) found.push_back({rho, pi});
    }
  return found;
}

FirstBandClasses::FirstBandClasses(const Layout& layout) : n_(layout.n()), rows_(layout.shape().box_rows) {
  const int n = n_, h = rows_;
  std::set<std::vector<int>> elements;
  for (const LineSymmetry& symmetry : first_band_symmetries(layout)) {
    // Its action on the first band: the source of each target cell.
    std::vector<int> source(static_cast<std::size_t>(h * n));
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < n; ++c) source[symmetry.rows[r] * n + symmetry.columns[c]] = r * n + c;
    elements.insert(source);
  }
  group_.assign(elements.begin(), elements.end());
  // The houses meeting the first band, by cell.
  std::vector<int> index(layout.houses().size(), -1);
  houses_of_cell_.assign(static_cast<std::size_t>(h * n), {});
  for (int cell = 0; cell < h * n; ++cell)
    for (const int house : layout.houses_of_cells()[cell]) {
      if (index[house] < 0) index[house] = houses_++;
      houses_of_cell_[cell].push_back(index[house]);
    }
  // Chunks: the prefixes of the walk, as deep as gives about 1,000.
  std::vector<int> band(static_cast<std::size_t>(h * n), -1);
  std::vector<std::uint64_t> used(static_cast<std::size_t>(houses_), 0);
  for (int c = 0; c < n; ++c) {
    band[c] = c;
    for (const int house : houses_of_cell_[c]) used[house] |= Mask{1} << c;
  }
  std::vector<std::vector<int>> level{{}};
  for (prefix_cells_ = 0; prefix_cells_ < (h - 1) * n && level.size() < kWantedChunks; ++prefix_cells_) {
    std::vector<std::vector<int>> next;
    for (const auto& prefix : level) {
      std::vector<std::uint64_t> u = used;
      bool fits = true;
      for (std::size_t i = 0; i < prefix.size() && fits; ++i)
        for (const int house : houses_of_cell_[n + i]) u[house] |= Mask{1} << prefix[i];
      const int cell = n + prefix_cells_;
      Mask taken = 0;
      for (const int house : houses_of_cell_[cell]) taken |= u[house];
      for (Mask options = low_bits(n) & ~taken; options; options = clear_low_bit(options)) {
        auto longer = prefix;
        longer.push_back(low_bit_index(options));
        next.push_back(std::move(longer));
      }
    }
    level = std::move(next);
  }
  prefixes_ = std::move(level);
}

void FirstBandClasses::walk(int cell, std::vector<int>& band, std::vector<std::uint64_t>& used,
                            const std::function<void(const std::vector<int>&)>& leaf) const {
  if (cell == rows_ * n_) return leaf(band);
  Mask taken = 0;
  for (const int house : houses_of_cell_[cell]) taken |= used[house];
  for (Mask options = low_bits(n_) & ~taken; options; options = clear_low_bit(options)) {
    const Mask bit = low_bit(options);
    band[cell] = low_bit_index(options);
    for (const int house : houses_of_cell_[cell]) used[house] |= bit;
    walk(cell + 1, band, used, leaf);
    for (const int house : houses_of_cell_[cell]) used[house] &= ~bit;
  }
}

std::uint64_t FirstBandClasses::class_size(const std::vector<int>& band) const {
  const int cells = rows_ * n_;
  int label[64];
  std::uint64_t fixed = 0;
  for (const auto& source : group_) {
    for (int c = 0; c < n_; ++c) label[band[source[c]]] = c;
    int t = n_;
    for (; t < cells; ++t) {
      const int v = label[band[source[t]]];
      if (v != band[t]) {
        if (v < band[t]) return 0;  // a lesser band in the class
        break;
      }
    }
    if (t == cells) ++fixed;
  }
  return group_.size() / fixed;
}

void FirstBandClasses::for_each_class(std::uint64_t chunk, const std::function<void(const FirstBandClass&)>& visit) const {
  const int n = n_;
  std::vector<int> band(static_cast<std::size_t>(rows_ * n), -1);
  std::vector<std::uint64_t> used(static_cast<std::size_t>(houses_), 0);
  auto place = [&](int cell, int symbol) {
    band[cell] = symbol;
    for (const int house : houses_of_cell_[cell]) used[house] |= Mask{1} << symbol;
  };
  for (int c = 0; c < n; ++c) place(c, c);
  const auto& prefix = prefixes_.at(chunk);
  for (std::size_t i = 0; i < prefix.size(); ++i) place(n + static_cast<int>(i), prefix[i]);
  FirstBandClass found;
  walk(n + static_cast<int>(prefix.size()), band, used, [&](const std::vector<int>& leaf) {
    if (const std::uint64_t size = class_size(leaf)) {
      found.band = leaf;
      found.bands = size;
      visit(found);
    }
  });
}

}  // namespace sudoku_count::detail
