#pragma once
// The classes of first bands of a layout with boxes (docs/method.md, section
// 14): first bands with row 1 = 0..n-1 (every band is one of these after a
// relabelling), up to the layout's symmetries that keep the first band's
// rows. The grids of the layout are
//
//   n! * sum over the classes K of |K| * (completions of K's least band),
//
// |K| being the bands of the class. The symmetries are the row and column
// permutations that keep bands and stacks (and the first band) and map every
// extra house onto one, each acting on the first band by its rows and
// columns followed by the relabelling that restores row 1; the orbit sizes
// come from the stabilisers (|K| = group order / stabiliser order), never
// assumed. Any subgroup gives the same total: beyond 5e6 candidate
// permutations only those moving every band (and every stack) alike are
// tried.
//
// The bands are walked in a fixed order, cut into chunks of that order
// (about 1,000 chunks: each a prefix of the walk).
#include <cstdint>
#include <functional>
#include <vector>

#include "sudoku_count/layout.hpp"

namespace sudoku_count::detail {

// A permutation of the rows and columns of a layout with boxes: row r goes
// to rows[r], column c to columns[c].
struct LineSymmetry {
  std::vector<int> rows, columns;
};
// The symmetries the classes are taken under: the row permutations that
// keep bands and the first band, and column permutations that keep stacks,
// that together map every extra house onto one (beyond 5e6 candidates, only
// those moving every band and every stack alike).
std::vector<LineSymmetry> first_band_symmetries(const Layout& layout);

struct FirstBandClass {
  std::vector<int> band;    // the least band of the class: band_rows x n symbols 0..n-1, row by row
  std::uint64_t bands = 0;  // bands in the class
};

class FirstBandClasses {
 public:
  explicit FirstBandClasses(const Layout& layout);  // a layout with boxes
  std::uint64_t group_order() const { return group_.size(); }
  std::uint64_t chunks() const { return prefixes_.size(); }
  // Calls `visit` for each class whose least band lies in the chunk, in
  // walk order.
  void for_each_class(std::uint64_t chunk, const std::function<void(const FirstBandClass&)>& visit) const;

 private:
  void walk(int cell, std::vector<int>& band, std::vector<std::uint64_t>& used,
            const std::function<void(const std::vector<int>&)>& leaf) const;
  // 0 unless `band` is the least of its class; else the class's size.
  std::uint64_t class_size(const std::vector<int>& band) const;
  int n_ = 0, rows_ = 0;
  int prefix_cells_ = 0;
  std::vector<std::vector<int>> houses_of_cell_;  // band cells: indices into the houses meeting the band
  int houses_ = 0;
  std::vector<std::vector<int>> group_;     // per element: the source cell of each band cell
  std::vector<std::vector<int>> prefixes_;  // per chunk: the symbols of cells n .. n + prefix_cells - 1
};

}  // namespace sudoku_count::detail
