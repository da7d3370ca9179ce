#pragma once
// Every conversion between Python and the library, in one place: keyword
// arguments to the fields of the library's requests, the library's messages
// to keyword spelling, JSON records to Python objects
// (big integers to int, estimates to decimal.Decimal), grids to numpy arrays
// and array-like puzzles to the text the library parses.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/grid.hpp"

namespace sudoku_count::python {

namespace py = pybind11;
using Json = nlohmann::ordered_json;

// Keyword arguments as request fields; None is a field not given. A value
// of the wrong type or out of range raises RequestError naming `field`.
// text: a str, a path (os.PathLike) or an int (a box given as 3).
std::optional<std::string> text(const py::handle& value, const std::string& field);
// real: an int or a float (not a bool).
std::optional<double> real(const py::handle& value, const std::string& field);
// count: an int from 0 to 2^64 - 1 (not a bool).
std::optional<std::uint64_t> count(const py::handle& value, const std::string& field);
// small_integer: an int that fits an int (not a bool).
std::optional<int> small_integer(const py::handle& value, const std::string& field);

// A library message with each request field it names ({rel_error}) spelt
// as the keyword that sets it (rel_error=).
std::string keyword_words(const std::string& message);

// The record as plain Python objects (dict, list, str, int, float, bool, None): to_dict().
py::object to_python(const Json& record);

// The record's fields as a result's attributes: as to_python, but for the
// exact integers (counts, group orders, the seed), which become int, and the
// estimates and their bounds, which become decimal.Decimal (None while
// undefined). Grids are left to grids_array.
py::dict attributes(const Json& record);

// Grids as an array of shape (len(grids), N, N), 0 for a blank, else 1..N.
py::array grids_array(const std::vector<Grid>& grids, int n);

// A puzzle as the library reads it: a str as it stands, or an N x N
// array-like of integers (0 for a blank) as whitespace-separated numbers.
std::string puzzle_text(const py::handle& puzzle);

}  // namespace sudoku_count::python
