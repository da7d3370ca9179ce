#include "sudoku_count/shape.hpp"

#include <cctype>
#include <charconv>

#include "sudoku_count/error.hpp"

namespace sudoku_count {
namespace {

int parse_side(const std::string& part, const std::string& whole) {
  int value = 0;
  const char* first = part.data();
  const char* last = part.data() + part.size();
  auto [ptr, ec] = std::from_chars(first, last, value);
  if (part.empty() || ec != std::errc() || ptr != last || !std::isdigit(static_cast<unsigned char>(part[0])))
    throw InputError("bad box shape " + quote_input(whole) + ": expected a box size such as 3 (3x3 boxes) or RxC such as 2x3");
  if (value < 1)
    throw InputError("bad box shape " + quote_input(whole) + ": box sides must be at least 1");
  return value;
}

}  // namespace

Shape Shape::parse(const std::string& text) {
  Shape shape;
  const auto x = text.find_first_of("xX");
  if (x == std::string::npos) {
    shape.box_rows = shape.box_cols = parse_side(text, text);
  } else {
    shape.box_rows = parse_side(text.substr(0, x), text);
    shape.box_cols = parse_side(text.substr(x + 1), text);
  }
  if (static_cast<long long>(shape.box_rows) * shape.box_cols > kMaxGridSize)
    throw InputError("box shape " + quote_input(text) + " gives a " + std::to_string(static_cast<long long>(shape.box_rows) * shape.box_cols) +
                     "x" + std::to_string(static_cast<long long>(shape.box_rows) * shape.box_cols) +
                     " grid; the largest supported grid is 64x64 (R*C <= 64)");
  return shape;
}

std::string Shape::name() const { return std::to_string(box_rows) + "x" + std::to_string(box_cols); }

BigInt symmetry_group_order(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols;
  BigInt order = factorial(shape.n());
  // Band permutations and row permutations within each band.
  order *= factorial(c) * boost::multiprecision::pow(factorial(r), c);
  // Stack permutations and column permutations within each stack.
  order *= factorial(r) * boost::multiprecision::pow(factorial(c), r);
  if (r == c) order *= 2;
  return order;
}

}  // namespace sudoku_count
