#include "bands/band_tables.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>

#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A row of a canonical band after the first: its symbols and, per box of the
// band, the mask of symbols it puts there. Rows of one band must have
// disjoint box masks (which also keeps every column free of repeats).
struct CandidateRow {
  std::vector<std::uint8_t> symbols;
  std::vector<Mask> box_symbols;
};

Mask first_row_box_symbols(const Shape& shape, int box) { return low_bits(shape.box_cols) << (box * shape.box_cols); }

bool fits_under_first_row(const Shape& shape, const std::uint8_t* symbols) {
  for (int j = 0; j < shape.n(); ++j)
    if (first_row_box_symbols(shape, j / shape.box_cols) & (Mask{1} << symbols[j])) return false;
  return true;
}

CandidateRow make_candidate(const Shape& shape, const std::uint8_t* symbols) {
  CandidateRow row{std::vector<std::uint8_t>(symbols, symbols + shape.n()), std::vector<Mask>(shape.box_rows, 0)};
  for (int j = 0; j < shape.n(); ++j) row.box_symbols[j / shape.box_cols] |= Mask{1} << symbols[j];
  return row;
}

// Rows that may follow the first row 0..N-1 in a band: from the permutation
// table when there is one, otherwise by a depth-first walk over the columns.
std::vector<CandidateRow> candidate_rows(const Shape& shape, const RowPermutations* permutations,
                                         std::size_t max_rows) {
  std::vector<CandidateRow> rows;
  auto keep = [&](const std::uint8_t* symbols) {
    if (rows.size() == max_rows)
      throw InputError("band tables for box " + shape.name() + " need more than " + std::to_string(max_rows) +
                       " candidate rows: too large to tabulate");
    rows.push_back(make_candidate(shape, symbols));
  };
  if (permutations) {
    for (std::size_t i = 0; i < permutations->size(); ++i)
      if (fits_under_first_row(shape, permutations->row(i))) keep(permutations->row(i));
    return rows;
  }
  const int n = shape.n();
  std::vector<std::uint8_t> symbols(n);
  auto walk = [&](auto&& self, int column, Mask used) -> void {
    if (column == n) return keep(symbols.data());
    Mask options = low_bits(n) & ~used & ~first_row_box_symbols(shape, column / shape.box_cols);
    for (; options; options = clear_low_bit(options)) {
      symbols[column] = static_cast<std::uint8_t>(low_bit_index(options));
      self(self, column + 1, used | low_bit(options));
    }
  };
  walk(walk, 0, 0);
  return rows;
}

}  // namespace

RowPermutations::RowPermutations(int n) : n_(n) {
  std::vector<std::uint8_t> row(n);
  std::iota(row.begin(), row.end(), 0);
  count_ = 1;
  for (int k = 2; k <= n; ++k) count_ *= static_cast<std::size_t>(k);
  symbols_.reserve(count_ * n);
  do {
    symbols_.insert(symbols_.end(), row.begin(), row.end());
  } while (std::next_permutation(row.begin(), row.end()));
}

CanonicalBands::CanonicalBands(const Shape& shape, const RowPermutations* permutations, const TableLimits& limits)
    : n_(shape.n()) {
  if (n_ > kMaxSymbols)
    throw InputError("band tables are built for grids up to 16x16; box " + shape.name() + " gives " +
                     std::to_string(n_) + "x" + std::to_string(n_));
  // Beyond 2^25 bands (4x2 has 20.5 million) the table is neither quick to
  // build nor needed: the sets method reaches those shapes without tables.
  const std::size_t max_bands = std::min<std::size_t>(limits.max_bytes / (sizeof(StoredMask) * n_), std::size_t{1} << 25);
  // Candidate rows beyond a few million mean billions of bands: refuse early.
  constexpr std::size_t kMaxCandidateRows = std::size_t{1} << 22;
  const auto rows = candidate_rows(shape, permutations, std::min(max_bands, kMaxCandidateRows));
  const int r = shape.box_rows;

  // Depth-first over rows 2..R; each level passes on only the candidates
  // still compatible with every row chosen so far.
  std::vector<const CandidateRow*> chosen(r, nullptr);
  std::vector<std::vector<const CandidateRow*>> compatible(r);
  for (const CandidateRow& row : rows) compatible[1].push_back(&row);

  auto store = [&] {
    if (count_ == max_bands)
      throw InputError("the canonical band table for box " + shape.name() + " has more than " +
                       std::to_string(max_bands) + " bands: too large to tabulate (method sets needs no tables)");
    const std::size_t base = symbol_columns_.size();
    symbol_columns_.resize(base + n_, 0);
    for (int j = 0; j < n_; ++j) symbol_columns_[base + j] |= StoredMask(1u << j);  // first row: symbol j in column j
    for (int depth = 1; depth < r; ++depth)
      for (int j = 0; j < n_; ++j) symbol_columns_[base + chosen[depth]->symbols[j]] |= StoredMask(1u << j);
    ++count_;
  };
  auto disjoint = [r](const CandidateRow& a, const CandidateRow& b) {
    for (int box = 0; box < r; ++box)
      if (a.box_symbols[box] & b.box_symbols[box]) return false;
    return true;
  };
  auto extend = [&](auto&& self, int depth) -> void {
    if (depth == r) return store();
    for (const CandidateRow* row : compatible[depth]) {
      chosen[depth] = row;
      if (depth + 1 < r) {
        auto& next = compatible[depth + 1];
        next.clear();
        for (const CandidateRow* other : compatible[depth])
          if (disjoint(*row, *other)) next.push_back(other);
      }
      self(self, depth + 1);
    }
  };
  extend(extend, 1);
  symbol_columns_.shrink_to_fit();
}

void CanonicalBands::column_sets(std::size_t index, Mask* sets) const {
  std::fill(sets, sets + n_, Mask{0});
  for (int s = 0; s < n_; ++s)
    for (Mask cols = symbol_columns(index, s); cols; cols = clear_low_bit(cols)) sets[low_bit_index(cols)] |= Mask{1} << s;
}

BandTables BandTables::build(const Shape& shape, const TableLimits& limits) {
  BandTables tables;
  tables.shape = shape;
  const int n = shape.n();
  if (n > CanonicalBands::kMaxSymbols)
    throw InputError("band tables are built for grids up to 16x16; box " + shape.name() + " gives " +
                     std::to_string(n) + "x" + std::to_string(n));

  auto start = std::chrono::steady_clock::now();
  if (n <= RowPermutations::kMaxSymbols) {
    tables.permutations = std::make_unique<RowPermutations>(n);
    tables.report.push_back({"row permutations", tables.permutations->size(), tables.permutations->bytes(),
                             seconds_since(start)});
  }
  start = std::chrono::steady_clock::now();
  tables.bands = std::make_unique<CanonicalBands>(shape, tables.permutations.get(), limits);
  tables.report.push_back({"canonical bands", tables.bands->size(), tables.bands->bytes(), seconds_since(start)});
  tables.bands_total = factorial(n) * BigInt(tables.bands->size());

  start = std::chrono::steady_clock::now();
  tables.fillings = std::make_unique<BandFillings>(shape, limits.max_bytes / sizeof(std::uint32_t), limits.threads);
  if (tables.fillings->tabulated())
    tables.report.push_back({"band fillings f(X)", tables.fillings->table_entries(), tables.fillings->table_bytes(),
                             seconds_since(start)});
  return tables;
}

}  // namespace sudoku_count::detail

namespace sudoku_count {

BandTablesReport band_tables_report(const Shape& shape) {
  const detail::BandTables tables = detail::BandTables::build(shape);
  return {shape, tables.bands_total, tables.report};
}

}  // namespace sudoku_count
