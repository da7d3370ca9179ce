#pragma once
// A library refusal met while reading one field of a request, as a request
// error of that field: the parsers (Shape::parse, Layout's, parse_puzzle,
// the checkpoint readers) word their own refusals and quote the text; the
// session adds which field held it.
#include <string>

#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {

template <class Read>
auto read_field(const std::string& field, Read read) {
  try {
    return read();
  } catch (const RequestError&) {
    throw;
  } catch (const InputError& e) {
    throw RequestError(field, e.what());
  }
}

// The limits every request shares: a time of more than about 31 years is a
// typing error, and so is a thread count beyond 1024.
inline constexpr double kMaxSeconds = 1e9;
inline constexpr int kMaxThreads = 1024;

// A number as a message shows it: 60, 0.5, 1000000000.
inline std::string number(double value) {
  std::string text = std::to_string(value);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

inline void require_seconds(const std::string& field, double value, bool zero_allowed) {
  if (!(value >= 0 && value <= kMaxSeconds) || (!zero_allowed && value == 0))
    throw RequestError(field, "{" + field + "} must be " + (zero_allowed ? "between 0" : "more than 0 and at most") +
                                  (zero_allowed ? " and " : " ") + number(kMaxSeconds) + " seconds, not " +
                                  number(value));
}

inline void require_threads(int threads) {
  if (threads < 0 || threads > kMaxThreads)
    throw RequestError("threads", "{threads} must be between 0 (all cores) and " + std::to_string(kMaxThreads) +
                                      ", not " + std::to_string(threads));
}

}  // namespace sudoku_count::detail
