#pragma once
// The permutations of the rows (or of the columns) that keep a grid valid:
// the wreath product S_k wr S_m acting on m*k lines grouped in m blocks of k
// (bands of R rows: k = R, m = C; stacks of C columns: k = C, m = R). An
// element permutes the blocks by beta and the lines inside block b by
// rho_b, sending line (b, i) to (beta(b), rho_b(i)).
//
// Conjugacy classes (James and Kerber, "The Representation Theory of the
// Symmetric Group", 1981, section 4.2): two elements are conjugate iff they
// have, for every cycle length L of beta, the same multiset of cycle types
// of the cycle products rho_{beta^{L-1}(b)} ... rho_{beta(b)} rho_b over the
// cycles (b, beta(b), ..., beta^{L-1}(b)) of length L.
#include <cstdint>
#include <string>
#include <vector>

namespace sudoku_count::detail {

using Permutation = std::vector<int>;  // image of each point

struct LineClass {
  Permutation representative;  // on the m*k lines
  std::uint64_t size = 0;      // elements in the class
  std::string type;            // e.g. "2[1,1] 1[3]": block cycles of length 2 with product (1,1), ...
};

// Largest group enumerated element by element.
inline constexpr std::uint64_t kMaxLineGroupOrder = 20'000'000;

// (k!)^m * m!, or 0 when it exceeds kMaxLineGroupOrder.
std::uint64_t line_group_order(int lines_per_block, int blocks);

// Every conjugacy class, each with a representative, in a fixed order
// (the identity first). The sizes add up to the group order. Requires
// line_group_order(...) > 0.
std::vector<LineClass> line_group_classes(int lines_per_block, int blocks);

// Cycle lengths of a permutation, in decreasing order.
std::vector<int> cycle_type(const Permutation& p);

}  // namespace sudoku_count::detail
