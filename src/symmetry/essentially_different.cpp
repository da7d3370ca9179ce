// Essentially different grids by Burnside's lemma over G x S_N
// (docs/method.md, section 10).
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "core/threads.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/symmetry.hpp"
#include "symmetry/fixed_grids.hpp"
#include "symmetry/line_group.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

// Grids of up to 6x6 are enumerated by dancing links in seconds (the
// exact command's own rule); larger totals need the band method.
constexpr int kMaxDlxTotal = 6;

bool total_in_reach(const Shape& shape) { return shape.n() <= kMaxDlxTotal || bands_count_exactly(shape); }

bool square(const Shape& shape) { return shape.box_rows == shape.box_cols; }

// One element of G standing for its conjugacy class (or, for pairs of line
// classes that transposition swaps, for both).
struct Representative {
  Permutation cells;           // g as a permutation of the cells
  BigInt weight;               // elements of G whose A equals this one's
  SymmetryClassTerm term;      // how the result describes it
  BigInt fixed = 0;            // A(g), summed over relabellings
};

Permutation cells_of(const Shape& shape, const Permutation& rows, const Permutation& columns, bool transpose) {
  const int n = shape.n();
  Permutation map(static_cast<std::size_t>(shape.cells()));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      // (r, c) -> (rows[r], columns[c]), then, for the transposition coset,
      // -> (columns[c], rows[r]).
      map[r * n + c] = transpose ? columns[c] * n + rows[r] : rows[r] * n + columns[c];
  return map;
}

bool has_fixed_cell(const Permutation& cells) {
  for (std::size_t c = 0; c < cells.size(); ++c)
    if (cells[c] == static_cast<int>(c)) return true;
  return false;
}

}  // namespace

bool essentially_different_in_reach(const Shape& shape) {
  return total_in_reach(shape) && shape.n() <= 9 && line_group_order(shape.box_rows, shape.box_cols) > 0 &&
         line_group_order(shape.box_cols, shape.box_rows) > 0;
}

std::string symmetry_group_description(const Shape& shape, bool transposition) {
  const std::string r = std::to_string(shape.box_rows), c = std::to_string(shape.box_cols);
  std::string text = "relabelling the " + std::to_string(shape.n()) + " symbols; permuting the " + c +
                     " bands, the " + r + " rows inside each band, the " + r + " stacks and the " + c +
                     " columns inside each stack";
  if (square(shape)) text += transposition ? "; transposition" : "; without transposition";
  return text;
}

BigInt symmetry_group_order(const Shape& shape, bool transposition) {
  BigInt order = symmetry_group_order(shape);  // includes transposition for square boxes
  if (square(shape) && !transposition) order /= 2;
  return order;
}

std::string class_count_bound_statement(const Shape& shape, bool transposition) {
  return "essentially different grids (" + symmetry_group_description(shape, transposition) +
         ") >= number of grids / " + symmetry_group_order(shape, transposition).str() +
         " (Burnside's lemma: every other term of its sum is >= 0); estimate / order estimates that lower bound, "
         "the only upper bound proved is number of grids / " + factorial(shape.n()).str() +
         " (relabellings act freely on grids, so every class holds at least N! grids), " +
         (symmetry_group_order(shape, transposition) / factorial(shape.n())).str() + " times the lower bound";
}

EssentiallyDifferentResult count_essentially_different(const Layout& layout, const SymmetryOptions& options,
                                                       const SymmetryProgressFn& progress) {
  if (!layout.classic())
    throw InputError("essentially different grids are counted for the classic rules of a box shape only: layout " +
                     layout.name() +
                     " is not kept by the symmetry group implemented (band, stack, row and column permutations and "
                     "transposition move its " +
                     (layout.is_jigsaw() ? std::string("regions") : std::string("extra regions")) +
                     "), and Burnside's lemma needs a group acting on the layout's grids; drop {variant} / {regions}");
  return count_essentially_different(layout.shape(), options, progress);
}

EssentiallyDifferentResult count_essentially_different(const Shape& shape, const SymmetryOptions& options,
                                                       const SymmetryProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  if (!essentially_different_in_reach(shape))
    throw InputError("essentially different grids are counted exactly up to 9x9 (every shape whose grids the "
                     "tool counts exactly there); box " + shape.name() + " (" + std::to_string(shape.n()) + "x" +
                     std::to_string(shape.n()) + ") is beyond that reach. An estimate of all grids of box " + shape.name() +
                     " (the estimate session) estimates a lower bound of the class count by its estimate / order / order line estimates a lower bound of the class count "
                     "(Burnside: classes >= grids / order); the only upper bound proved, grids / N!, is far looser");
  EssentiallyDifferentResult result;
  result.shape = shape;
  result.threads = thread_count(options.threads);
  result.transposition = square(shape) && options.transposition;
  result.group = symmetry_group_description(shape, result.transposition);
  result.group_order = symmetry_group_order(shape, result.transposition);
  result.geometric_order = result.group_order / factorial(shape.n());
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();

  // 1. Conjugacy classes of G. Rows: S_R wr S_C (C bands of R rows);
  //    columns: S_C wr S_R. G without transposition is their direct
  //    product, whose classes are the pairs. With transposition (R = C), t
  //    conjugates (a, b) to (b, a), so the pairs {K, K'} merge, and the coset
  //    t(W x W) has one class per class K of W, of |W| |K| elements, with
  //    representative t (k, 1), k in K (the class of t (a, b) is that of ab).
  const std::vector<LineClass> row_classes = line_group_classes(r, c);
  const std::vector<LineClass> column_classes = line_group_classes(c, r);
  const BigInt row_order = line_group_order(r, c);
  const Permutation identity_lines = [&] {
    Permutation p(n);
    for (int i = 0; i < n; ++i) p[i] = i;
    return p;
  }();
  std::vector<Representative> reps;
  for (std::size_t i = 0; i < row_classes.size(); ++i)
    for (std::size_t j = 0; j < column_classes.size(); ++j) {
      // Transposing a grid (a bijection onto the grids of the transposed
      // shape, here the same shape) conjugates (a, b) to (b, a), so A takes
      // the same value on both: count each unordered pair once.
      if (square(shape) && j < i) continue;
      Representative rep;
      rep.cells = cells_of(shape, row_classes[i].representative, column_classes[j].representative, false);
      rep.weight = BigInt(row_classes[i].size) * column_classes[j].size;
      if (square(shape) && i != j) rep.weight *= 2;
      rep.term.rows = row_classes[i].type;
      rep.term.columns = column_classes[j].type;
      rep.term.elements = rep.weight;
      if (square(shape) && !result.transposition && i != j) rep.term.conjugacy_classes = 2;
      result.conjugacy_classes += rep.term.conjugacy_classes;
      reps.push_back(std::move(rep));
    }
  if (result.transposition)
    for (const LineClass& k : row_classes) {
      Representative rep;
      rep.cells = cells_of(shape, k.representative, identity_lines, true);
      rep.weight = row_order * k.size;
      rep.term.rows = k.type;
      rep.term.transposes = true;
      rep.term.elements = rep.weight;
      reps.push_back(std::move(rep));
      ++result.conjugacy_classes;
    }

  // 2. The tasks: (representative, cycle type of sigma). Every symbol
  //    occurs in a grid, at a cell whose orbit length L divides the order of
  //    g, and sigma^L fixes it: so sigma's cycle lengths divide g's order. A
  //    cell that g fixes holds a symbol that sigma fixes. The identity fixes
  //    every grid with sigma = 1 only, and is counted apart.
  struct Task {
    std::size_t rep;
    std::vector<int> type;
    BigInt fixed = 0;
  };
  std::vector<Task> tasks;
  const std::vector<std::vector<int>> types = partitions(n);
  for (std::size_t i = 1; i < reps.size(); ++i) {
    const long long order = permutation_order(reps[i].cells);
    const bool fixed_cell = has_fixed_cell(reps[i].cells);
    for (const std::vector<int>& type : types) {
      const bool divides = std::all_of(type.begin(), type.end(), [&](int length) { return order % length == 0; });
      if (!divides || (fixed_cell && type.back() != 1)) continue;
      tasks.push_back(Task{i, type});
    }
  }
  result.covers_counted = static_cast<long long>(tasks.size());

  // 3. All grids: the identity's term.
  ExactOptions exact_options;
  exact_options.threads = result.threads;
  const ExactResult total = bands_count_exactly(shape) ? count_grids_by_bands(shape, exact_options)
                                                       : count_completions_dlx(empty_grid(shape), exact_options);
  result.total_grids = total.count;
  result.total_method = total.method;
  reps[0].fixed = total.count;
  if (progress) progress(0.3);

  // 4. Fixed grids per task. A few tasks hold most of the work (9x9: one
  //    class of involutions takes over half), so the canonical first rows of
  //    each task are cut into chunks, and the chunks of all tasks shared
  //    among the threads; each chunk runs on one counter, whose count cache
  //    serves its rows.
  std::vector<FixedGridProblem> problems(tasks.size());
#pragma omp parallel for num_threads(result.threads) schedule(dynamic, 1)
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    problems[t] = fixed_grid_problem(shape, reps[tasks[t].rep].cells, permutation_of_type(tasks[t].type));
    if (problems[t].rows.empty()) problems[t].cover.reset();
  }
  struct Chunk {
    std::size_t task, first, last;
    BigInt below = 0;
  };
  std::vector<Chunk> chunks;
  const std::size_t per_task = 4 * static_cast<std::size_t>(result.threads);
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const std::size_t rows = problems[t].rows.size();
    const std::size_t size = std::max<std::size_t>(1, (rows + per_task - 1) / per_task);
    for (std::size_t first = 0; first < rows; first += size) chunks.push_back({t, first, std::min(rows, first + size)});
  }
  if (progress) progress(0.35);
  std::size_t done = 0;
#pragma omp parallel for num_threads(result.threads) schedule(dynamic, 1)
  for (std::size_t k = 0; k < chunks.size(); ++k) {
    chunks[k].below = count_rows(problems[chunks[k].task], chunks[k].first, chunks[k].last);
#pragma omp atomic
    ++done;
    if (progress && omp_get_thread_num() == 0) progress(0.35 + 0.65 * static_cast<double>(done) / chunks.size());
  }
  for (const Chunk& chunk : chunks) tasks[chunk.task].fixed += problems[chunk.task].centraliser * chunk.below;
  for (const Task& task : tasks) reps[task.rep].fixed += permutations_of_type(task.type) * task.fixed;

  // 5. Burnside: classes = sum over G of A(g), over |G| N!.
  BigInt sum = 0;
  for (Representative& rep : reps) {
    sum += rep.weight * rep.fixed;
    if (rep.fixed != 0) {
      rep.term.fixed_up_to_relabelling = rep.fixed;
      result.classes_with_fixed_grids += rep.term.conjugacy_classes;
      result.terms.push_back(rep.term);
    }
  }
  if (sum % result.group_order != 0)
    throw std::logic_error("Burnside's sum " + sum.str() + " is not a multiple of the group order " +
                           result.group_order.str());
  result.count = sum / result.group_order;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sudoku_count
