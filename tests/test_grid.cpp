#include <gtest/gtest.h>

#include <string>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"

using sudoku_count::empty_grid;
using sudoku_count::format_grid;
using sudoku_count::Grid;
using sudoku_count::InputError;
using sudoku_count::parse_puzzle;
using sudoku_count::Shape;

namespace known = sudoku_count::known;

namespace {

// The message of the InputError that parsing `text` throws, or "" if none.
std::string parse_error(const std::string& text, const Shape& shape) {
  try {
    parse_puzzle(text, shape);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The LeetCode 37 puzzle as tests/data/puzzles.txt writes it: compact, one line.
std::string leetcode_text() { return known::puzzle("leetcode-37").puzzle; }

}  // namespace

TEST(Grid, SymbolsAndTheirValues) {
  EXPECT_EQ(sudoku_count::symbol_char(0), '.');
  EXPECT_EQ(sudoku_count::symbol_char(9), '9');
  EXPECT_EQ(sudoku_count::symbol_char(10), 'A');
  EXPECT_EQ(sudoku_count::symbol_char(35), 'Z');
  EXPECT_EQ(sudoku_count::symbol_char(36), '?');
  EXPECT_EQ(sudoku_count::symbol_value('.'), 0);
  EXPECT_EQ(sudoku_count::symbol_value('0'), 0);
  EXPECT_EQ(sudoku_count::symbol_value('7'), 7);
  EXPECT_EQ(sudoku_count::symbol_value('G'), 16);
  EXPECT_EQ(sudoku_count::symbol_value('g'), 16);
  EXPECT_EQ(sudoku_count::symbol_value('*'), -1);
  for (int v = 0; v <= 35; ++v) EXPECT_EQ(sudoku_count::symbol_value(sudoku_count::symbol_char(v)), v);
}

TEST(Grid, ParsesCompactPuzzle) {
  const Grid grid = parse_puzzle(leetcode_text(), Shape{3, 3});
  EXPECT_EQ(grid.shape(), (Shape{3, 3}));
  ASSERT_EQ(grid.cells.size(), 81u);
  EXPECT_EQ(grid.at(0, 0), 5);
  EXPECT_EQ(grid.at(0, 2), 0);
  EXPECT_EQ(grid.at(8, 8), 9);
  EXPECT_EQ(sudoku_count::given_count(grid), 30);
}

TEST(Grid, IgnoresWhitespaceAndSeparatorsAndReadsZeroAsBlank) {
  const std::string boxed =
      "1 2 | . .\n"
      "0 0 | 1 2\n"
      "----+----\n"
      "2 1 | . .\n"
      ". . | 2 1\n";
  const Grid grid = parse_puzzle(boxed, Shape{2, 2});
  EXPECT_EQ(grid.cells, (std::vector<int>{1, 2, 0, 0, 0, 0, 1, 2, 2, 1, 0, 0, 0, 0, 2, 1}));
}

TEST(Grid, ParsesSixteenBySixteenCompactWithLetters) {
  // Row 1 holds 1..16 as 1-9 and A-G (lower case accepted); the rest blank.
  const std::string text = "123456789ABCDefg" + std::string(240, '.');
  const Grid grid = parse_puzzle(text, Shape{4, 4});
  for (int col = 0; col < 16; ++col) EXPECT_EQ(grid.at(0, col), col + 1);
  EXPECT_EQ(sudoku_count::given_count(grid), 16);
}

TEST(Grid, ParsesNumericForm) {
  // 4x4 boxes: 256 numbers, some with two digits, '.' and 0 as blanks.
  std::string text = "16 . 0 3";
  for (int k = 4; k < 256; ++k) text += k % 16 == 0 ? "\n0" : " 0";
  const Grid grid = parse_puzzle(text, Shape{4, 4});
  EXPECT_EQ(grid.at(0, 0), 16);
  EXPECT_EQ(grid.at(0, 1), 0);
  EXPECT_EQ(grid.at(0, 3), 3);
  EXPECT_EQ(sudoku_count::given_count(grid), 2);
}

TEST(Grid, NumericFormWorksBeyondThirtyFive) {
  Grid grid = empty_grid(Shape{6, 6});  // 36x36
  grid.at(0, 0) = 36;
  grid.at(0, 1) = 10;
  grid.at(35, 35) = 7;
  const std::string text = format_grid(grid);
  EXPECT_TRUE(contains(text, "36 10"));
  EXPECT_EQ(parse_puzzle(text, Shape{6, 6}).cells, grid.cells);
}

TEST(Grid, FormatShowsBoxesAndReadsBack) {
  const Grid grid = parse_puzzle("12..\n..12\n21..\n..21", Shape{2, 2});
  EXPECT_EQ(format_grid(grid),
            "1 2 | . .\n"
            ". . | 1 2\n"
            "----+----\n"
            "2 1 | . .\n"
            ". . | 2 1\n");
  const Grid nine = parse_puzzle(leetcode_text(), Shape{3, 3});
  const std::string text = format_grid(nine);
  EXPECT_TRUE(contains(text, "5 3 . | . 7 . | . . .\n"));
  EXPECT_TRUE(contains(text, "------+-------+------\n"));
  EXPECT_EQ(parse_puzzle(text, Shape{3, 3}).cells, nine.cells);
  const Grid rectangular = parse_puzzle(std::string(36, '.'), Shape{2, 3});
  EXPECT_EQ(parse_puzzle(format_grid(rectangular), Shape{2, 3}).cells, rectangular.cells);
}

TEST(Grid, WrongLengthSaysFoundAndExpected) {
  const std::string message = parse_error(leetcode_text().substr(1), Shape{3, 3});
  EXPECT_TRUE(contains(message, "80 cells")) << message;
  EXPECT_TRUE(contains(message, "81")) << message;
  const std::string longer = parse_error(leetcode_text() + "1", Shape{3, 3});
  EXPECT_TRUE(contains(longer, "82 cells")) << longer;
  EXPECT_TRUE(contains(parse_error("", Shape{2, 2}), "0 cells"));
  // A numeric text with the wrong number of tokens for 4x4 boxes.
  const std::string numeric = parse_error("10 11 12", Shape{4, 4});
  EXPECT_TRUE(contains(numeric, "256")) << numeric;
  EXPECT_TRUE(contains(numeric, "found 3")) << numeric;
}

TEST(Grid, UnknownSymbolNamesRowAndColumn) {
  const std::string message = parse_error("12..\n.*12\n21..\n..21", Shape{2, 2});
  EXPECT_TRUE(contains(message, "'*'")) << message;
  EXPECT_TRUE(contains(message, "row 2, column 2")) << message;
  std::string numeric = "x1";
  for (int k = 1; k < 256; ++k) numeric += " .";
  const std::string numeric_message = parse_error(numeric, Shape{4, 4});
  EXPECT_TRUE(contains(numeric_message, "'x1'")) << numeric_message;
  EXPECT_TRUE(contains(numeric_message, "row 1, column 1")) << numeric_message;
}

TEST(Grid, SymbolLargerThanSizeNamesRowAndColumn) {
  const std::string message = parse_error(std::string(14, '.') + "7" + std::string(21, '.'), Shape{2, 3});
  EXPECT_TRUE(contains(message, "'7'")) << message;
  EXPECT_TRUE(contains(message, "row 3, column 3")) << message;
  EXPECT_TRUE(contains(message, "larger than 6")) << message;
  const std::string letter = parse_error("A" + std::string(80, '.'), Shape{3, 3});
  EXPECT_TRUE(contains(letter, "'A' (10)")) << letter;
  std::string numeric = "17";
  for (int k = 1; k < 256; ++k) numeric += " 0";
  const std::string numeric_message = parse_error(numeric, Shape{4, 4});
  EXPECT_TRUE(contains(numeric_message, "17")) << numeric_message;
  EXPECT_TRUE(contains(numeric_message, "larger than 16")) << numeric_message;
  // No overflow on absurdly long numbers.
  EXPECT_TRUE(contains(parse_error("99999999999999999999999" + numeric.substr(2), Shape{4, 4}), "larger than 16"));
}

TEST(Grid, ClashingGivensNameBothCellsAndTheUnit) {
  // The error for two equal givens at (0-based) cells a and b of a 9x9 grid.
  auto clash = [](int a, int b, char symbol) {
    std::string text(81, '.');
    text[a] = text[b] = symbol;
    return parse_error(text, Shape{3, 3});
  };
  const std::string row_message = clash(1, 7, '5');
  EXPECT_TRUE(contains(row_message, "symbol 5")) << row_message;
  EXPECT_TRUE(contains(row_message, "row 1, column 2")) << row_message;
  EXPECT_TRUE(contains(row_message, "row 1, column 8")) << row_message;
  EXPECT_TRUE(contains(row_message, "same row")) << row_message;
  EXPECT_FALSE(contains(row_message, "box")) << row_message;

  const std::string column_message = clash(9 * 0 + 4, 9 * 6 + 4, '3');
  EXPECT_TRUE(contains(column_message, "row 1, column 5")) << column_message;
  EXPECT_TRUE(contains(column_message, "row 7, column 5")) << column_message;
  EXPECT_TRUE(contains(column_message, "same column")) << column_message;

  const std::string box_message = clash(9 * 3 + 3, 9 * 5 + 5, '9');
  EXPECT_TRUE(contains(box_message, "row 4, column 4")) << box_message;
  EXPECT_TRUE(contains(box_message, "row 6, column 6")) << box_message;
  EXPECT_TRUE(contains(box_message, "same box")) << box_message;

  EXPECT_TRUE(contains(clash(0, 2, '1'), "same row and box"));
}

TEST(Grid, ValidateRejectsBadGridsBuiltInCode) {
  Grid grid = empty_grid(Shape{2, 2});
  EXPECT_NO_THROW(sudoku_count::validate_grid(grid));
  grid.at(1, 1) = 5;
  EXPECT_THROW(sudoku_count::validate_grid(grid), InputError);
  grid.at(1, 1) = 0;
  grid.cells.pop_back();
  EXPECT_THROW(sudoku_count::validate_grid(grid), InputError);
}

TEST(Grid, OneLineFormReadsBack) {
  const Grid nine = parse_puzzle(leetcode_text(), Shape{3, 3});
  EXPECT_EQ(sudoku_count::format_line(nine), leetcode_text());
  const Grid sixteen = parse_puzzle("123456789ABCDEFG" + std::string(240, '.'), Shape{4, 4});
  EXPECT_EQ(sudoku_count::format_line(sixteen), "123456789ABCDEFG" + std::string(240, '.'));
  // Beyond 35 symbols: numbers separated by spaces.
  Grid big = empty_grid(Shape{6, 6});
  big.at(0, 0) = 36;
  big.at(0, 2) = 5;
  const std::string line = sudoku_count::format_line(big);
  EXPECT_EQ(line.substr(0, 8), "36 . 5 .");
  EXPECT_EQ(parse_puzzle(line, Shape{6, 6}).cells, big.cells);
  EXPECT_EQ(sudoku_count::grid_symbol(36, 36), "36");
  EXPECT_EQ(sudoku_count::grid_symbol(0, 36), ".");
  EXPECT_EQ(sudoku_count::grid_symbol(12, 16), "C");
}

TEST(Grid, PuzzleListSkipsBlankAndCommentLinesAndKeepsLineNumbers) {
  const std::string text = std::string("# two puzzles\n\n") + leetcode_text() + "\r\n   \n  # indented comment\n" +
                           std::string(81, '.') + "\n";
  const auto puzzles = sudoku_count::parse_puzzle_list(text, Shape{3, 3});
  ASSERT_EQ(puzzles.size(), 2u);
  EXPECT_EQ(puzzles[0].line, 3);
  EXPECT_EQ(puzzles[0].grid.cells, parse_puzzle(leetcode_text(), Shape{3, 3}).cells);
  EXPECT_EQ(puzzles[1].line, 6);
  EXPECT_EQ(sudoku_count::given_count(puzzles[1].grid), 0);
}

TEST(Grid, PuzzleListErrorsNameTheLine) {
  auto list_error = [](const std::string& text) {
    try {
      sudoku_count::parse_puzzle_list(text, Shape{3, 3});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string bad_length = list_error(leetcode_text() + "\n\n123\n");
  EXPECT_TRUE(contains(bad_length, "line 3: ")) << bad_length;
  EXPECT_TRUE(contains(bad_length, "3 cells")) << bad_length;
  const std::string clash = list_error("# x\n55" + std::string(79, '.') + "\n");
  EXPECT_TRUE(contains(clash, "line 2: givens clash")) << clash;
  EXPECT_TRUE(contains(list_error("# nothing\n\n"), "no puzzle"));
  EXPECT_TRUE(contains(list_error(""), "no puzzle"));
}

TEST(Grid, PuzzlesThatAreNotTextAreRefused) {
  const std::string nul = parse_error(leetcode_text() + std::string(1, '\0'), Shape{3, 3});
  EXPECT_EQ(nul, "the puzzle is not text: a NUL byte (0x00) at byte offset 81 (line 1); it should hold a puzzle: one "
                 "symbol per cell, row by row, '.' or '0' for a blank");
  auto list_error = [](const std::string& text) {
    try {
      sudoku_count::parse_puzzle_list(text, Shape{3, 3});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // A NUL or a broken UTF-8 sequence in a comment line was skipped with the line.
  const std::string in_comment = list_error(std::string("# a\0b\n", 6) + leetcode_text() + "\n");
  EXPECT_EQ(in_comment.rfind("the file is not text: a NUL byte (0x00) at byte offset 3 (line 1)", 0), 0u) << in_comment;
  const std::string broken = list_error(leetcode_text() + "\n# grille n\xB0 2\n");
  EXPECT_NE(broken.find("byte 0xB0, which does not start a UTF-8 character at byte offset 92 (line 2)"),
            std::string::npos)
      << broken;
  const std::string png = list_error(std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16));
  EXPECT_NE(png.find("not text: byte 0x89"), std::string::npos) << png;
  const std::string saved = list_error("sudoku-count checkpoint\nformat 2\n");
  EXPECT_EQ(saved, "the file is a file saved by sudoku-count (its first line is 'sudoku-count checkpoint'), not "
                   "puzzles, one a line");
  // UTF-8 comments are text.
  EXPECT_EQ(sudoku_count::parse_puzzle_list("# grille n\xC2\xB0 1\n" + leetcode_text() + "\n", Shape{3, 3}).size(), 1u);
}
