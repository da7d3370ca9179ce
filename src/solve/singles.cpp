#include "solve/singles.hpp"

#include <array>
#include <cstddef>
#include <string>

namespace sudoku_count {
namespace detail {
namespace {

// Units are numbered 0..3N-1: rows, then columns, then boxes.
enum UnitKind { kRow = 0, kColumn = 1, kBox = 2 };
constexpr const char* kUnitNames[] = {"row", "column", "box"};
constexpr Rule kHiddenRules[] = {Rule::OnlyPlaceInRow, Rule::OnlyPlaceInColumn, Rule::OnlyPlaceInBox};

std::string unit_name(int unit, int n) {
  return std::string(kUnitNames[unit / n]) + " " + std::to_string(unit % n + 1);
}

// A grid with the candidates of every cell kept up to date as symbols are
// placed.
class Board {
 public:
  explicit Board(const Grid& puzzle)
      : grid_(puzzle), n_(puzzle.shape.n()), all_(low_bits(n_)), placed_(3 * static_cast<std::size_t>(n_), 0) {
    validate_grid(grid_);
    const Shape& shape = grid_.shape;
    unit_cells_.resize(3 * static_cast<std::size_t>(n_));
    for (int unit = 0; unit < n_; ++unit) {
      // Box b spans rows from (b / R) * R and columns from (b % R) * C
      // (shape.box_of numbers boxes row by row, R boxes to a band).
      const int top = unit / shape.box_rows * shape.box_rows, left = unit % shape.box_rows * shape.box_cols;
      for (int k = 0; k < n_; ++k) {
        unit_cells_[kRow * n_ + unit].push_back(unit * n_ + k);
        unit_cells_[kColumn * n_ + unit].push_back(k * n_ + unit);
        unit_cells_[kBox * n_ + unit].push_back((top + k / shape.box_cols) * n_ + left + k % shape.box_cols);
      }
    }
    for (int cell = 0; cell < shape.cells(); ++cell)
      if (const int value = grid_.cells[cell]; value != 0)
        for (int unit : units_of(cell)) placed_[unit] |= bit_of(value);
    candidates_.assign(grid_.cells.size(), 0);
    for (int cell = 0; cell < shape.cells(); ++cell)
      if (grid_.cells[cell] == 0) {
        Mask taken = 0;
        for (int unit : units_of(cell)) taken |= placed_[unit];
        candidates_[cell] = all_ & ~taken;
      }
  }

  const Grid& grid() const { return grid_; }
  const std::vector<Mask>& candidates() const { return candidates_; }

  // Places every naked single met in one pass over the cells. Returns
  // whether it placed any; stops at a cell without candidates.
  bool place_naked_singles(SinglesResult& result) {
    bool placed = false;
    for (int cell = 0; cell < static_cast<int>(grid_.cells.size()); ++cell) {
      if (grid_.cells[cell] != 0) continue;
      const Mask options = candidates_[cell];
      if (options == 0) {
        result.contradiction = cell_name(cell / n_, cell % n_) + " has no candidate left";
        return false;
      }
      if (popcount(options) == 1) {
        place(cell, low_bit_index(options) + 1, Rule::OnlyCandidate, result);
        placed = true;
      }
    }
    return placed;
  }

  // Places the first hidden single, in rows, then columns, then boxes.
  // Returns whether it placed one; stops at a symbol without a place.
  bool place_one_hidden_single(SinglesResult& result) {
    for (int unit = 0; unit < 3 * n_; ++unit) {
      // Symbols seen in at least one cell's candidates, and in two or more.
      Mask once = 0, twice = 0;
      for (int cell : unit_cells_[unit]) {
        twice |= once & candidates_[cell];
        once |= candidates_[cell];
      }
      if (const Mask nowhere = all_ & ~(once | placed_[unit]); nowhere != 0) {
        result.contradiction = "symbol " + grid_symbol(low_bit_index(nowhere) + 1, n_) + " has no place left in " +
                               unit_name(unit, n_);
        return false;
      }
      if (const Mask single = once & ~twice; single != 0) {
        const int value = low_bit_index(single) + 1;
        for (int cell : unit_cells_[unit])
          if (candidates_[cell] & bit_of(value)) {
            place(cell, value, kHiddenRules[unit / n_], result);
            return true;
          }
      }
    }
    return false;
  }

 private:
  static Mask bit_of(int value) { return Mask{1} << (value - 1); }

  std::array<int, 3> units_of(int cell) const {
    const int row = cell / n_, col = cell % n_;
    return {kRow * n_ + row, kColumn * n_ + col, kBox * n_ + grid_.shape.box_of(row, col)};
  }

  void place(int cell, int value, Rule rule, SinglesResult& result) {
    grid_.cells[cell] = value;
    candidates_[cell] = 0;
    for (int unit : units_of(cell)) {
      placed_[unit] |= bit_of(value);
      for (int peer : unit_cells_[unit]) candidates_[peer] &= ~bit_of(value);
    }
    result.deductions.push_back({cell / n_, cell % n_, value, rule});
  }

  Grid grid_;
  int n_;
  Mask all_;
  std::vector<Mask> placed_;                  // per unit: symbols placed in it
  std::vector<std::vector<int>> unit_cells_;  // per unit: its N cells
  std::vector<Mask> candidates_;              // per cell; 0 once filled
};

}  // namespace

SinglesResult apply_singles(const Grid& puzzle) {
  Board board(puzzle);
  SinglesResult result;
  // Both steps return false at a contradiction.
  for (;;) {
    if (board.place_naked_singles(result)) continue;
    if (!result.contradiction.empty() || !board.place_one_hidden_single(result)) break;
  }
  result.grid = board.grid();
  result.blanks = result.grid.shape.cells() - given_count(result.grid);
  return result;
}

std::vector<Mask> candidate_masks(const Grid& grid) { return Board(grid).candidates(); }

}  // namespace detail

std::string describe(const Deduction& deduction, const Shape& shape) {
  using namespace detail;
  const int n = shape.n();
  std::string text = cell_name(deduction.row, deduction.col) + " = " + grid_symbol(deduction.value, n) + ": ";
  switch (deduction.rule) {
    case Rule::OnlyCandidate: return text + "only candidate";
    case Rule::OnlyPlaceInRow: return text + "only place in " + unit_name(kRow * n + deduction.row, n);
    case Rule::OnlyPlaceInColumn: return text + "only place in " + unit_name(kColumn * n + deduction.col, n);
    case Rule::OnlyPlaceInBox:
      return text + "only place in " + unit_name(kBox * n + shape.box_of(deduction.row, deduction.col), n);
  }
  return text;
}

}  // namespace sudoku_count
