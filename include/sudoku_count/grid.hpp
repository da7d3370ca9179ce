#pragma once
// A grid of any layout, partly or wholly filled: parsing puzzles from text,
// checking their givens against every house of the layout, and printing them.
#include <cstddef>
#include <string>
#include <vector>

#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

struct Grid {
  Layout layout;           // the rules it obeys (a Shape converts to its classic layout)
  std::vector<int> cells;  // row-major, N*N entries; 0 = blank, else 1..N

  const Shape& shape() const { return layout.shape(); }
  int n() const { return layout.n(); }
  int& at(int row, int col) { return cells[static_cast<std::size_t>(row) * n() + col]; }
  int at(int row, int col) const { return cells[static_cast<std::size_t>(row) * n() + col]; }
};

Grid empty_grid(const Layout& layout);

// Number of filled cells.
int given_count(const Grid& grid);

// Reads a puzzle of N*N cells, row by row. Two forms:
//
//  - compact: one character per cell. Givens are 1-9, then A-Z for 10-35
//    (a-z read as A-Z); a blank is '.' or '0'. Whitespace and the separators
//    '|', '-' and '+' are ignored.
//  - numeric, for any N: cells are decimal numbers 0..N ('0' or '.' a blank),
//    separated by whitespace or by the separators '|', '-', '+'.
//
// Rule: split the text at whitespace and separators into tokens. If there are
// exactly N*N tokens and at least one is longer than one character, the text
// is numeric; otherwise it is compact. (A numeric text whose tokens all have
// one character means the same when read as compact, and a text with N*N
// tokens, one of them longer, has too many characters to be compact.)
//
// Throws InputError naming the problem: the wrong number of cells (found and
// expected), an unknown symbol or one larger than N (with its row and column),
// or two givens that clash (both cells, the symbol, and the houses they
// share: row, column, box, region, diagonal, group or window), the first
// byte of a text that is not plain UTF-8 text (control bytes but line
// whitespace, binary data), or a file sudoku-count saved (a checkpoint).
// A puzzle without completions is not an error.
Grid parse_puzzle(const std::string& text, const Layout& layout);

// Checks a grid built in code as parse_puzzle checks text: N*N cells, values
// 0..N, no two equal givens in one house of its layout. Throws InputError.
void validate_grid(const Grid& grid);

// Rows of symbols separated by spaces, boxes (when the layout has them) by
// '|' and by lines of '-' and '+'. Uses the compact symbols up to N = 35 and right-aligned numbers above;
// parse_puzzle reads the result back.
std::string format_grid(const Grid& grid);

// "r4c7": the cell at 0-based row 3, column 6, as deductions and solve name
// cells (1-based).
std::string cell_name(int row, int col);

// The grid on one line, as files of puzzles hold it: one compact symbol per
// cell up to N = 35, else numbers separated by spaces ('.' for a blank).
// parse_puzzle reads it back.
std::string format_line(const Grid& grid);

// A symbol as format_grid shows it in a grid of n symbols: its compact
// symbol up to n = 35, else its number ('.' for a blank).
std::string grid_symbol(int value, int n);

// A puzzle read from a list, with the line it came from (1-based).
struct ListedPuzzle {
  int line = 0;
  Grid grid;
};

// Reads one puzzle per line (as parse_puzzle reads it); blank lines and lines
// starting with '#' are skipped. Throws InputError "line L: ..." for the first
// bad line, and when there is no puzzle at all; first of all, for a text
// that is not plain text (naming its first bad byte, comment lines
// included) or a file sudoku-count saved (a checkpoint).
std::vector<ListedPuzzle> parse_puzzle_list(const std::string& text, const Layout& layout);

// Compact symbols: 0 -> '.', 1-9 -> '1'-'9', 10-35 -> 'A'-'Z'. Values outside
// 0..35 have no compact symbol and give '?'.
char symbol_char(int value);
// The inverse, also accepting '0' for a blank and 'a'-'z'; -1 for any other
// character.
int symbol_value(char ch);

}  // namespace sudoku_count
