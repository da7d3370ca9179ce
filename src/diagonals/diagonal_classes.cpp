// Classes of first-band column sets with both diagonals (diagonal_classes.hpp).
#include "diagonals/diagonal_classes.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

#include "estimate/box_choices.hpp"
#include "slices/first_band_classes.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

// Column sets for the later bands of one first band: per box of band 2, the
// choices left by the first band's (the same for every first band, by
// relabelling); band C is forced.
double later_choices(int rows, int cols) {
  if (cols <= 2) return 1;
  const int n = rows * cols;
  std::vector<Mask> free(static_cast<std::size_t>(cols));
  for (int j = 0; j < cols; ++j) free[j] = low_bits(n) & ~(low_bits(rows) << (j * rows));
  BoxChoiceTable box(rows, cols);
  return std::pow(box.count(free.data()), rows);
}

std::size_t find_root(std::vector<std::size_t>& parent, std::size_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

}  // namespace

bool DiagonalSetClasses::serves(const Layout& layout, std::string* why) {
  if (!DiagonalSetTables::serves(layout, why)) return false;
  const int r = layout.shape().box_rows, c = layout.shape().box_cols;
  if (c > 3) {
    if (why) *why = "its exact sum enumerates the later bands' column sets for grids of at most three bands";
    return false;
  }
  if (later_choices(r, c) > kMaxLaterChoices) {
    if (why) *why = "its exact sum would enumerate more than a million later column sets per first band";
    return false;
  }
  return true;
}

DiagonalSetClasses::DiagonalSetClasses(std::shared_ptr<const DiagonalSetTables> tables) : tables_(std::move(tables)) {
  const DiagonalSetTables& t = *tables_;
  std::string why;
  if (!serves(t.layout(), &why))
    throw InputError("the exact sum by diagonal column sets does not serve layout " + t.layout().name() + ": " + why);
  const int n = t.n();
  std::set<std::vector<int>> columns, band_keeping;
  for (const LineSymmetry& symmetry : first_band_symmetries(t.layout())) {
    columns.insert(symmetry.columns);
    bool keeps_bands = true;
    for (int row = 0; row < n; ++row) keeps_bands &= symmetry.rows[row] / t.rows() == row / t.rows();
    if (keeps_bands) band_keeping.insert(symmetry.columns);
  }
  band_keeping_columns_.assign(band_keeping.begin(), band_keeping.end());
  group_order_ = columns.size();
  std::vector<std::size_t> parent(t.classes());
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  std::vector<Mask> sets(static_cast<std::size_t>(n)), image(static_cast<std::size_t>(n));
  for (std::uint32_t c = 0; c < t.classes(); ++c) {
    t.class_sets(c, sets.data());
    for (const auto& to : columns) {
      for (int col = 0; col < n; ++col) image[to[col]] = sets[col];
      const std::size_t a = find_root(parent, c), b = find_root(parent, t.locate(image.data()).class_id);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);  // the least class stays the root
    }
  }
  std::vector<std::size_t> index(t.classes(), 0);
  for (std::uint32_t c = 0; c < t.classes(); ++c) {
    const std::size_t root = find_root(parent, c);
    if (root == c) {
      index[c] = classes_.size();
      classes_.push_back({std::vector<Mask>(static_cast<std::size_t>(n)), 0});
      t.class_sets(c, classes_.back().sets.data());
    }
    classes_[index[root]].column_sets += t.partitions_per_box() * t.class_size(c);
  }
}

std::vector<DiagonalSetClasses::Symmetry> DiagonalSetClasses::stabiliser(const Mask* first) const {
  const DiagonalSetTables& t = *tables_;
  const int n = t.n();
  std::vector<Symmetry> found;
  Mask image[kMaxDiagonalSymbols];
  for (const auto& columns : band_keeping_columns_) {
    for (int col = 0; col < n; ++col) image[columns[col]] = first[col];
    // The relabellings taking image's first box onto first's; those that take the other boxes too fix first.
    for (const auto& symbol : t.relabellings_between(image, first)) {
      bool fixes = true;
      for (int col = t.columns(); col < n && fixes; ++col) fixes = relabelled(image[col], symbol.data()) == first[col];
      if (fixes) found.push_back({columns, symbol});
    }
  }
  return found;
}

UInt128 DiagonalSetClasses::grids_with_first_band(const Mask* first, DiagonalJoin& join) const {
  const DiagonalSetTables& t = *tables_;
  const int n = t.n(), r = t.rows(), c = t.columns();
  LocatedSets located[3];
  Mask free[kMaxDiagonalSymbols], second[kMaxDiagonalSymbols], third[kMaxDiagonalSymbols];
  located[0] = t.locate(first);
  for (int col = 0; col < n; ++col) free[col] = low_bits(n) & ~first[col];
  if (c == 2) {
    located[1] = t.locate(free);
    return join.count(located);
  }
  // Band 2 box by box, column by column: an R-set of each column's free
  // symbols, the box's columns disjoint (so they cover its symbols).
  const std::vector<Symmetry> fixing = stabiliser(first);
  UInt128 total = 0;
  Mask image[kMaxDiagonalSymbols];
  auto choose = [&](auto&& self, int col, Mask box_left) -> void {
    if (col == n) {
      // Only the least second band of its orbit under the stabiliser, times the orbit's size.
      std::uint64_t fixed = 0;
      for (const Symmetry& g : fixing) {
        for (int k = 0; k < n; ++k) image[g.columns[k]] = relabelled(second[k], g.symbol.data());
        const int order = std::lexicographical_compare(image, image + n, second, second + n)   ? -1
                          : std::lexicographical_compare(second, second + n, image, image + n) ? 1
                                                                                                : 0;
        if (order < 0) return;
        fixed += order == 0;
      }
      for (int k = 0; k < n; ++k) third[k] = free[k] & ~second[k];
      located[1] = t.locate(second);
      located[2] = t.locate(third);
      total += join.count(located) * (fixing.size() / fixed);
      return;
    }
    if (col % c == 0) box_left = low_bits(n);
    const Mask options = free[col] & box_left;
    // The R-subsets of the options (subsets of a set of at most 16 symbols).
    for (Mask m = options;; m = (m - 1) & options) {
      if (popcount(m) == r) {
        second[col] = m;
        self(self, col + 1, box_left & ~m);
      }
      if (m == 0) break;
    }
  };
  choose(choose, 0, low_bits(n));
  return total;
}

}  // namespace sudoku_count::detail
