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
constexpr std::array<std::string_view, 7> kDecimalFields = {"estimate", "std_error",   "ci_low",
                                                           "ci_high",  "lower_bound", "estimate_per_symmetry",
                                                           "grid_estimate"};

template <std::size_t K>
bool among(const std::array<std::string_view, K>& fields, const std::string& key) {
  for (std::string_view field : fields)
    if (field == key) return true;
  return false;
}

}  // namespace

std::optional<std::string> text(const py::handle& value, const std::string& field) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  const py::module_ os = py::module_::import("os");
  if (py::isinstance(value, os.attr("PathLike"))) return py::str(os.attr("fspath")(value)).cast<std::string>();
  if (py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value)) return py::str(value).cast<std::string>();
  throw RequestError(field, "{" + field + "} must be a str, not " +
                                py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

std::optional<double> real(const py::handle& value, const std::string& field) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(value) || !(py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)))
    throw RequestError(field, "{" + field + "} must be a number, not " +
                                  py::str(py::type::of(value).attr("__name__")).cast<std::string>());
  return value.cast<double>();
}

namespace {

// An int as a Python int (not a bool), checked against [least, most].
template <class Integer>
std::optional<Integer> whole(const py::handle& value, const std::string& field, const char* range) {
  if (value.is_none()) return std::nullopt;
  if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
    throw RequestError(field, "{" + field + "} must be an int, not " +
                                  py::str(py::type::of(value).attr("__name__")).cast<std::string>());
  try {
    return value.cast<Integer>();
  } catch (const py::cast_error&) {
    throw RequestError(field, "{" + field + "} " + py::str(value).cast<std::string>() + " is out of range (" + range + ")");
  }
}

}  // namespace

std::optional<std::uint64_t> count(const py::handle& value, const std::string& field) {
  if (!value.is_none() && py::isinstance<py::int_>(value) && !py::isinstance<py::bool_>(value) &&
      value.cast<py::int_>() < py::int_(0))
    throw RequestError(field, "{" + field + "} must not be negative, not " + py::str(value).cast<std::string>());
  return whole<std::uint64_t>(value, field, "0 to 2^64 - 1");
}

std::optional<int> small_integer(const py::handle& value, const std::string& field) {
  return whole<int>(value, field, "a 32-bit int");
}

std::string keyword_words(const std::string& message) {
  return word_fields(message, [](const std::string& field) { return field + "="; });
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
    throw RequestError("puzzle", "a puzzle is a str, or an N x N array of integers (0 for a blank)");
  }
  if (cells.ndim() != 2 || cells.shape(0) != cells.shape(1) ||
      !py::bool_(numpy.attr("issubdtype")(cells.dtype(), numpy.attr("integer"))))
    throw RequestError("puzzle", "a puzzle given as an array must be N x N integers (0 for a blank), not of shape " +
                     py::str(py::tuple(cells.attr("shape"))).cast<std::string>() + " and dtype " +
                     py::str(cells.dtype()).cast<std::string>());
  std::string text;
  for (const py::handle& value : cells.attr("ravel")()) text += py::str(value).cast<std::string>() + " ";
  return text;
}

}  // namespace sudoku_count::python
