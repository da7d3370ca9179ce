#pragma once
// Layouts: the rules a completed grid obeys. A layout is an N x N grid whose
// rows, columns and a list of regions (sets of N cells, the "houses") must
// each hold every symbol once. The classic rules are the R x C boxes (a box
// shape of 1 x N or N x 1 adds nothing to rows and columns: Latin squares);
// variants add regions to them (both main diagonals, disjoint groups, extra
// windows), and a jigsaw replaces the boxes by regions read from a file.
//
// Every house is preserved by relabelling the symbols, so the relabelling
// reductions (fix the first row, multiply by N!) hold for every layout.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_count/shape.hpp"

namespace sudoku_count {

// The kinds of house. Rows, columns and boxes are the classic rules; the
// others come from variants and jigsaws.
enum class HouseKind {
  Row,
  Column,
  Box,
  Region,    // a jigsaw region
  Diagonal,  // variant x: the main diagonal (index 0) and the anti-diagonal (1)
  Group,     // variant p: the cells at one offset within every box
  Window,    // variant windows: a box-sized window in the gaps between boxes
};

// "row", "column", "box", "region", "diagonal", "group", "window".
const char* house_kind_name(HouseKind kind);

struct House {
  HouseKind kind = HouseKind::Row;
  int index = 0;           // 0-based within its kind
  std::vector<int> cells;  // N cells, row-major indices, increasing
};

// The variants that add regions to boxes or to a jigsaw.
enum class Variant {
  X,        // both main diagonals
  P,        // disjoint groups: cells at the same offset within each box (needs boxes)
  Windows,  // boxes shifted into the gaps (needs boxes): see Layout::windows_defined
};

// "x", "p", "windows".
const char* variant_name(Variant variant);

class Layout {
 public:
  // The classic rules of the shape (implicit: a Shape is the common layout).
  Layout(const Shape& boxes = Shape{});  // NOLINT(google-explicit-constructor)

  // Boxes with variants (duplicates and order ignored: the canonical order is
  // x, p, windows). Throws InputError for a variant the shape does not have
  // (windows where no window fits, p or windows on 1 x N boxes).
  static Layout with_variants(const Shape& boxes, std::vector<Variant> variants);

  // A jigsaw: region labels per cell (row-major, N*N labels 0..N-1, each used
  // by exactly N cells; regions need not be connected), with variants (x
  // only: p and windows need boxes). Labels are renumbered by first
  // appearance, so one partition has one name however it is labelled.
  // Throws InputError naming the problem.
  static Layout jigsaw(int n, const std::vector<int>& labels, std::vector<Variant> variants = {});

  // Reads a jigsaw file: N lines of N labels (N >= 2), one character per cell
  // (any non-blank characters; '|' and spaces between them are ignored) or
  // whitespace-separated tokens (for any N). Blank lines and lines starting
  // with '#' are skipped. The labels are renumbered by first appearance.
  // Throws InputError naming the line and the problem (wrong size, a region of
  // the wrong size, too many labels), or the first byte of a text that is
  // not plain UTF-8 text (binary files), or a file sudoku-count saved.
  static Layout parse_regions(const std::string& text, std::vector<Variant> variants = {});

  // "x,windows" or "x+windows" (also "diagonal", "disjoint", "hyper", "windoku", "nrc");
  // "" or "none" gives none. Throws InputError naming the choices.
  static std::vector<Variant> parse_variants(const std::string& text);

  // Whether the windows variant has any window on this box shape.
  static bool windows_defined(const Shape& boxes);

  int n() const { return shape_.n(); }
  int cells() const { return shape_.cells(); }
  // The box shape. For a jigsaw, 1 x N: no boxes beyond the rows (its
  // regions are among extra_houses()).
  const Shape& shape() const { return shape_; }
  bool is_jigsaw() const;
  const std::vector<Variant>& variants() const;
  // Whether the layout has boxes of more than one row and column (separators
  // when printed; box rules in solving).
  bool has_boxes() const { return !is_jigsaw() && shape_.box_rows > 1 && shape_.box_cols > 1; }
  // Only the classic rules of shape(): the box methods (band tables, column
  // sets, smc) handle exactly these layouts.
  bool classic() const { return !is_jigsaw() && variants().empty(); }
  // Rows and columns only: a Latin square of order N.
  bool latin_square() const { return classic() && (shape_.box_rows == 1 || shape_.box_cols == 1); }

  // Every house: rows, columns, boxes (when has_boxes()), then the others.
  const std::vector<House>& houses() const;
  // The houses beyond rows and columns that are not boxes: jigsaw regions,
  // diagonals, groups and windows, in the order of houses().
  std::vector<House> extra_houses() const;
  // Indices into houses() of the houses holding each cell (row, column, then
  // the rest), per cell.
  const std::vector<std::vector<int>>& houses_of_cells() const;
  // Jigsaw region label of each cell (empty for boxes).
  const std::vector<int>& region_labels() const;

  // The layout's name: "3x3" for the classic rules, "3x3+x+windows" with
  // variants, "jigsaw9-1a2b3c4d" for a jigsaw (a hash of its regions) with
  // "+x" after it. Runs are resumed and merged only when names agree.
  std::string name() const;
  // A sentence for people: "9x9 grid, 3x3 boxes, both main diagonals".
  std::string describe() const;
  // The jigsaw regions in the form parse_regions reads ("" for boxes):
  // checkpoints keep them, so a run resumes without the file.
  std::string regions_text() const;

  bool operator==(const Layout& other) const;

  struct Data;  // opaque: the houses, built once

 private:
  Shape shape_;
  std::shared_ptr<const Data> data_;  // shared: copies of a layout are cheap
};

// Builds the layout a command line names: the box shape (ignored but for its
// size N with a jigsaw), the variants ("" for none) and the text of a jigsaw
// file ("" for boxes). Throws InputError.
Layout make_layout(const Shape& boxes, const std::string& variants, const std::string& regions_text);

}  // namespace sudoku_count
