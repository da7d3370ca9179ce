#pragma once
// The 9x9 kernel: the classic 3x3-box grid solved by bit operations, for the
// common case of `solve` and for the uniqueness test of puzzle counting. Every
// other shape and layout goes through the dancing-links search of
// CompletionFinder.
//
// Candidates are kept per digit and per band: 27 bits, bit 9r + c for row r of
// the band and column c. Within a band a digit takes one cell in each row and
// one in each box, so its candidates reduce to the nine row-box "triads" that
// hold any, the six ways of giving the three rows distinct boxes are checked
// against them by table, and every cell outside a way that fits is dropped
// (locked candidates of rows and boxes in one step). Across the bands, a box
// holding the digit in one column only takes it from that column in the other
// bands, and a column holding it in one band only takes it from the rest of
// that band's box. Rows, boxes and columns with one place left for a digit,
// and cells with one digit left, are placed until nothing changes; then the
// search branches on a cell with the fewest digits (two, nearly always).
#include <cstdint>
#include <functional>

#include "sudoku_count/layout.hpp"

namespace sudoku_count::detail {

// The layout the kernel serves: classic rules, 3x3 boxes.
inline bool classic9_layout(const Layout& layout) {
  return layout.classic() && layout.shape().box_rows == 3 && layout.shape().box_cols == 3;
}

// Cells: 81 digits row-major, 0 = blank, else 1..9 (the caller checks the
// range). Givens that clash give no completion.
//
// Completions of `cells` in search order, up to `limit`, each handed to
// `visit` (81 digits; may be empty). Returns the number found (at most
// `limit`). `nodes`, when given, receives the number of search nodes (the
// root and every branch tried).
std::uint64_t classic9_completions(const std::uint8_t* cells, std::uint64_t limit,
                                   const std::function<void(const std::uint8_t*)>& visit,
                                   std::uint64_t* nodes = nullptr);

// Whether `puzzle` has a completion other than `grid`, a completed grid that
// extends it. Writes that completion to `other` when one is found and `other`
// is given. Rectangles of four cells whose two digits can be swapped (two
// rows and two columns within one band or one stack) are checked first: one
// without a given is a second completion at once. Otherwise the search tries
// every digit but the grid's before the grid's, stopping at the first
// completion that differs. With `differ_at` (a blank cell of the puzzle), only
// completions whose digit there is not the grid's count (the rectangles are
// then not tried).
bool classic9_other_completion(const std::uint8_t* puzzle, const std::uint8_t* grid, std::uint8_t* other = nullptr,
                               std::uint64_t* nodes = nullptr, int differ_at = -1);

}  // namespace sudoku_count::detail
