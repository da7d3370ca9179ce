// Layouts: their houses, names and refusals; exact counts of small layouts
// by dancing links checked against a plain backtracking counter written
// here (a second computation sharing nothing with the exact cover but the
// list of houses), against published counts, and with the relabelling
// reduction against the plain count.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/solve.hpp"

using sudoku_count::BigInt;
using sudoku_count::count_exact;
using sudoku_count::empty_grid;
using sudoku_count::ExactRequest;
using sudoku_count::Grid;
using sudoku_count::House;
using sudoku_count::HouseKind;
using sudoku_count::InputError;
using sudoku_count::Layout;
using sudoku_count::parse_puzzle;
using sudoku_count::Shape;
using sudoku_count::Variant;

namespace known = sudoku_count::known;

namespace {

std::string read_data(const std::string& name) {
  std::ifstream in(std::string(SUDOKU_COUNT_TEST_DATA_DIR) + "/" + name);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw std::runtime_error("cannot read test data " + name);
  return text.str();
}

// Completed grids of a layout by backtracking cell by cell in row-major
// order, each cell taking every symbol in none of its houses: independent of
// the exact cover (it reads only the cells of each house, not the layout's
// own per-cell index).
std::uint64_t brute_force_count(const Layout& layout) {
  const int n = layout.n();
  std::vector<std::vector<int>> houses_of(static_cast<std::size_t>(layout.cells()));
  for (std::size_t h = 0; h < layout.houses().size(); ++h)
    for (int cell : layout.houses()[h].cells) houses_of[cell].push_back(static_cast<int>(h));
  std::vector<std::uint64_t> used(layout.houses().size(), 0);
  std::uint64_t count = 0;
  auto fill = [&](auto&& self, int cell) -> void {
    if (cell == layout.cells()) {
      ++count;
      return;
    }
    std::uint64_t taken = 0;
    for (int h : houses_of[cell]) taken |= used[h];
    for (int v = 0; v < n; ++v) {
      const std::uint64_t bit = std::uint64_t{1} << v;
      if (taken & bit) continue;
      for (int h : houses_of[cell]) used[h] |= bit;
      self(self, cell + 1);
      for (int h : houses_of[cell]) used[h] &= ~bit;
    }
  };
  fill(fill, 0);
  return count;
}

BigInt dlx_count(const Layout& layout, bool fix_first_row = false) {
  ExactRequest request;
  request.layout = layout;
  request.method = "dlx";
  request.fix_first_row = fix_first_row;
  return count_exact(request).count;
}

int houses_of_kind(const Layout& layout, HouseKind kind) {
  int count = 0;
  for (const House& house : layout.houses()) count += house.kind == kind;
  return count;
}

}  // namespace

TEST(Layout, ClassicRulesOfABoxShape) {
  const Layout nine(Shape{3, 3});
  EXPECT_TRUE(nine.classic());
  EXPECT_FALSE(nine.latin_square());
  EXPECT_EQ(nine.name(), "3x3");
  EXPECT_EQ(nine.houses().size(), 27u);
  for (const House& house : nine.houses()) EXPECT_EQ(house.cells.size(), 9u);
  // Every cell is in its row, its column and its box.
  for (const auto& houses : nine.houses_of_cells()) EXPECT_EQ(houses.size(), 3u);
  // Latin squares: the boxes of 1 x N are rows, so none are added.
  const Layout latin(Shape{1, 7});
  EXPECT_TRUE(latin.latin_square());
  EXPECT_EQ(houses_of_kind(latin, HouseKind::Box), 0);
  EXPECT_EQ(latin.houses().size(), 14u);
}

TEST(Layout, VariantsAddTheirHouses) {
  const Layout x = Layout::with_variants(Shape{3, 3}, {Variant::X});
  EXPECT_EQ(houses_of_kind(x, HouseKind::Diagonal), 2);
  EXPECT_EQ(x.houses()[27].cells, (std::vector<int>{0, 10, 20, 30, 40, 50, 60, 70, 80}));
  EXPECT_EQ(x.houses()[28].cells, (std::vector<int>{8, 16, 24, 32, 40, 48, 56, 64, 72}));
  // The centre is on both diagonals.
  EXPECT_EQ(x.houses_of_cells()[40].size(), 5u);
  // Disjoint groups: group 0 holds the top-left cell of every box.
  const Layout p = Layout::with_variants(Shape{3, 3}, {Variant::P});
  ASSERT_EQ(houses_of_kind(p, HouseKind::Group), 9);
  EXPECT_EQ(p.houses()[27].cells, (std::vector<int>{0, 3, 6, 27, 30, 33, 54, 57, 60}));
  // Windows: four on 9x9 (rows and columns 2-4 and 6-8, 1-based), one on
  // 4x4, nine on 16x16, two on 6x6 (the 2x3 windows fit twice down, once across).
  const Layout w = Layout::with_variants(Shape{3, 3}, {Variant::Windows});
  ASSERT_EQ(houses_of_kind(w, HouseKind::Window), 4);
  EXPECT_EQ(w.houses()[27].cells, (std::vector<int>{10, 11, 12, 19, 20, 21, 28, 29, 30}));
  EXPECT_EQ(houses_of_kind(Layout::with_variants(Shape{2, 2}, {Variant::Windows}), HouseKind::Window), 1);
  EXPECT_EQ(houses_of_kind(Layout::with_variants(Shape{4, 4}, {Variant::Windows}), HouseKind::Window), 9);
  EXPECT_EQ(houses_of_kind(Layout::with_variants(Shape{2, 3}, {Variant::Windows}), HouseKind::Window), 2);
  // Names are canonical: order and repeats do not matter.
  EXPECT_EQ(Layout::with_variants(Shape{3, 3}, {Variant::Windows, Variant::X, Variant::X}).name(), "3x3+x+windows");
  EXPECT_EQ(Layout::parse_variants("windoku, X"), (std::vector<Variant>{Variant::X, Variant::Windows}));
  EXPECT_FALSE(x.classic());
}

TEST(Layout, RefusesVariantsAShapeDoesNotHave) {
  EXPECT_THROW(Layout::with_variants(Shape{1, 9}, {Variant::P}), InputError);
  EXPECT_THROW(Layout::with_variants(Shape{9, 1}, {Variant::Windows}), InputError);
  EXPECT_THROW(Layout::parse_variants("diagonals,checkers"), InputError);
  EXPECT_THROW(Layout::parse_variants(","), InputError);
  try {
    Layout::parse_variants("hexagons");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("choose from x"), std::string::npos) << e.what();
  }
}

TEST(Layout, JigsawFilesAreReadOrRefused) {
  const Layout four = Layout::parse_regions(read_data("jigsaw/4x4-bent.txt"));
  EXPECT_TRUE(four.is_jigsaw());
  EXPECT_FALSE(four.classic());
  EXPECT_FALSE(four.has_boxes());
  EXPECT_EQ(four.n(), 4);
  EXPECT_EQ(houses_of_kind(four, HouseKind::Region), 4);
  EXPECT_EQ(four.name().rfind("jigsaw4-", 0), 0u) << four.name();
  // The name depends on the partition, not on the labels: relabelled, and
  // written as tokens, it is the same layout.
  const Layout same = Layout::parse_regions("1 1 2 2\n1 3 4 2\n1 3 4 2\n3 3 4 4\n");
  EXPECT_EQ(same.name(), four.name());
  EXPECT_TRUE(same == four);
  // Saved and read back (as checkpoints keep it).
  EXPECT_TRUE(Layout::parse_regions(four.regions_text()) == four);
  // Variant x combines with a jigsaw; p and windows need boxes.
  EXPECT_EQ(Layout::parse_regions(read_data("jigsaw/4x4-bent.txt"), {Variant::X}).name(), four.name() + "+x");
  EXPECT_THROW(Layout::parse_regions(read_data("jigsaw/4x4-bent.txt"), {Variant::P}), InputError);

  auto message = [](const std::string& text) {
    try {
      Layout::parse_regions(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message(read_data("jigsaw/bad-size.txt")).find("region 'C' has 5 cells"), std::string::npos);
  EXPECT_NE(message("AAB\nABB\n").find("line 1: 3 labels"), std::string::npos) << message("AAB\nABB\n");
  EXPECT_NE(message("AB\nCD\n").find("region 3"), std::string::npos) << message("AB\nCD\n");
  EXPECT_NE(message("AA\nAA\n").find("1 labels but 2 rows"), std::string::npos) << message("AA\nAA\n");
  EXPECT_NE(message("# nothing\n\n").find("no rows"), std::string::npos);
  EXPECT_THROW(Layout::jigsaw(2, {0, 0, 1, 2}), InputError);
}

TEST(Layout, RegionsThatAreNotTextAreRefused) {
  auto message = [](const std::string& text) {
    try {
      Layout::parse_regions(text);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  // Read as labels, these bytes made a 2x2 jigsaw of 'a' and NUL.
  const std::string nul = message(std::string("a\0\n\0a\n", 6));
  EXPECT_EQ(nul, "the file is not text: a NUL byte (0x00) at byte offset 1 (line 1); it should hold N lines of N region "
                 "labels");
  const std::string png = message(std::string("\x89PNG\r\n\x1A\n\0\0\0\rIHDR", 16));
  EXPECT_NE(png.find("not text: byte 0x89, which does not start a UTF-8 character at byte offset 0"), std::string::npos)
      << png;
  const std::string latin1 = message("AABB\nAC\xC9" "DB\nACDB\nCCDD\n");  // a Latin-1 capital E acute
  EXPECT_NE(latin1.find("at byte offset 7 (line 2)"), std::string::npos) << latin1;
  const std::string saved = message(read_data("checkpoints/est_bands_2x3_v2.ckpt"));
  EXPECT_EQ(saved, "the file is a file saved by sudoku-count (its first line is 'sudoku-count checkpoint'), not N lines "
                   "of N region labels");
  EXPECT_NE(message("").find("no rows"), std::string::npos);
  // A file of one puzzle a line: its one line was a 1x1 jigsaw of one long label.
  const std::string puzzle = message(std::string(81, '.') + "\n");
  // (Its first 20 bytes quoted, then "...".)
  EXPECT_EQ(puzzle, "line 1: the file has one row of labels ('" + std::string(23, '.') +
                        "'), but a jigsaw needs N lines of N region labels with N at least 2");
  // Labels in any script are text.
  const Layout accented = Layout::parse_regions("\xC3\xA9 \xC3\xBC\n\xC3\xBC \xC3\xA9\n");
  EXPECT_EQ(accented.n(), 2);
}

TEST(Layout, GivensClashInAnyHouse) {
  const Layout x = Layout::with_variants(Shape{2, 2}, {Variant::X});
  // r1c1 and r4c4 share only the main diagonal.
  try {
    parse_puzzle("1..." "...." "...." "...1", x);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("in the same diagonal"), std::string::npos) << e.what();
  }
  // The same givens are fine under the classic rules.
  EXPECT_NO_THROW(parse_puzzle("1..." "...." "...." "...1", Shape{2, 2}));
  const Layout jigsaw = Layout::parse_regions(read_data("jigsaw/4x4-bent.txt"));
  // r1c1 and r3c1 are both in region A.
  EXPECT_THROW(parse_puzzle("2..." "...." "2..." "....", jigsaw), InputError);
}

// The exact counts of small layouts: dancing links against the backtracking
// counter above, and against the published counts of tests/data.
TEST(Layout, ExactCountsAgreeWithBruteForce) {
  std::vector<Layout> layouts;
  for (const Shape& shape : {Shape{2, 2}, Shape{1, 4}, Shape{1, 5}, Shape{2, 3}})
    for (const auto& variants : std::vector<std::vector<Variant>>{
             {}, {Variant::X}, {Variant::P}, {Variant::Windows}, {Variant::X, Variant::P},
             {Variant::X, Variant::Windows}, {Variant::P, Variant::Windows}}) {
      try {
        layouts.push_back(Layout::with_variants(shape, variants));
      } catch (const InputError&) {  // a variant the shape does not have
      }
    }
  for (const char* file : {"jigsaw/4x4-bent.txt", "jigsaw/5x5-pentominoes.txt", "jigsaw/6x6-disconnected.txt"}) {
    layouts.push_back(Layout::parse_regions(read_data(file)));
    layouts.push_back(Layout::parse_regions(read_data(file), {Variant::X}));
  }
  ASSERT_GE(layouts.size(), 24u);
  for (const Layout& layout : layouts) {
    // Millions of grids one at a time (6x6 classic, 2x3+p) take seconds:
    // those are checked against published counts instead. On 6x6 dancing
    // links counts with the first row fixed (the reduction is checked
    // against the plain count below).
    const BigInt count = dlx_count(layout, layout.n() == 6);
    if (count > 1'000'000) continue;
    EXPECT_EQ(count, BigInt(brute_force_count(layout))) << layout.name();
  }
  for (const char* name : {"2x2+x", "2x2+p", "2x2+x+p", "2x3+x", "2x3+p", "2x3+x+p", "1x4+x", "1x5+x", "1x6+x"}) {
    const Layout layout = Layout::with_variants(Shape::parse(std::string(name).substr(0, 3)),
                                                Layout::parse_variants(std::string(name).substr(4)));
    ASSERT_EQ(layout.name(), name);
    EXPECT_EQ(dlx_count(layout), known::layout_count(name)) << name;
  }
}

// Relabelling the symbols keeps every house of every layout, so fixing the
// first row and multiplying by N! gives the plain count.
TEST(Layout, RelabellingReductionEqualsThePlainCount) {
  for (const Layout& layout :
       {Layout::with_variants(Shape{2, 2}, {Variant::X}), Layout::with_variants(Shape{2, 2}, {Variant::P, Variant::Windows}),
        Layout::with_variants(Shape{2, 3}, {Variant::X}), Layout::with_variants(Shape{2, 3}, {Variant::Windows}),
        Layout::with_variants(Shape{1, 5}, {Variant::X}), Layout::parse_regions(read_data("jigsaw/5x5-pentominoes.txt")),
        Layout::parse_regions(read_data("jigsaw/6x6-disconnected.txt"))})
    EXPECT_EQ(dlx_count(layout, true), dlx_count(layout)) << layout.name();
  // Latin squares of order 6 (812,851,200) with the reduction, against the published count.
  EXPECT_EQ(dlx_count(Layout(Shape{1, 6}), true), known::layout_count("1x6"));
}

TEST(Layout, BandsRefuseOtherLayouts) {
  ExactRequest request;
  request.layout = Layout::with_variants(Shape{2, 2}, {Variant::X});
  request.method = "bands";
  EXPECT_THROW(count_exact(request), InputError);
  request.method = "auto";
  EXPECT_EQ(sudoku_count::choose_exact_method(request), "dlx");
  request.layout = Layout::with_variants(Shape{3, 3}, {Variant::X});
  EXPECT_EQ(sudoku_count::choose_exact_method(request), "sets-x");  // 9x9 X: beyond dlx's reach
  request.layout = Layout::with_variants(Shape{4, 4}, {Variant::X});
  EXPECT_THROW(sudoku_count::choose_exact_method(request), InputError);  // 16x16 X: beyond every method
}

TEST(Layout, SolvesAndSamplesVariants) {
  const Layout x = Layout::with_variants(Shape{2, 3}, {Variant::X});
  sudoku_count::SampleOptions options;
  options.count = 50;
  options.seed = 3;
  const auto drawn = sudoku_count::sample_grids(x, options);
  EXPECT_TRUE(drawn.exactly_uniform);
  for (const Grid& grid : drawn.grids) EXPECT_NO_THROW(sudoku_count::validate_grid(grid));
  // A grid with its first row blanked has one completion under the rules
  // of its layout: solve finds that grid.
  Grid puzzle = drawn.grids[0];
  for (int col = 0; col < 6; ++col) puzzle.at(0, col) = 0;
  const auto solved = sudoku_count::solve(puzzle);
  ASSERT_EQ(solved.status, sudoku_count::SolveStatus::Unique);
  EXPECT_EQ(solved.solutions[0].cells, drawn.grids[0].cells);
  // A layout without grids has nothing to sample.
  EXPECT_THROW(sudoku_count::sample_grids(Layout::with_variants(Shape{2, 3}, {Variant::X, Variant::P}), options),
               InputError);
}
