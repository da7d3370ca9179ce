#include "convert.hpp"

#include <array>
#include <cstdint>
#include <string_view>

#include "sudoku_count/error.hpp"

namespace sudoku_count::python {
namespace {

// Fields that hold an exact integer as a decimal string (JSON has no big
// integers) and become int.
constexpr std::array<std::string_view, 8> kIntegerFields = {
    "count", "count_first_row_fixed", "group_order", "geometric_group_order", "total_grids",
    "symmetry_group_order", "seed", "bands_total"};
// Fields that hold an estimate in scientific notation and become Decimal.
constexpr std::array<std::string_view, 6> kDecimalFields = {"estimate", "std_error", "ci_low", "ci_high",
                                                           "lower_bound", "estimate_per_symmetry"};

template <std::size_t K>
bool among(const std::array<std::string_view, K>& fields, const std::string& key) {
  for (std::string_view field : fields)
    if (field == key) return true;
  return false;
}

}  // namespace

void add_option(std::vector<std::string>& arguments, const std::string& name, const py::handle& value) {
  if (value.is_none()) return;
  std::string option = "--" + name;
  for (char& ch : option)
    if (ch == '_') ch = '-';
  if (py::isinstance<py::bool_>(value)) {
    if (value.cast<bool>()) arguments.push_back(option);
    return;
  }
  arguments.push_back(option);
  // os.fspath for paths, str for the rest (an int as digits, a float in its
  // shortest round-trip form, which the option parser reads exactly).
  const py::module_ os = py::module_::import("os");
  if (py::isinstance(value, os.attr("PathLike"))) arguments.push_back(py::str(os.attr("fspath")(value)));
  else arguments.push_back(py::str(value));
}

py::object to_python(const Json& record) {
  switch (record.type()) {
    case Json::value_t::null: return py::none();
    case Json::value_t::boolean: return py::bool_(record.get<bool>());
    case Json::value_t::number_integer: return py::int_(record.get<std::int64_t>());
    case Json::value_t::number_unsigned: return py::int_(record.get<std::uint64_t>());
    case Json::value_t::number_float: return py::float_(record.get<double>());
    case Json::value_t::string: return py::str(record.get<std::string>());
    case Json::value_t::array: {
      py::list list;
      for (const Json& item : record) list.append(to_python(item));
      return list;
    }
    case Json::value_t::object: {
      py::dict dict;
      for (const auto& [key, value] : record.items()) dict[py::str(key)] = to_python(value);
      return dict;
    }
    default: throw std::logic_error("a JSON record holds a value of no JSON type");
  }
}

py::dict attributes(const Json& record) {
  const py::object decimal = py::module_::import("decimal").attr("Decimal");
  const py::object integer = py::module_::import("builtins").attr("int");
  py::dict dict;
  for (const auto& [key, value] : record.items()) {
    py::object converted = to_python(value);
    if (value.is_string() && among(kIntegerFields, key)) converted = integer(converted);
    else if (value.is_string() && among(kDecimalFields, key)) converted = decimal(converted);
    dict[py::str(key)] = converted;
  }
  return dict;
}

py::array grids_array(const std::vector<Grid>& grids, int n) {
  // Symbols are at most 64 (kMaxGridSize): one byte a cell.
  py::array_t<std::uint8_t> array({static_cast<py::ssize_t>(grids.size()), static_cast<py::ssize_t>(n),
                                   static_cast<py::ssize_t>(n)});
  auto cells = array.mutable_unchecked<3>();
  for (std::size_t k = 0; k < grids.size(); ++k)
    for (int row = 0; row < n; ++row)
      for (int col = 0; col < n; ++col) cells(k, row, col) = static_cast<std::uint8_t>(grids[k].at(row, col));
  return array;
}

std::string puzzle_text(const py::handle& puzzle) {
  if (py::isinstance<py::str>(puzzle)) return puzzle.cast<std::string>();
  const py::module_ numpy = py::module_::import("numpy");
  py::array cells;
  try {
    cells = numpy.attr("asarray")(puzzle);
  } catch (const py::error_already_set&) {
    throw InputError("a puzzle is a str, or an N x N array of integers (0 for a blank)");
  }
  if (cells.ndim() != 2 || cells.shape(0) != cells.shape(1) ||
      !py::bool_(numpy.attr("issubdtype")(cells.dtype(), numpy.attr("integer"))))
    throw InputError("a puzzle given as an array must be N x N integers (0 for a blank), not of shape " +
                     py::str(py::tuple(cells.attr("shape"))).cast<std::string>() + " and dtype " +
                     py::str(cells.dtype()).cast<std::string>());
  std::string text;
  for (const py::handle& value : cells.attr("ravel")()) text += py::str(value).cast<std::string>() + " ";
  return text;
}

}  // namespace sudoku_count::python
