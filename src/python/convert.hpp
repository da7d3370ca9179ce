#pragma once
// Every conversion between Python and the library, in one place: keyword
// arguments to the command line's options, JSON records to Python objects
// (big integers to int, estimates to decimal.Decimal), grids to numpy arrays
// and array-like puzzles to the text the library parses.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sudoku_count/grid.hpp"

namespace sudoku_count::python {

namespace py = pybind11;
using Json = nlohmann::ordered_json;

// Appends the option `name` (Python spelling, underscores) as the command
// line spells it: nothing for None or False, "--name" for True, else
// "--name VALUE" with VALUE as str() gives it (paths included).
void add_option(std::vector<std::string>& arguments, const std::string& name, const py::handle& value);

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
