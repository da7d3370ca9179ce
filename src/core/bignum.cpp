#include "sudoku_count/bignum.hpp"

#include <cstdio>
#include <sstream>

namespace sudoku_count {

BigInt factorial(int n) {
  BigInt result = 1;
  for (int k = 2; k <= n; ++k) result *= k;
  return result;
}

std::string format_scientific(const BigFloat& value, int digits) {
  std::ostringstream out;
  out.precision(digits - 1);
  out << std::scientific << value;
  return out.str();
}

std::string format_scientific(const BigInt& value, int digits) {
  return format_scientific(BigFloat(value), digits);
}

BigFloat exp_big(long double log_value) { return boost::multiprecision::exp(BigFloat(log_value)); }

}  // namespace sudoku_count
