#include "sudoku_count/grid.hpp"

#include <algorithm>
#include <iterator>
#include <cctype>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "core/plain_text.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count {
namespace {

// The largest value with a compact one-character symbol ('Z').
constexpr int kLargestCompactValue = 35;

bool is_separator(char ch) {
  return ch == '|' || ch == '-' || ch == '+' || std::isspace(static_cast<unsigned char>(ch));
}

std::vector<std::string> split_tokens(const std::string& text) {
  std::vector<std::string> tokens;
  std::string current;
  for (char ch : text) {
    if (is_separator(ch)) {
      if (!current.empty()) tokens.push_back(std::move(current));
      current.clear();
    } else {
      current.push_back(ch);
    }
  }
  if (!current.empty()) tokens.push_back(std::move(current));
  return tokens;
}

std::string where(int cell, int n) {
  return "row " + std::to_string(cell / n + 1) + ", column " + std::to_string(cell % n + 1);
}

// A character as a user would recognise it in a message.
std::string quote_char(char ch) {
  const auto byte = static_cast<unsigned char>(ch);
  if (std::isprint(byte)) return std::string("'") + ch + "'";
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "byte 0x%02X", byte);
  return buffer;
}

// A symbol as it appears in puzzles of this size: 'A' is shown as A (10).
std::string symbol_text(int value, int n) {
  if (n > kLargestCompactValue || value > kLargestCompactValue) return std::to_string(value);
  std::string text(1, symbol_char(value));
  if (value > 9) text += " (" + std::to_string(value) + ")";
  return text;
}

std::string grid_name(const Layout& layout) {
  const int n = layout.n();
  if (layout.classic()) return std::to_string(n) + "x" + std::to_string(n) + " grid (box shape " + layout.shape().name() + ")";
  return std::to_string(n) + "x" + std::to_string(n) + " grid (layout " + layout.name() + ")";
}

std::string compact_symbols_help(int n) {
  std::string help;
  if (n <= 9)
    help = "use 1-" + std::to_string(n);
  else if (n <= kLargestCompactValue)
    help = std::string("use 1-9 and A-") + symbol_char(n) + " (A = 10)";
  else
    help = "use 1-9 and A-Z (A = 10; symbols above 35 need the numeric form)";
  return help + ", and '.' or '0' for a blank";
}

[[noreturn]] void throw_wrong_length(const Layout& shape, std::size_t found_cells, std::size_t found_tokens) {
  const int n = shape.n();
  const std::size_t expected = static_cast<std::size_t>(shape.cells());
  std::string message = "the puzzle has " + std::to_string(found_cells) + (found_cells == 1 ? " cell" : " cells") +
                        " but a " + grid_name(shape) + " has " + std::to_string(expected) +
                        ": give one symbol per cell, row by row, with '.' or '0' for a blank";
  if (n > 9)
    message += "; or give " + std::to_string(expected) + " numbers 0-" + std::to_string(n) +
               " separated by spaces (found " + std::to_string(found_tokens) + ")";
  throw InputError(message);
}

void read_compact(const std::string& text, Grid& grid, std::size_t token_count) {
  const int n = grid.n();
  std::string symbols;
  for (char ch : text)
    if (!is_separator(ch)) symbols.push_back(ch);
  if (symbols.size() != grid.cells.size()) throw_wrong_length(grid.layout, symbols.size(), token_count);
  for (std::size_t cell = 0; cell < symbols.size(); ++cell) {
    const char ch = symbols[cell];
    const int value = symbol_value(ch);
    const int at = static_cast<int>(cell);
    if (value < 0)
      throw InputError("unknown symbol " + quote_char(ch) + " at " + where(at, n) + ": " + compact_symbols_help(n));
    if (value > n)
      throw InputError("symbol " + quote_char(ch) + (value > 9 ? " (" + std::to_string(value) + ")" : "") + " at " +
                       where(at, n) + " is larger than " + std::to_string(n) + ", the largest symbol of a " +
                       grid_name(grid.layout));
    grid.cells[cell] = value;
  }
}

void read_numeric(const std::vector<std::string>& tokens, Grid& grid) {
  const int n = grid.n();
  for (std::size_t cell = 0; cell < tokens.size(); ++cell) {
    const std::string& token = tokens[cell];
    const int at = static_cast<int>(cell);
    if (token == ".") {
      grid.cells[cell] = 0;
      continue;
    }
    if (!std::all_of(token.begin(), token.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
      throw InputError("unknown entry " + quote_input(token) + " at " + where(at, n) + ": in the numeric form use numbers 1-" +
                       std::to_string(n) + ", and '.' or '0' for a blank");
    // Compare digit strings without leading zeros, so no number can overflow.
    const std::size_t start = std::min(token.find_first_not_of('0'), token.size());
    const std::string digits = token.substr(start);
    const std::string largest = std::to_string(n);
    if (digits.size() > largest.size() || (digits.size() == largest.size() && digits > largest))
      throw InputError("entry " + quote_input(token) + " at " + where(at, n) + " is larger than " + largest +
                       ", the largest symbol of a " + grid_name(grid.layout));
    grid.cells[cell] = digits.empty() ? 0 : std::stoi(digits);
  }
}

}  // namespace

Grid empty_grid(const Layout& layout) { return Grid{layout, std::vector<int>(static_cast<std::size_t>(layout.cells()), 0)}; }

int given_count(const Grid& grid) {
  return static_cast<int>(std::count_if(grid.cells.begin(), grid.cells.end(), [](int v) { return v != 0; }));
}

Grid parse_puzzle(const std::string& text, const Layout& layout) {
  detail::require_input_text(text, "the puzzle", "a puzzle: one symbol per cell, row by row, '.' or '0' for a blank");
  Grid grid = empty_grid(layout);
  const std::vector<std::string> tokens = split_tokens(text);
  const bool numeric = tokens.size() == grid.cells.size() &&
                       std::any_of(tokens.begin(), tokens.end(), [](const std::string& t) { return t.size() > 1; });
  if (numeric)
    read_numeric(tokens, grid);
  else
    read_compact(text, grid, tokens.size());
  validate_grid(grid);
  return grid;
}

void validate_grid(const Grid& grid) {
  const Layout& layout = grid.layout;
  const int n = layout.n();
  if (grid.cells.size() != static_cast<std::size_t>(layout.cells()))
    throw InputError("the grid has " + std::to_string(grid.cells.size()) + " cells but a " + grid_name(layout) +
                     " has " + std::to_string(layout.cells()));
  const auto& houses = layout.houses();
  const auto& houses_of = layout.houses_of_cells();
  // first_in[house * n + value - 1]: 1 + the first cell holding value there
  // (on the stack for the common sizes: solving a file validates every puzzle).
  const std::size_t slots = houses.size() * static_cast<std::size_t>(n);
  int local[1024];
  std::vector<int> heap(slots <= std::size(local) ? 0 : slots, 0);
  int* first_in = slots <= std::size(local) ? local : heap.data();
  std::fill(first_in, first_in + slots, 0);
  for (int cell = 0; cell < layout.cells(); ++cell) {
    const int value = grid.cells[cell];
    if (value == 0) continue;
    if (value < 0 || value > n)
      throw InputError("value " + std::to_string(value) + " at " + where(cell, n) + " is outside 0-" +
                       std::to_string(n));
    int other = -1;
    for (int house : houses_of[cell])
      if (const int first = first_in[static_cast<std::size_t>(house) * n + value - 1]; first != 0) {
        other = first - 1;
        break;
      }
    if (other >= 0) {
      // Name every house the two cells share, in the order of houses().
      std::vector<std::string> shared;
      for (int house : houses_of[cell])
        for (int other_house : houses_of[other])
          if (house == other_house) shared.push_back(house_kind_name(houses[house].kind));
      std::string units = shared[0];
      for (std::size_t k = 1; k < shared.size(); ++k) units += " and " + shared[k];
      throw InputError("givens clash: symbol " + symbol_text(value, n) + " is at " + where(other, n) + " and at " +
                       where(cell, n) + ", in the same " + units);
    }
    for (int house : houses_of[cell]) first_in[static_cast<std::size_t>(house) * n + value - 1] = cell + 1;
  }
}

std::string format_grid(const Grid& grid) {
  // Without boxes (Latin squares, jigsaws) the grid is printed without
  // separators, as one box of N x N.
  const int n = grid.n();
  const Shape shape = grid.layout.has_boxes() ? grid.shape() : Shape{n, n};
  const bool compact = n <= kLargestCompactValue;
  const int width = compact ? 1 : static_cast<int>(std::to_string(n).size());
  const int group_width = shape.box_cols * width + (shape.box_cols - 1);

  std::string rule;
  for (int stack = 0; stack < shape.stacks(); ++stack) {
    if (stack > 0) rule += "-+-";
    rule += std::string(group_width, '-');
  }

  std::ostringstream out;
  for (int row = 0; row < n; ++row) {
    if (row > 0 && row % shape.box_rows == 0) out << rule << '\n';
    for (int col = 0; col < n; ++col) {
      if (col > 0) out << (col % shape.box_cols == 0 ? " | " : " ");
      out << std::setw(width) << grid_symbol(grid.at(row, col), n);
    }
    out << '\n';
  }
  return out.str();
}

std::string cell_name(int row, int col) {
  std::string name = "r";  // built by appending: GCC 12 warns falsely (-Wrestrict) on "r" + std::string
  name += std::to_string(row + 1);
  name += 'c';
  name += std::to_string(col + 1);
  return name;
}

std::string format_line(const Grid& grid) {
  const int n = grid.n();
  const bool compact = n <= kLargestCompactValue;
  std::string line;
  for (std::size_t cell = 0; cell < grid.cells.size(); ++cell) {
    if (!compact && cell > 0) line += ' ';
    line += grid_symbol(grid.cells[cell], n);
  }
  return line;
}

std::string grid_symbol(int value, int n) {
  if (n <= kLargestCompactValue || value == 0) return std::string(1, symbol_char(value));
  return std::to_string(value);
}

std::vector<ListedPuzzle> parse_puzzle_list(const std::string& text, const Layout& shape) {
  detail::require_input_text(text, "the file", "puzzles, one a line");
  std::vector<ListedPuzzle> puzzles;
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::size_t first = line.find_first_not_of(" \t\r\f\v");
    if (first == std::string::npos || line[first] == '#') continue;
    try {
      puzzles.push_back({number, parse_puzzle(line, shape)});
    } catch (const InputError& e) {
      throw InputError("line " + std::to_string(number) + ": " + e.what());
    }
  }
  if (puzzles.empty())
    throw InputError("no puzzle found: give one puzzle a line (blank lines and lines starting with # are skipped)");
  return puzzles;
}

char symbol_char(int value) {
  if (value == 0) return '.';
  if (value >= 1 && value <= 9) return static_cast<char>('0' + value);
  if (value >= 10 && value <= kLargestCompactValue) return static_cast<char>('A' + value - 10);
  return '?';
}

int symbol_value(char ch) {
  if (ch == '.' || ch == '0') return 0;
  if (ch >= '1' && ch <= '9') return ch - '0';
  if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
  if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
  return -1;
}

}  // namespace sudoku_count
