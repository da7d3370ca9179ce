#pragma once
// Exact counting: a puzzle's completions by dancing links, and all grids of
// a shape by the column-set decomposition over band tables; which method
// counts a request, and what each one reaches.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/grid.hpp"

namespace sudoku_count {

// The two sums by which count_grids_by_bands counts (docs/method.md,
// sections 7 and 8): over the classes of band-1 column sets, each class's
// completions over the other bands (R <= 3, at most 4 bands of 2 rows or 3
// of 3), or, for grids of two bands (R x 2 boxes, or 2 x R transposed), the
// sum of squares. automatic takes the sum of squares where it reaches, the
// quicker; asking for one route lets two routes cross-check one count.
enum class BandRoute { automatic, completions, two_bands };

struct ExactOptions {
  int threads = 0;             // 0 = all cores
  bool fix_first_row = false;  // empty grid only: count with row 1 = 1..N, times N!
  BandRoute band_route = BandRoute::automatic;  // count_grids_by_bands only
};

struct ExactResult {
  BigInt count;                // completions of the puzzle
  std::string method = "dlx";
  bool first_row_fixed = false;
  BigInt count_with_first_row_fixed;  // the raw count, when first_row_fixed
  double seconds = 0;          // wall time, including building the matrix
  int threads = 1;             // threads used
  std::string note;            // how the count was obtained, when a user should know
  std::string detail;          // size of the work done (e.g. terms of a sum), for the curious
};

// Called now and then with the fraction of the work done.
using ProgressFn = std::function<void(double fraction)>;

// ---- the methods and their policy -------------------------------------------

struct ExactMethodInfo {
  std::string name;
  std::string summary;  // how it counts
  // What it counts in reasonable time, as a phrase that follows "reaches":
  // the one description help texts and refusals share.
  std::string reach;
};
// Every exact method: "auto" first, then "dlx" and "bands".
const std::vector<ExactMethodInfo>& exact_methods();
// The method of that name; throws InputError naming the choices otherwise.
const ExactMethodInfo& exact_method(const std::string& name);

// What an exact count of all grids of the shape costs, when it is long
// enough that a user should know before it starts (today 2x6 and 6x2: the
// projection measured on a sample of classes, docs/benchmarks.md); "" when
// it is quick.
std::string exact_cost_note(const Shape& shape);

// What to count: the completions of a puzzle, or all grids of a layout.
struct ExactRequest {
  Layout layout;               // a Shape gives its classic rules
  std::optional<Grid> puzzle;  // none: the empty grid (a puzzle without givens counts as it too)
  bool fix_first_row = false;  // dlx on the empty grid: count with row 1 = 1..N, times N!
  std::string method = "auto";
  int threads = 0;  // 0 = all cores
};

// The method that counts the request: "dlx" or "bands" ("auto" takes bands
// for an empty grid of classic rules in its reach, else dlx; bands counts the
// classic rules only, dlx every layout, its regions being further items of
// the exact cover). Throws InputError when the
// method does not apply to the request or the count is beyond its reach:
// bands given a puzzle or a shape out of its reach, dlx given an empty grid
// beyond 6x6 or a puzzle whose completions or search tree a quick
// random-path estimate puts beyond 1e12 completions or 1e13 steps.
std::string choose_exact_method(const ExactRequest& request);

// Checks and counts the request by the method choose_exact_method gives.
// `progress` is called by the band method only.
ExactResult count_exact(const ExactRequest& request, const ProgressFn& progress = {});

// ---- the methods themselves ---------------------------------------------------

// Throws InputError for an invalid grid (see validate_grid), a negative
// thread count, or fix_first_row on a grid with givens.
ExactResult count_completions_dlx(const Grid& puzzle, const ExactOptions& options);

// Exact count of all grids of a shape by the column-set decomposition
// (docs/method.md, sections 7 and 8):
//   number of grids = sum over band-1 column sets X of f(X) G(X),
// f(X) the fillings of a band with column sets X and G(X) the completions of
// band 1, summed exactly over the column sets of the other bands (for two
// bands, G(X) = f(X)). Symmetry collapses the sum: f and G are invariant
// under relabelling, column permutations within stacks and stack
// permutations, so they are computed once per class of band-1 column sets.

// Whether count_grids_by_bands handles the shape (quickly checked).
bool bands_count_exactly(const Shape& shape);

// Throws InputError naming the reason when the shape is out of the method's
// reach (or of the route's, when options.band_route asks for one): a sum
// that would not finish.
ExactResult count_grids_by_bands(const Shape& shape, const ExactOptions& options, const ProgressFn& progress = {});

}  // namespace sudoku_count
