#pragma once
// Partial bands of R x 2 boxes after L rows: the layers of the reverse route
// to a band's fillings (docs/method.md, section 8).
//
// Box b of the band holds columns 2b and 2b+1, and N = 2R symbols. After L
// rows (an "L-row state") every column holds L symbols, the two columns of a
// box hold disjoint sets, and every symbol lies in L of the R boxes, in one
// of their two columns. Read per symbol, the state gives its type: the word
// of R ternary digits, digit b = 0 (not in box b), 1 (in column 2b) or 2 (in
// column 2b+1). Up to relabelling the symbols a state is the multiset of its
// types.
//
// The state's fillings F_L (the orders of its L rows) are the ordered
// decompositions of the L-regular bipartite graph symbols--columns into L
// perfect matchings. The matching that holds a fixed edge e is one of the L
// (any of them, by symmetry), so
//   F_L(Q) = L * sum over perfect matchings M containing e of F_{L-1}(Q - M),
// and Q - M is an (L-1)-row state. F_L is invariant under relabelling and
// under the box group B_R (boxes permuted, the two columns of a box
// swapped), of order 2^R R!: the key below names a state's orbit, so that F
// is computed once per orbit.
#include <array>
#include <cstdint>
#include <functional>

#include "core/bits.hpp"
#include "sudoku_count/bignum.hpp"
#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {

inline constexpr int kMaxLayerBoxes = 6;
inline constexpr int kMaxLayerColumns = 2 * kMaxLayerBoxes;

struct LayerState {
  int boxes = 0;  // R; N = 2R symbols and columns
  int rows = 0;   // L
  std::array<Mask, kMaxLayerColumns> columns{};  // symbols of each column
  int n() const { return 2 * boxes; }
};

// A state's types packed: the N types sorted in increasing order, 10 bits
// each (3^6 = 729 < 1024), the first in the highest bits of hi (hi holds
// types 0..5, lo types 6..11, unused places zero), so that comparing keys
// compares the sorted type lists lexicographically.
struct LayerKey {
  std::uint64_t hi = 0, lo = 0;
  bool operator==(const LayerKey&) const = default;
  auto operator<=>(const LayerKey&) const = default;
};

// The key of the state as it stands (no symmetry applied): it names the
// state up to relabelling.
LayerKey layer_types_key(const LayerState& state);
// The state whose symbols 0..N-1 carry the key's types in order.
LayerState layer_state_of_key(const LayerKey& key, int boxes, int rows);

// The key of the state's orbit under relabelling and B_R: the least
// layer_types_key of g(state) over a set of box-group elements g chosen by
// invariants of the columns (their intersection profiles), ties being
// tried all. The set moves with the state (for h in B_R the set of h(state)
// is the set of state times h^-1), so every member of an orbit gets the same
// key; and a key is the type list of a member of the orbit, so two orbits
// never share one. Checked against a scan of the whole group in the tests.
LayerKey layer_key(const LayerState& state);

// Applies the box-group element (box b moves to position perm[b], its
// columns swapped when bit b of flips is set).
LayerState apply_box_symmetry(const LayerState& state, const std::array<int, kMaxLayerBoxes>& perm, unsigned flips);

// Whether the column sets make an L-row state (every check above).
bool is_layer_state(const LayerState& state);

// The edge through which the rooted sum runs: any edge gives F, a rarer one
// fewer terms; this is the edge at symbol 0 with the fewest perfect
// matchings through it (counted by a dynamic programme over column subsets,
// a few microseconds next to the milliseconds of the sum).
struct RootEdge {
  int symbol = 0, column = 0;
};
RootEdge root_edge(const LayerState& state);

// Calls visit(child) with child = state - M for every perfect matching M of
// the state's graph through `root`; the child has rows - 1 rows. The same
// child object is reused between calls.
void for_each_rooted_child(const LayerState& state, RootEdge root, const std::function<void(const LayerState&)>& visit);

// A random L-row state: the first L rows of a random band, each row a
// random perfect matching of the moves still open (a symbol may enter the
// columns of the boxes it is not in yet: after L rows a 2(R - L)-regular
// bipartite graph, which always has one), found by a randomised search. Not
// uniform over the states: for the calibration's cost samples and tests.
LayerState random_layer_state(int boxes, int rows, Rng& rng);

// The L-row states with labelled symbols (column sets), exactly, by a
// dynamic programme over the boxes whose state is the number of symbols
// seen in 0, 1, .., L boxes so far. Every orbit under relabelling and B_R
// holds at most N! 2^R R! of them, so this over N! 2^R R! bounds the orbits
// from below (and is close: few states have a symmetry).
BigInt labelled_layer_states(int boxes, int rows);

}  // namespace sudoku_count::detail
