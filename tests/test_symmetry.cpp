// Essentially different grids: Burnside over the symmetry group, checked
// against brute force on 4x4 and against published counts (for comparison
// only: Russell and Jarvis 2006 for 9x9, the 2005 counts for 6x6 and 8x8,
// isotopy classes of Latin squares for 1xN boxes).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "sudoku_count/error.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/symmetry.hpp"
#include "cover/sudoku_cover.hpp"
#include "symmetry/fixed_grids.hpp"
#include "symmetry/line_group.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

EssentiallyDifferentResult classes_of(const Shape& shape, bool transposition = true) {
  SymmetryOptions options;
  options.transposition = transposition;
  return count_essentially_different(shape, options);
}

std::vector<Grid> all_grids(const Shape& shape) {
  std::vector<Grid> grids;
  empty_grid_cover(shape).for_each_solution([&](const std::vector<int>& options) {
    Grid g = empty_grid(shape);
    for (const int option : options) g.cells[option / shape.n()] = option % shape.n() + 1;
    grids.push_back(g);
    return true;
  });
  return grids;
}

// Every element of a line group S_k wr S_m, by brute force.
std::vector<Permutation> line_group(int k, int m) {
  std::vector<Permutation> result;
  Permutation beta(m), rho(k);
  std::iota(beta.begin(), beta.end(), 0);
  do {
    std::vector<Permutation> inner{{}};
    for (int b = 0; b < m; ++b) {
      std::vector<Permutation> next;
      for (const Permutation& prefix : inner) {
        std::iota(rho.begin(), rho.end(), 0);
        do {
          Permutation p = prefix;
          for (int i = 0; i < k; ++i) p.push_back(beta[b] * k + rho[i]);
          next.push_back(p);
        } while (std::next_permutation(rho.begin(), rho.end()));
      }
      inner = std::move(next);
    }
    result.insert(result.end(), inner.begin(), inner.end());
  } while (std::next_permutation(beta.begin(), beta.end()));
  return result;
}

// Canonical form of a grid under relabelling: symbols renamed in order of
// first appearance.
std::vector<int> relabelled(const std::vector<int>& cells) {
  std::vector<int> name(cells.size() + 1, 0), out(cells.size());
  int next = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (name[cells[i]] == 0) name[cells[i]] = ++next;
    out[i] = name[cells[i]];
  }
  return out;
}

// Classes by brute force: the least image of each grid under G x S_N.
std::size_t brute_force_classes(const Shape& shape, bool transposition) {
  const int n = shape.n();
  const std::vector<Permutation> rows = line_group(shape.box_rows, shape.box_cols);
  const std::vector<Permutation> columns = line_group(shape.box_cols, shape.box_rows);
  std::set<std::vector<int>> classes;
  for (const Grid& grid : all_grids(shape)) {
    std::vector<int> least;
    for (int t = 0; t < (transposition ? 2 : 1); ++t)
      for (const Permutation& p : rows)
        for (const Permutation& q : columns) {
          std::vector<int> image(grid.cells.size());
          for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) image[p[r] * n + q[c]] = t ? grid.at(c, r) : grid.at(r, c);
          image = relabelled(image);
          if (least.empty() || image < least) least = image;
        }
    classes.insert(least);
  }
  return classes.size();
}

}  // namespace

TEST(LineGroup, ClassSizesAddUpToTheOrder) {
  for (const auto& [k, m] : {std::pair{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {4, 2}, {1, 5}, {5, 1}}) {
    const std::vector<LineClass> classes = line_group_classes(k, m);
    std::uint64_t total = 0;
    for (const LineClass& c : classes) total += c.size;
    EXPECT_EQ(total, line_group_order(k, m)) << k << " wr " << m;
    EXPECT_EQ(classes[0].size, 1u);  // the identity first
  }
  // S_3 wr S_3 has 22 classes: with transposition, 9x9's geometric group
  // has 22*23/2 + 22 = 275 (Russell and Jarvis).
  EXPECT_EQ(line_group_classes(3, 3).size(), 22u);
}

TEST(FixedGrids, CycleTypes) {
  EXPECT_EQ(partitions(4).size(), 5u);
  EXPECT_EQ(partitions(9).size(), 30u);
  BigInt sum = 0;
  for (const auto& type : partitions(6)) {
    sum += permutations_of_type(type);
    EXPECT_EQ(cycle_type(permutation_of_type(type)), type);
  }
  EXPECT_EQ(sum, factorial(6));
}

TEST(FixedGrids, IdentityFixesEveryGrid) {
  const Shape shape{2, 2};
  Permutation cells(16), symbols(4);
  std::iota(cells.begin(), cells.end(), 0);
  std::iota(symbols.begin(), symbols.end(), 0);
  EXPECT_EQ(count_fixed_grids(shape, cells, symbols), 288);
  std::swap(symbols[0], symbols[1]);
  EXPECT_EQ(count_fixed_grids(shape, cells, symbols), 0);
}

TEST(EssentiallyDifferent, FourByFourMatchesBruteForce) {
  const EssentiallyDifferentResult with = classes_of(Shape{2, 2});
  EXPECT_EQ(with.count, 2);  // published: 2
  EXPECT_TRUE(with.transposition);
  EXPECT_EQ(with.total_grids, 288);
  EXPECT_EQ(with.group_order, symmetry_group_order(Shape{2, 2}));
  EXPECT_EQ(with.count, brute_force_classes(Shape{2, 2}, true));
  const EssentiallyDifferentResult without = classes_of(Shape{2, 2}, false);
  EXPECT_FALSE(without.transposition);
  EXPECT_EQ(without.group_order * 2, with.group_order);
  EXPECT_EQ(without.count, brute_force_classes(Shape{2, 2}, false));
  // Without transposition a pair (K, K') of different classes is two
  // conjugacy classes; with it, one. The classes that fix grids follow.
  int expected = 0;
  for (const SymmetryClassTerm& term : with.terms)
    if (!term.transposes) expected += term.rows == term.columns ? 1 : 2;
  EXPECT_EQ(without.classes_with_fixed_grids, expected);
  int listed = 0;
  for (const SymmetryClassTerm& term : without.terms) listed += term.conjugacy_classes;
  EXPECT_EQ(without.classes_with_fixed_grids, listed);
  EXPECT_EQ(without.conjugacy_classes, 25);
  EXPECT_EQ(with.conjugacy_classes, 20);
}

TEST(EssentiallyDifferent, SixBySix) {
  EXPECT_EQ(classes_of(Shape{2, 3}).count, 49);  // published: 49
  EXPECT_EQ(classes_of(Shape{3, 2}).count, 49);  // the transposed shape: the same classes
  EXPECT_FALSE(classes_of(Shape{2, 3}).transposition);
}

// 1xN boxes are Latin squares (each box is a row): the classes are the
// isotopy classes, 1, 1, 2, 2 for orders 2 to 5 (McKay, Meynert and
// Myrvold, "Small Latin squares, quasigroups and loops", 2007). Order 6
// (22 classes) takes minutes, most of it to count its 812,851,200 squares
// by dancing links: docs/results.md.
TEST(EssentiallyDifferent, LatinSquareIsotopyClasses) {
  EXPECT_EQ(classes_of(Shape{1, 2}).count, 1);
  EXPECT_EQ(classes_of(Shape{1, 3}).count, 1);
  EXPECT_EQ(classes_of(Shape{1, 4}).count, 2);
  EXPECT_EQ(classes_of(Shape{1, 5}).count, 2);
  EXPECT_EQ(classes_of(Shape{5, 1}).count, 2);
}

TEST(EssentiallyDifferent, NineByNine) {
  const EssentiallyDifferentResult r = classes_of(Shape{3, 3});
  EXPECT_EQ(r.count, BigInt("5472730538"));  // published: Russell and Jarvis 2006
  EXPECT_EQ(r.conjugacy_classes, 275);
  EXPECT_EQ(r.terms.size(), 27u);           // classes with fixed grids, Russell and Jarvis
  EXPECT_EQ(r.classes_with_fixed_grids, 27);
  EXPECT_EQ(r.group_order, BigInt("1218998108160"));
}

TEST(EssentiallyDifferent, OutOfReachIsRefused) {
  EXPECT_FALSE(essentially_different_in_reach(Shape{4, 4}));
  EXPECT_THROW(classes_of(Shape{4, 4}), InputError);
  // What is proved there: the lower bound total / order, and the loose
  // upper bound total / N!.
  const std::string bound = class_count_bound_statement(Shape{4, 4}, true);
  EXPECT_NE(bound.find(symmetry_group_order(Shape{4, 4}).str()), std::string::npos) << bound;
  EXPECT_NE(bound.find("/ " + factorial(16).str()), std::string::npos) << bound;
  EXPECT_NE(class_count_bound_statement(Shape{4, 4}, false).find(symmetry_group_order(Shape{4, 4}, false).str()),
            std::string::npos);
}
