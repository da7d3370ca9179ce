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

}  // namespace sudoku_count::detail
