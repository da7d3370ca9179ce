#pragma once
// Big numbers: exact integers for exact counts, and a wide binary float for
// estimates whose magnitude is beyond double range (25x25 is ~1e308).
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <string>

namespace sudoku_count {

using BigInt = boost::multiprecision::cpp_int;
// 50 decimal digits, exponent range far beyond any count of an N <= 64 grid.
using BigFloat = boost::multiprecision::cpp_bin_float_50;

BigInt factorial(int n);

// "6.670903752e+21": `digits` significant digits with a signed exponent.
std::string format_scientific(const BigFloat& value, int digits = 10);
std::string format_scientific(const BigInt& value, int digits = 10);

// A positive number given by its natural logarithm, as a BigFloat.
BigFloat exp_big(long double log_value);

}  // namespace sudoku_count
