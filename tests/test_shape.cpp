#include <gtest/gtest.h>

#include "sudoku_count/error.hpp"
#include "sudoku_count/shape.hpp"

using sudoku_count::InputError;
using sudoku_count::Shape;

TEST(Shape, ParsesSquareAndRectangular) {
  EXPECT_EQ(Shape::parse("3"), (Shape{3, 3}));
  EXPECT_EQ(Shape::parse("2x3"), (Shape{2, 3}));
  EXPECT_EQ(Shape::parse("4X2"), (Shape{4, 2}));
  EXPECT_EQ(Shape::parse("1x2").n(), 2);
  EXPECT_EQ(Shape::parse("8").n(), 64);
  EXPECT_EQ(Shape::parse("2x3").bands(), 3);
  EXPECT_EQ(Shape::parse("2x3").stacks(), 2);
}

TEST(Shape, RefusesBadShapes) {
  for (const char* bad : {"0", "1x0", "0x3", "9x9", "9", "3x", "x3", "-3", "3x-1", "", "abc", "3x3x3", "2.5",
                          "99999999999999999999", "65x1", "3 x3"}) {
    EXPECT_THROW(Shape::parse(bad), InputError) << bad;
  }
}

TEST(Shape, BoxIndex) {
  const Shape s{2, 3};  // 6x6, boxes of 2 rows x 3 columns
  EXPECT_EQ(s.box_of(0, 0), 0);
  EXPECT_EQ(s.box_of(1, 5), 1);
  EXPECT_EQ(s.box_of(2, 0), 2);
  EXPECT_EQ(s.box_of(5, 5), 5);
}

TEST(Shape, SymmetryGroupOrder) {
  // 3x3: 3,359,232 geometric symmetries times 9! relabellings.
  EXPECT_EQ(sudoku_count::symmetry_group_order(Shape{3, 3}), sudoku_count::BigInt("1218998108160"));
}
