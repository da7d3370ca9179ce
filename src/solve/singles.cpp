#include "solve/singles.hpp"

#include <array>
#include <cstddef>
#include <string>

namespace sudoku_count {
namespace detail {
namespace {

std::string house_name(const House& house) {
  return std::string(house_kind_name(house.kind)) + " " + std::to_string(house.index + 1);
}

// A grid with the candidates of every cell kept up to date as symbols are
// placed. Units are the houses of the layout: rows, then columns, boxes and
// any further regions (Layout::houses()).
class Board {
 public:
  explicit Board(const Grid& puzzle)
      : grid_(puzzle),
        n_(puzzle.n()),
        all_(low_bits(n_)),
        houses_(&grid_.layout.houses()),
        houses_of_(&grid_.layout.houses_of_cells()),
        placed_(houses_->size(), 0) {
    validate_grid(grid_);
    for (int cell = 0; cell < grid_.layout.cells(); ++cell)
      if (const int value = grid_.cells[cell]; value != 0)
        for (int unit : (*houses_of_)[cell]) placed_[unit] |= bit_of(value);
    candidates_.assign(grid_.cells.size(), 0);
    for (int cell = 0; cell < grid_.layout.cells(); ++cell)
      if (grid_.cells[cell] == 0) {
        Mask taken = 0;
        for (int unit : (*houses_of_)[cell]) taken |= placed_[unit];
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
        place(cell, low_bit_index(options) + 1, -1, result);
        placed = true;
      }
    }
    return placed;
  }

  // Places the first hidden single, in the houses in order (rows, columns,
  // boxes, then the layout's other regions). Returns whether it placed one;
  // stops at a symbol without a place.
  bool place_one_hidden_single(SinglesResult& result) {
    for (std::size_t unit = 0; unit < houses_->size(); ++unit) {
      const auto& cells = (*houses_)[unit].cells;
      // Symbols seen in at least one cell's candidates, and in two or more.
      Mask once = 0, twice = 0;
      for (int cell : cells) {
        twice |= once & candidates_[cell];
        once |= candidates_[cell];
      }
      if (const Mask nowhere = all_ & ~(once | placed_[unit]); nowhere != 0) {
        result.contradiction = "symbol " + grid_symbol(low_bit_index(nowhere) + 1, n_) + " has no place left in " +
                               house_name((*houses_)[unit]);
        return false;
      }
      if (const Mask single = once & ~twice; single != 0) {
        const int value = low_bit_index(single) + 1;
        for (int cell : cells)
          if (candidates_[cell] & bit_of(value)) {
            place(cell, value, static_cast<int>(unit), result);
            return true;
          }
      }
    }
    return false;
  }

 private:
  static Mask bit_of(int value) { return Mask{1} << (value - 1); }

  // `house` -1 for a naked single.
  void place(int cell, int value, int house, SinglesResult& result) {
    grid_.cells[cell] = value;
    candidates_[cell] = 0;
    for (int unit : (*houses_of_)[cell]) {
      placed_[unit] |= bit_of(value);
      for (int peer : (*houses_)[unit].cells) candidates_[peer] &= ~bit_of(value);
    }
    result.deductions.push_back(
        {cell / n_, cell % n_, value, house < 0 ? Rule::OnlyCandidate : Rule::OnlyPlaceInHouse, house});
  }

  Grid grid_;
  int n_;
  Mask all_;
  const std::vector<House>* houses_;                  // of grid_.layout, shared
  const std::vector<std::vector<int>>* houses_of_;    // per cell: its houses
  std::vector<Mask> placed_;                          // per house: symbols placed in it
  std::vector<Mask> candidates_;                      // per cell; 0 once filled
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
  result.blanks = result.grid.layout.cells() - given_count(result.grid);
  return result;
}

std::vector<Mask> candidate_masks(const Grid& grid) { return Board(grid).candidates(); }

}  // namespace detail

std::string describe(const Deduction& deduction, const Layout& layout) {
  using namespace detail;
  const int n = layout.n();
  std::string text = cell_name(deduction.row, deduction.col) + " = " + grid_symbol(deduction.value, n) + ": ";
  if (deduction.rule == Rule::OnlyPlaceInHouse && deduction.house >= 0 &&
      deduction.house < static_cast<int>(layout.houses().size()))
    return text + "only place in " + house_name(layout.houses()[deduction.house]);
  return text + "only candidate";
}

}  // namespace sudoku_count
