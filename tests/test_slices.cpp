// The slice decomposition (src/slices, docs/method.md section 14): slice-array
// counts, the completions of first bands against dancing links on random
// bands of every layout it serves, the classes of first bands, the totals of
// the slices route against dancing links, and the published fixed-band figure
// of 9x9 p.
#include <gtest/gtest.h>

#include <random>

#include "slices/first_band_classes.hpp"
#include "slices/slice_arrays.hpp"
#include "slices/sliced_completions.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"

namespace sudoku_count {
namespace {

using detail::FirstBandClass;
using detail::FirstBandClasses;
using detail::Mask;
using detail::SliceArrayCounter;
using detail::SliceCount;
using detail::SlicedCompletions;
using detail::SlicedLayout;

std::uint64_t as_u64(SliceCount value) { return static_cast<std::uint64_t>(value); }

BigInt dlx_completions(const Layout& layout, const std::vector<int>& band) {
  Grid grid = empty_grid(layout);
  for (std::size_t i = 0; i < band.size(); ++i) grid.cells[i] = band[i] + 1;
  ExactOptions options;
  options.threads = 1;
  return count_completions_dlx(grid, options).count;
}

// A random first band of the layout: a random class's least band, relabelled
// and with its columns permuted within stacks at random (so that the band is
// not a least one: the counts must not lean on the classes' order).
std::vector<int> random_band(const Layout& layout, const FirstBandClasses& classes, std::mt19937_64& rng) {
  std::vector<int> band;
  while (band.empty()) {
    const std::uint64_t chunk = rng() % classes.chunks();
    std::vector<std::vector<int>> found;
    classes.for_each_class(chunk, [&](const FirstBandClass& k) { found.push_back(k.band); });
    if (!found.empty()) band = found[rng() % found.size()];
  }
  const int n = layout.n();
  std::vector<int> symbols(n);
  std::iota(symbols.begin(), symbols.end(), 0);
  std::shuffle(symbols.begin(), symbols.end(), rng);
  for (int& v : band) v = symbols[v];
  return band;
}

TEST(SliceArrays, CountLatinSquaresAndRefuseMismatchedSets) {
  SliceArrayCounter counter;
  const Mask three = 0b111, four = 0b1111;
  const Mask rows3[3] = {three, three, three};
  EXPECT_EQ(counter.count(3, 3, rows3, rows3), 12u);  // Latin squares of order 3
  const Mask rows4[4] = {four, four, four, four};
  EXPECT_EQ(counter.count(4, 4, rows4, rows4), 576u);  // of order 4
  // Rows {0,1},{2,3}, columns {0,2},{1,3}: one array.
  const Mask rows[2] = {0b0011, 0b1100}, cols[2] = {0b0101, 0b1010};
  EXPECT_EQ(counter.count(2, 2, rows, cols), 1u);
  // A symbol in two rows and one column: none.
  const Mask bad_cols[2] = {0b0111, 0b1000};
  EXPECT_EQ(counter.count(2, 2, rows, bad_cols), 0u);
  // A given cell: row 0 column 0 holds 0 in the only array; giving it 1 leaves none.
  EXPECT_EQ(counter.count(2, 2, rows, cols, {{0, 0, 0}}), 1u);
  EXPECT_EQ(counter.count(2, 2, rows, cols, {{0, 0, 1}}), 0u);
  // The memo: the same pattern under other symbols is one entry.
  const std::size_t before = counter.patterns();
  const Mask rows_b[3] = {0b111000, 0b111000, 0b111000};
  EXPECT_EQ(counter.count(3, 3, rows_b, rows_b), 12u);
  EXPECT_EQ(counter.patterns(), before);
}

struct BandCase {
  Shape box;
  const char* variants;
  int bands;
};

void expect_random_bands_agree(const std::vector<BandCase>& cases) {
  std::mt19937_64 rng(20261203);
  for (const BandCase& c : cases) {
    const Layout layout = make_layout(c.box, c.variants, "");
    const auto cut = SlicedLayout::cut(layout);
    ASSERT_TRUE(cut.has_value()) << layout.name();
    const FirstBandClasses classes(layout);
    const SlicedCompletions completions(*cut);
    SliceArrayCounter counter;
    int nonzero = 0;
    for (int i = 0; i < c.bands; ++i) {
      const std::vector<int> band = random_band(layout, classes, rng);
      const std::uint64_t g = as_u64(completions.count(band, counter));
      if (layout.n() == 9 && g > 3000000) continue;  // dancing links would take minutes
      EXPECT_EQ(BigInt(g), dlx_completions(layout, band)) << layout.name() << " band " << i;
      nonzero += g > 0;
    }
    // x+p has no grids on 6x6 and 8x8 (dancing links agrees): zeros only.
    if (layout.n() == 4 || layout.variants().size() == 1) EXPECT_GT(nonzero, 0) << layout.name();
  }
}

// The completions of random first bands equal dancing links on every layout
// the slices serve: two bands (the last band alone) and three (the join).
TEST(SlicedCompletions, EqualDancingLinksOnRandomBands) {
  expect_random_bands_agree({{{2, 2}, "p", 12},
                             {{2, 2}, "windows", 12},
                             {{2, 2}, "x+p", 12},
                             {{2, 3}, "p", 12},
                             {{3, 2}, "p", 12},
                             {{3, 2}, "windows", 12},
                             {{2, 3}, "x+p", 12},
                             {{3, 2}, "x+p", 12},
                             {{4, 2}, "p", 6},
                             {{4, 2}, "x+p", 4}});
}

// The same on 9x9 (bands with more than 3e6 completions are left to the fixed-band test).
TEST(SlicedCompletions, NineByNineRandomBands) {
  expect_random_bands_agree({{{3, 3}, "windows", 4}, {{3, 3}, "p", 3}, {{3, 3}, "x+p", 3}});
}

// The published figure of 9x9 p (enjoysudoku forum, "SudokuP - Analysis",
// by dancing links): band 1 = 123456789/456789123/789123456 has 631,369,728
// completions.
TEST(SlicedCompletions, PatternBandOfDisjointGroups) {
  const Layout layout = make_layout(Shape{3, 3}, "p", "");
  const SlicedCompletions completions(*SlicedLayout::cut(layout));
  SliceArrayCounter counter;
  const std::vector<int> band = {0, 1, 2, 3, 4, 5, 6, 7, 8, 3, 4, 5, 6, 7, 8, 0, 1, 2, 6, 7, 8, 0, 1, 2, 3, 4, 5};
  EXPECT_EQ(as_u64(completions.count(band, counter)), 631369728u);
}

// The classes' sizes come from stabilisers: they add up to the first bands
// (row 1 fixed), counted here by dancing links on the first band alone.
TEST(FirstBandClasses, SizesAddUpToTheFirstBands) {
  for (const auto& [box, variants, bands] : std::vector<std::tuple<Shape, const char*, std::uint64_t>>{
           {{3, 3}, "p", 2612736}, {{3, 3}, "windows", 594432}, {{3, 3}, "x+p", 2612736}, {{2, 3}, "p", 36}}) {
    const Layout layout = make_layout(box, variants, "");
    const FirstBandClasses classes(layout);
    std::uint64_t total = 0, count = 0;
    for (std::uint64_t chunk = 0; chunk < classes.chunks(); ++chunk)
      classes.for_each_class(chunk, [&](const FirstBandClass& k) {
        total += k.bands;
        ++count;
        EXPECT_EQ(classes.group_order() % k.bands, 0u);
      });
    EXPECT_EQ(total, bands) << layout.name();
    EXPECT_LT(count, total) << layout.name();
  }
  EXPECT_EQ(FirstBandClasses(make_layout(Shape{3, 3}, "p", "")).group_order(), 216u);
  EXPECT_EQ(FirstBandClasses(make_layout(Shape{3, 3}, "windows", "")).group_order(), 16u);
}

// The slices route's totals equal dancing links on every layout both reach.
TEST(SlicesRoute, TotalsEqualDancingLinks) {
  for (const auto& [box, variants] : std::vector<std::pair<Shape, const char*>>{
           {{2, 2}, "p"}, {{2, 2}, "windows"}, {{2, 2}, "x+p"}, {{2, 3}, "p"}, {{3, 2}, "p"}, {{3, 2}, "windows"},
           {{2, 3}, "x+p"}, {{3, 2}, "x+p"}}) {
    ExactRequest request;
    request.layout = make_layout(box, variants, "");
    request.threads = 2;
    request.method = "slices";
    const ExactResult slices = count_exact(request);
    request.method = "dlx";
    const ExactResult dlx = count_exact(request);
    EXPECT_EQ(slices.method, "slices");
    EXPECT_EQ(slices.count, dlx.count) << request.layout.name();
  }
}

TEST(SlicesRoute, RefusesLayoutsItDoesNotServe) {
  std::string why;
  // x alone: every column a slice of its own (the sets-x route counts it instead).
  EXPECT_FALSE(SlicedLayout::cut(make_layout(Shape{3, 3}, "x", ""), &why).has_value());
  EXPECT_NE(why.find("slice of its own"), std::string::npos) << why;
  EXPECT_EQ(ExactJob::variant_route_for(make_layout(Shape{3, 3}, "x", "")), kDiagonalSetsRoute);
  EXPECT_THROW(ExactJob(make_layout(Shape{3, 3}, "x", ""), kSlicesRoute), InputError);
  EXPECT_FALSE(ExactJob::handles(make_layout(Shape{3, 3}, "p+windows", ""), &why));
  EXPECT_NE(why.find("join 9 columns"), std::string::npos) << why;
  EXPECT_FALSE(ExactJob::handles(make_layout(Shape{2, 4}, "p", ""), &why));  // four bands
  ExactRequest request;
  request.layout = make_layout(Shape{3, 3}, "", "");
  request.method = "slices";
  EXPECT_THROW(choose_exact_method(request), InputError);
  request.layout = make_layout(Shape{3, 3}, "p", "");
  request.method = "auto";
  EXPECT_EQ(choose_exact_method(request), "slices");
  request.layout = make_layout(Shape{2, 3}, "p", "");
  EXPECT_EQ(choose_exact_method(request), "dlx");  // dancing links is quicker up to 6x6
}

// A variant job's checkpoint keeps its variants (format 3) and is refused
// by a job of another layout.
TEST(SlicesRoute, JobCheckpointKeepsTheLayout) {
  const ExactJob job(make_layout(Shape{2, 3}, "p", ""));
  ExactJobState state = start_state(job);
  JobLimits limits;
  limits.max_units = 20;
  state = run_exact_job(job, state, limits, {});
  const std::string text = format_exact_job(state);
  EXPECT_NE(text.find("format 3\n"), std::string::npos);
  EXPECT_NE(text.find("variants p\n"), std::string::npos);
  const ExactJobState back = parse_exact_job(text, "job");
  EXPECT_EQ(format_exact_job(back), text);
  EXPECT_EQ(job_layout(back).name(), "2x3+p");
  EXPECT_NO_THROW(require_same_job(back, "job", job));
  const ExactJob other(make_layout(Shape{2, 3}, "x+p", ""));
  EXPECT_THROW(require_same_job(back, "job", other), InputError);
  const ExactJobState finished = run_exact_job(job, back, {}, {});
  EXPECT_TRUE(finished.finished());
  EXPECT_EQ(finished.sum, BigInt(2799360));
}

}  // namespace
}  // namespace sudoku_count
