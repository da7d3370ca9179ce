#pragma once
// A variant layout cut into bands and slices (docs/method.md, section 14).
//
// Bands are the box rows (R rows each, C = N / R of them; two or three are
// served). The columns are cut into slices so that, inside every band below
// the first, every extra house is
//  - a union of whole band columns (a box: its column sets partition the
//    symbols),
//  - a union of row segments inside one slice, a segment being one row
//    inside one slice (a disjoint group, a window: its segments' symbol sets
//    partition the symbols it still wants), or
//  - a few single cells (a diagonal beside the groups: its symbols are
//    placed cell by cell).
// The slices are the classes of columns that a house joins inside one row;
// columns no house joins are gathered into slices as wide as the widest.
//
// Implied houses. Any w whole columns hold each symbol w times; if w - 1
// disjoint houses lie inside them, the rest of their cells holds each symbol
// once: a house of every grid of the layout, which the search may use (the
// same for rows). So the four windows of 9x9 imply the five hidden ones,
// which make the rows {0, 4, 8} a window row too. The column groups tried
// are the slices, the row groups the classes of rows that a house joins
// inside one column (rows no house joins gathered alike); implied houses
// are added until no group gives a new one.
//
// By the slice lemma a band's fillings, given every column's symbol set X_c
// in the band and every row's set S[r][l] inside every slice l, are the
// product over slices of slice-array counts (slice_arrays.hpp). So:
//  - the last band, whose column sets are forced, is a sum over the row
//    sets, slice by slice;
//  - with three bands, each slice has a list, per choice of its columns'
//    sets in band 2, of the row sets of bands 2 and 3 (and the symbols of
//    the cell houses) with their product of counts; the completions of band
//    1 are a sum over band 2's column sets (box by box) of a join of the
//    slices' lists in which every row and every cell house gets each symbol
//    once.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/bits.hpp"
#include "slices/slice_arrays.hpp"
#include "sudoku_count/layout.hpp"

namespace sudoku_count::detail {

class SlicedLayout {
 public:
  // The layout cut into slices, or the reason it is not served (a phrase:
  // "its groups and windows join 9 columns into one slice").
  static std::optional<SlicedLayout> cut(const Layout& layout, std::string* why = nullptr);
  // The same cut for last_band_fillings() alone, on any number of bands
  // (completions() is then not served).
  static std::optional<SlicedLayout> cut_last_band(const Layout& layout, std::string* why = nullptr);

  const Layout& layout() const { return layout_; }
  int n() const { return n_; }
  int band_rows() const { return band_rows_; }
  int bands() const { return n_ / band_rows_; }
  // The layout's houses, then the houses they imply (below): the indices of
  // `used` in completions().
  int houses() const { return static_cast<int>(houses_.size()); }
  const std::vector<House>& all_houses() const { return houses_; }
  // Per cell, the indices of the houses (all_houses()) holding it.
  const std::vector<std::vector<int>>& houses_of_cells() const { return houses_of_cells_; }
  const std::vector<std::vector<int>>& slices() const { return slices_; }

  // The completions of a first band, given the symbols `used[h]` it places
  // in each house h (houses() entries). `counter` is the calling thread's.
  // Not on a cut_last_band().
  SliceCount completions(const Mask* used, SliceArrayCounter& counter) const;
  // The fillings of the last band, given the symbols the bands above place
  // in each house.
  SliceCount last_band_fillings(const Mask* used, SliceArrayCounter& counter) const;

 private:
  struct SegmentHouse {
    int house = 0;
    int cells = 0;       // below the first band
    int last_cells = 0;  // in the last band
  };
  struct CellHouse {
    int house = 0;
    std::vector<int> cells;       // grid cells below the first band
    std::vector<int> last_cells;  // those in the last band
  };
  struct ColumnHouse {
    int house = 0;
    std::vector<int> columns;
  };
  // The houses of one band below the first.
  struct Band {
    int first_row = 0;
    std::vector<ColumnHouse> column_unions;
    std::vector<int> box_of_column;                   // per column: its column union (box), or -1
    std::vector<std::vector<int>> houses_of_segment;  // per segment (row * slices + slice): segment houses
    std::vector<std::vector<int>> cell_house;         // per band cell (row * n + column): its cell houses
  };
  struct Search;
  friend struct Search;
  static std::optional<SlicedLayout> cut(const Layout& layout, std::string* why, bool last_band_only);

  Layout layout_;
  std::vector<House> houses_;
  std::vector<std::vector<int>> houses_of_cells_;
  int n_ = 0, band_rows_ = 0;
  bool last_band_only_ = false;
  std::vector<std::vector<int>> slices_;
  std::vector<int> slice_of_column_;
  std::vector<int> column_house_;  // the house of each grid column
  std::vector<Band> below_;        // bands 2 .. C
  std::vector<SegmentHouse> segment_houses_;
  std::vector<CellHouse> cell_houses_;
};

}  // namespace sudoku_count::detail
