#pragma once
// Essentially different grids: the number of classes of completed grids
// under the symmetries that keep a grid valid, by Burnside's lemma
// (docs/method.md, section 10).
//
// The group is G x S_N: G the geometric group (band permutations, row
// permutations within each band, stack permutations, column permutations
// within each stack and, for square boxes when asked, transposition), S_N
// the relabellings of the symbols. By Burnside's lemma
//
//   classes = 1 / (|G| N!) * sum over g in G of A(g),
//   A(g) = number of grids X with X(g(cell)) = sigma(X(cell)) for some
//          relabelling sigma (the grids g fixes up to relabelling),
//
// and A is constant on conjugacy classes of G, so one representative per
// class is counted, by dancing links on the orbits of g on the cells.
#include <functional>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

struct SymmetryOptions {
  int threads = 0;             // 0 = all cores
  bool transposition = true;   // square boxes only: include transposition in G
};

// One conjugacy class of G whose elements fix some grid up to relabelling
// (for square boxes without transposition in G: the two classes (K, K')
// and (K', K), which fix equally many grids, in one term with their sizes
// added).
struct SymmetryClassTerm {
  std::string rows;             // the class of the row part (or of the product, for transpositions)
  std::string columns;          // the class of the column part ("" for transpositions)
  bool transposes = false;      // an element of the transposition coset
  int conjugacy_classes = 1;    // 2 when the term holds the pair (K, K'), (K', K)
  BigInt elements;              // class size
  BigInt fixed_up_to_relabelling;  // A(g) of each element
};

struct EssentiallyDifferentResult {
  Shape shape;
  BigInt count;                 // number of classes: the essentially different grids
  BigInt total_grids;           // A(identity): all grids, counted exactly
  std::string total_method;     // how the total was counted ("bands" or "dlx")
  BigInt geometric_order;       // |G|
  BigInt group_order;           // |G| * N!
  bool transposition = false;   // whether G includes transposition
  std::string group;            // G in words
  int conjugacy_classes = 0;    // of G, all counted
  int classes_with_fixed_grids = 0;  // conjugacy classes of G whose elements fix some grid (the terms' classes)
  std::vector<SymmetryClassTerm> terms;  // the classes with A(g) > 0, identity first
  long long covers_counted = 0;  // (class, relabelling cycle type) pairs counted by dancing links
  double seconds = 0;
  int threads = 1;
};

// Whether count_essentially_different handles the shape: up to 9x9, its
// grids counted exactly (count_grids_by_bands, or dancing links up to 6x6)
// and its geometric group small enough to list the conjugacy classes.
// 10x10 is refused: its fixed grids do not finish in reasonable time.
bool essentially_different_in_reach(const Shape& shape);

// The group in words, as results print it.
std::string symmetry_group_description(const Shape& shape, bool transposition);
// |G| * N! for the group with or without transposition (square boxes).
BigInt symmetry_group_order(const Shape& shape, bool transposition);

// Called now and then with the fraction of the work done.
using SymmetryProgressFn = std::function<void(double fraction)>;

// Throws InputError naming the reason when the shape is out of reach.
// options.transposition is ignored for boxes that are not square
// (transposing gives a grid of another shape); the result says which group
// was used.
EssentiallyDifferentResult count_essentially_different(const Shape& shape, const SymmetryOptions& options,
                                                       const SymmetryProgressFn& progress = {});
// The same for a layout. Burnside's lemma needs a group acting on the
// layout's grids, and the one implemented is the group of the classic rules
// above (relabelling, bands, stacks, rows and columns within them,
// transposition): it maps grids of a box shape to grids of it, but it does
// not keep a diagonal, a group, a window or a jigsaw region in place, so
// any other layout is refused with that reason (its own group, such as the
// symmetries of X-Sudoku that keep both diagonals, is not implemented).
EssentiallyDifferentResult count_essentially_different(const Layout& layout, const SymmetryOptions& options,
                                                       const SymmetryProgressFn& progress = {});

// One sentence for outputs that print an estimate / order line, for shapes
// out of exact reach: what is proved about the class count. Every term of
// Burnside's sum is at least 0, so classes >= total / order: the quotient is
// a lower bound of the class count when the total is exact, and an estimate
// of one otherwise. The only upper bound proved is total / N! (relabellings
// act freely on grids, so a class holds at least N! grids), |G| times the
// lower bound: too loose to say much.
std::string class_count_bound_statement(const Shape& shape, bool transposition);

}  // namespace sudoku_count
