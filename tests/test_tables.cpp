#include <gtest/gtest.h>

#include "sudoku_count/error.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/tables.hpp"
#include "bands/band_tables.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {
// Known band counts b(R,C) (see the comparison table in docs/validation.md).
BigInt known_bands(const Shape& s) {
  if (s == Shape{3, 3}) return BigInt("948109639680");
  if (s == Shape{3, 2}) return BigInt(460800);
  // b(2,C) = C(2C,C) (C!)^4
  BigInt binom = factorial(2 * s.box_cols) / (factorial(s.box_cols) * factorial(s.box_cols));
  return binom * boost::multiprecision::pow(factorial(s.box_cols), 4);
}
}  // namespace

TEST(Tables, NineByNineSizes) {
  const BandTables t = BandTables::build(Shape{3, 3});
  ASSERT_TRUE(t.permutations);
  EXPECT_EQ(t.permutations->size(), 362880u);
  EXPECT_EQ(t.bands->size(), 2612736u);
  EXPECT_EQ(t.bands_total, known_bands(Shape{3, 3}));
  EXPECT_TRUE(t.fillings->tabulated());
}

TEST(Tables, BandCountsMatchKnownValues) {
  for (const Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{2, 5}}) {
    const BandTables t = BandTables::build(s);
    EXPECT_EQ(t.bands_total, known_bands(s)) << s.name();
  }
}

TEST(Tables, DegenerateShapes) {
  EXPECT_EQ(BandTables::build(Shape{1, 2}).bands_total, 2);   // a band is one row: 2! of them
  EXPECT_EQ(BandTables::build(Shape{2, 1}).bands_total, 2);   // the whole 2x2 Latin square
  EXPECT_EQ(BandTables::build(Shape{1, 1}).bands_total, 1);
}

// Every band with column sets X is one of f(X) fillings, and each key of the
// f table stands for P (C!)^(R-1) column-set structures (one per ordered
// box-0 partition, and one per order of the sets of each other box), so
// P (C!)^(R-1) * sum of the table = number of all bands.
TEST(Tables, FillingTableAddsUpToAllBands) {
  for (const Shape s : {Shape{3, 2}, Shape{3, 3}, Shape{2, 3}, Shape{2, 4}}) {
    const BandTables t = BandTables::build(s);
    ASSERT_TRUE(t.fillings->tabulated());
    BigInt sum = 0;
    for (std::size_t k = 0; k < t.fillings->table_entries(); ++k) sum += t.fillings->at_key(k);
    const int n = s.n(), r = s.box_rows;
    const BigInt partitions = factorial(n) / boost::multiprecision::pow(factorial(r), s.box_cols);
    const BigInt orders = boost::multiprecision::pow(factorial(s.box_cols), r - 1);
    EXPECT_EQ(partitions * orders * sum, t.bands_total) << s.name();
  }
}

// The table and the direct count agree on the column sets of random bands,
// and every band's own column sets have at least one filling.
TEST(Tables, FillingTableAgreesWithDirectCount) {
  const BandTables t = BandTables::build(Shape{3, 3});
  Rng rng = block_stream(42, 0);
  Mask sets[kMaxGridSize];
  for (int i = 0; i < 2000; ++i) {
    t.bands->column_sets(uniform_below(rng, t.bands->size()), sets);
    const auto direct = t.fillings->count_direct(sets);
    EXPECT_GE(direct, 1u);
    EXPECT_EQ(t.fillings->count(sets), direct);
  }
}

TEST(Tables, RefusesShapesThatDoNotFit) {
  EXPECT_THROW(BandTables::build(Shape{4, 4}), InputError);
  EXPECT_THROW(BandTables::build(Shape{3, 4}), InputError);
  EXPECT_THROW(BandTables::build(Shape{5, 5}), InputError);
}

TEST(Tables, PublicReportMatchesTheTables) {
  const BandTablesReport report = band_tables_report(Shape{2, 3});
  const BandTables tables = BandTables::build(Shape{2, 3});
  EXPECT_EQ(report.shape, (Shape{2, 3}));
  EXPECT_EQ(report.bands_total, known_bands(Shape{2, 3}));
  ASSERT_EQ(report.tables.size(), tables.report.size());
  for (std::size_t i = 0; i < report.tables.size(); ++i) {
    EXPECT_EQ(report.tables[i].name, tables.report[i].name);
    EXPECT_EQ(report.tables[i].entries, tables.report[i].entries);
    EXPECT_EQ(report.tables[i].bytes, tables.report[i].bytes);
  }
  EXPECT_THROW(band_tables_report(Shape{4, 4}), InputError);
}
