#pragma once
// The exact count of grids with both main diagonals by column sets
// (docs/method.md, section 15): with S(X) the grids whose first band has
// column sets X (the sum of T over the later bands' column sets,
// diagonal_sets.hpp),
//
//   grids = sum over the classes K of first-band column sets of |K| S(K).
//
// The classes are the orbits of first-band column sets under relabelling
// and under the row and column permutations that keep the first band and
// map the diagonals onto the diagonals (first_band_symmetries): S is the
// same on an orbit, since those maps take grids to grids and a first band
// with sets X to one with the image of X. They are found by uniting the
// tables' relabelling classes that a column permutation maps onto each
// other, and |K| counted as P times the normal forms of the classes united
// (every column-set choice has exactly one normal form per first-box
// partition), never assumed.
//
// S(X) sums T over the second band's column sets Y (the third's follow).
// The maps (relabelling, column permutation keeping every band's rows)
// that fix X map each Y to one with the same T: S sums T once per orbit
// of that stabiliser, times the orbit's size |Stab X| / |Stab X, Y| (the
// least Y of each orbit stands for it). On 9x9 this halves the work: the
// first bands have stabilisers of order 2 on average.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "diagonals/diagonal_sets.hpp"

namespace sudoku_count::detail {

struct DiagonalSetClass {
  std::vector<Mask> sets;        // its least relabelling class's own column sets
  std::uint64_t column_sets = 0;  // |K|: first-band column sets in the class
};

class DiagonalSetClasses {
 public:
  // Later-band column sets enumerated per first band at most (9x9: 56^3).
  static constexpr double kMaxLaterChoices = 1e6;
  // Whether the exact sum serves the layout: the tables serve it, with at
  // most three bands and at most kMaxLaterChoices later column sets per
  // first band (else `why` says why not).
  static bool serves(const Layout& layout, std::string* why = nullptr);
  explicit DiagonalSetClasses(std::shared_ptr<const DiagonalSetTables> tables);

  const DiagonalSetTables& tables() const { return *tables_; }
  std::size_t size() const { return classes_.size(); }
  const DiagonalSetClass& operator[](std::size_t i) const { return classes_[i]; }
  // The column permutations the classes are taken under.
  std::uint64_t group_order() const { return group_order_; }
  // S(first): the grids whose first band has these column sets.
  UInt128 grids_with_first_band(const Mask* first, DiagonalJoin& join) const;

 private:
  struct Symmetry {
    std::vector<int> columns;                                    // column c goes to columns[c]
    std::array<std::uint8_t, kMaxDiagonalSymbols> symbol{};  // symbol s to symbol[s]
  };
  // The maps that fix the first band's column sets `first`.
  std::vector<Symmetry> stabiliser(const Mask* first) const;

  std::shared_ptr<const DiagonalSetTables> tables_;
  std::vector<DiagonalSetClass> classes_;
  std::vector<std::vector<int>> band_keeping_columns_;  // of the symmetries whose rows keep every band
  std::uint64_t group_order_ = 1;
};

}  // namespace sudoku_count::detail
