// Deterministic randomized input tests: the libFuzzer targets' checks
// (fuzz/input_checks.hpp) on random and mutated text from a fixed-seed PCG64
// stream, so that every build, with any compiler, runs them. Each input must
// parse or be refused with InputError: never another exception, a crash or a
// hang (and, under the sanitizer build, no undefined behaviour).
#include <gtest/gtest.h>

#include <pcg_random.hpp>
#include <string>
#include <vector>

#include "input_checks.hpp"
#include "options.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/shape.hpp"

namespace checks = sudoku_count::input_checks;
using sudoku_count::Grid;
using sudoku_count::Shape;

namespace {

// Bytes that matter to the parsers, plus some that should not: separators,
// signs, NUL, bytes of UTF-8 sequences ("é", "×", "３" fullwidth 3, an
// emoji) and bytes that are no valid UTF-8 at all.
const std::vector<std::string> kPieces = {
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "x", "X", ".", "-", "+", "|", " ", "\t", "\n", "\r",
    "\v", "\f", "A", "Z", "a", "z", "G", "=", "e", "E", std::string(1, '\0'), "\xc3\xa9", "\xc3\x97",
    "\xef\xbc\x93", "\xf0\x9f\x98\x80", "\xff", "\x80", "\xc3", "00", "64", "65", "99999999999999999999",
    "--", "--box", "nan", "inf"};

class Random {
 public:
  explicit Random(std::uint64_t stream) : rng_(20260922, stream) {}
  std::uint64_t below(std::uint64_t bound) { return rng_(bound); }
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }
  char byte() { return static_cast<char>(below(256)); }

  // Random pieces and bytes, up to max_length characters.
  std::string text(std::size_t max_length) {
    const std::size_t length = below(max_length + 1);
    std::string result;
    while (result.size() < length) result += chance(70) ? kPieces[below(kPieces.size())] : std::string(1, byte());
    return result;
  }

  // One of: replace, insert or delete a character; insert a piece; cut;
  // duplicate a stretch; repeat.
  std::string mutate(std::string text, int rounds) {
    for (int r = 0; r < rounds; ++r) {
      const std::size_t at = below(text.size() + 1);
      switch (below(6)) {
        case 0:
          if (at < text.size()) text[at] = byte();
          break;
        case 1: text.insert(at, 1, byte()); break;
        case 2:
          if (at < text.size()) text.erase(at, 1);
          break;
        case 3: text.insert(at, kPieces[below(kPieces.size())]); break;
        case 4: text.resize(at); break;
        default: text.insert(at, text.substr(at, below(16))); break;
      }
    }
    return text;
  }

 private:
  pcg64 rng_;
};

// A completed grid of any shape: the classic pattern
// value(r, c) = (C (r mod R) + r div R + c) mod N, plus 1.
Grid pattern_grid(const Shape& shape) {
  Grid grid = sudoku_count::empty_grid(shape);
  const int n = shape.n();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      grid.at(r, c) = (shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % n + 1;
  return grid;
}

const Shape kShapes[] = {{1, 1}, {1, 2}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 5}, {4, 4}, {5, 5}, {6, 6}, {8, 8}, {1, 64}};

}  // namespace

TEST(RandomInput, PatternGridsAreValid) {
  for (const Shape& shape : kShapes) EXPECT_NO_THROW(sudoku_count::validate_grid(pattern_grid(shape)));
}

TEST(RandomInput, ShapeTextParsesOrIsRefused) {
  Random random(1);
  const std::vector<std::string> seeds = {"3", "2x3", "8X8", "1x64", "64x1", "1", "0x0", "3x3x3"};
  int parsed = 0;
  for (int i = 0; i < 40000; ++i) {
    const std::string text = random.chance(50) ? random.text(12) : random.mutate(seeds[random.below(seeds.size())], 3);
    bool ok = false;
    EXPECT_NO_THROW(ok = checks::check_shape_text(text)) << "input: '" << text << "'";
    parsed += ok;
  }
  // Both outcomes occur, so the inputs are neither all garbage nor all trivial.
  EXPECT_GT(parsed, 1000);
  EXPECT_LT(parsed, 39000);
  // Very long inputs.
  EXPECT_FALSE(checks::check_shape_text(std::string(1'000'000, '3')));
  EXPECT_FALSE(checks::check_shape_text("3x" + std::string(1'000'000, '9')));
  EXPECT_TRUE(checks::check_shape_text(std::string(1'000'000, '0') + "3"));  // 3 with leading zeros
}

TEST(RandomInput, PuzzleTextParsesOrIsRefused) {
  Random random(2);
  int parsed = 0, total = 0;
  for (const Shape& shape : kShapes) {
    const Grid full = pattern_grid(shape);
    const bool big = shape.n() > 16;
    const int rounds = big ? 150 : 1500;
    for (int i = 0; i < rounds; ++i) {
      // A valid puzzle: the pattern grid with random blanks, compact or numeric.
      Grid puzzle = full;
      for (int& value : puzzle.cells)
        if (random.chance(60)) value = 0;
      std::string text = sudoku_count::format_grid(puzzle);
      if (random.chance(30)) {
        text.clear();
        for (const int value : puzzle.cells) text += std::to_string(value) + (random.chance(90) ? " " : "|");
      }
      const int how = static_cast<int>(random.below(4));
      if (how == 1) text = random.mutate(text, 1);
      if (how == 2) text = random.mutate(text, 1 + static_cast<int>(random.below(20)));
      if (how == 3) text = random.text(big ? 5000 : 400);
      bool ok = false;
      EXPECT_NO_THROW(ok = checks::check_puzzle_text(text, shape)) << shape.name() << " input: '" << text << "'";
      parsed += ok;
      ++total;
    }
  }
  EXPECT_GT(parsed, total / 5);
  EXPECT_LT(parsed, total * 4 / 5);
  // Huge inputs: refused for their length, not read cell by cell forever.
  const Shape nine{3, 3};
  EXPECT_FALSE(checks::check_puzzle_text(std::string(10'000'000, '1'), nine));
  EXPECT_FALSE(checks::check_puzzle_text(std::string(10'000'000, ' '), nine));
  std::string many_numbers;
  for (int i = 0; i < 81; ++i) many_numbers += std::string(100'000, '0') + "1 ";
  EXPECT_FALSE(checks::check_puzzle_text(many_numbers, nine));  // 81 ones: a clash, found without overflow
  EXPECT_TRUE(checks::check_puzzle_text(std::string(81, '.') + std::string(1'000'000, '\n'), nine));
}

TEST(RandomInput, CommandLinesParseOrAreRefused) {
  Random random(3);
  // Words a command line is made of: every option of every command, and
  // values good and bad.
  std::vector<std::string> words = {"--help", "-h", "--", "-", "--=", "---box", "--box=", "--box=3", "--seed=7",
                                    "3", "2x3", "0", "-1", "1.5", "1e999", "abc", "", "99999999999999999999999",
                                    "18446744073709551615", "0.5", "1e-300", "auto", "bands", "sets", "dlx"};
  for (const auto& command : sudoku_count::cli::command_table())
    for (const auto& spec : command.options) words.push_back("--" + spec.name);
  const std::vector<std::string> commands = {"estimate", "exact", "tables", "frobnicate", ""};
  int parsed = 0;
  for (int i = 0; i < 30000; ++i) {
    std::vector<std::string> args = {commands[random.below(commands.size())]};
    const std::size_t length = random.below(9);
    for (std::size_t k = 0; k < length; ++k) {
      std::string word = words[random.below(words.size())];
      if (random.chance(15)) word = random.mutate(word, 2);
      if (random.chance(5)) word = random.text(20);
      args.push_back(word);
    }
    bool ok = false;
    EXPECT_NO_THROW(ok = checks::check_command_line(args)) << "input: " << testing::PrintToString(args);
    parsed += ok;
  }
  EXPECT_GT(parsed, 1000);
  EXPECT_LT(parsed, 29000);
  EXPECT_NO_THROW(checks::check_command_line({"estimate", "--box", std::string(1'000'000, '9')}));
  EXPECT_FALSE(checks::check_command_line({"estimate", "--samples", std::string(1'000'000, '9')}));
}
