// The layout of a request, and the files a request names.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "session/request_field.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/session.hpp"

namespace sudoku_count {

using detail::read_field;

std::string read_input_file(const std::string& path, const std::string& field, const std::string& what) {
  if (path == "-" && field == "puzzle_file") {
    std::string text(std::istreambuf_iterator<char>(std::cin), {});
    if (std::cin.bad()) throw RequestError(field, "cannot read the puzzles from standard input");
    return text;
  }
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw RequestError(field, "cannot read " + what + " " + quote_input(path) + ": it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw RequestError(field, "cannot read " + what + " " + quote_input(path) + ": it is missing or unreadable");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw RequestError(field, "cannot read " + what + " " + quote_input(path));
  return text.str();
}

std::vector<ListedPuzzle> read_puzzle_list(const std::string& path, const Layout& layout) {
  const std::string text = read_input_file(path, "puzzle_file", "puzzle file");
  try {
    return parse_puzzle_list(text, layout);
  } catch (const InputError& e) {
    throw RequestError("puzzle_file", "puzzle file '" + path + "': " + e.what());
  }
}

Layout requested_layout(const LayoutRequest& request) {
  const std::vector<Variant> variants =
      request.variant ? read_field("variant", [&] { return Layout::parse_variants(*request.variant); })
                      : std::vector<Variant>{};
  if (!request.regions) {
    if (!request.box) throw RequestError("box", "no layout given: give {box} (or {regions})");
    const Shape shape = read_field("box", [&] { return Shape::parse(*request.box); });
    return read_field("box", [&] { return Layout::with_variants(shape, variants); });
  }
  const std::string& path = *request.regions;
  const std::string text = read_input_file(path, "regions", "regions file");
  Layout layout;
  try {
    layout = Layout::parse_regions(text, variants);
  } catch (const InputError& e) {
    throw RequestError("regions", "regions file " + quote_input(path) + ": " + e.what());
  }
  if (request.box) {
    const Shape box = read_field("box", [&] { return Shape::parse(*request.box); });
    if (box.n() != layout.n())
      throw RequestError("box", "{box} " + *request.box + " gives a " + std::to_string(box.n()) + "x" +
                                    std::to_string(box.n()) + " grid but regions file " + quote_input(path) + " has " +
                                    std::to_string(layout.n()) +
                                    " rows; drop {box} (a jigsaw's size comes from its file)");
  }
  return layout;
}

void require_same_layout(const LayoutRequest& request, const Layout& saved, const std::string& path) {
  if (!request.given()) return;
  const Layout asked =
      request.box || request.regions
          ? requested_layout(request)
          : Layout::with_variants(saved.shape(),
                                  read_field("variant", [&] { return Layout::parse_variants(*request.variant); }));
  if (!(asked == saved))
    throw RequestError(request.box ? "box" : request.regions ? "regions" : "variant",
                       "layout " + asked.name() + " (from {box}, {variant}, {regions}) does not match checkpoint '" +
                           path + "' (layout " + saved.name() + "); drop those to resume it");
}

}  // namespace sudoku_count
