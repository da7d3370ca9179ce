// tables: build the band tables of a shape and report their sizes.
#include <iostream>

#include "commands/commands.hpp"
#include "commands/common.hpp"
#include "sudoku_count/records.hpp"
#include "output/text.hpp"
#include "sudoku_count/tables.hpp"

namespace sudoku_count::cli {

int handle_tables(const ParsedOptions& options, const ProcessGroup&) {
  const BandTablesReport report = band_tables_report(box_shape(options));
  if (options.flag("json")) std::cout << json_line(tables_json(report)) << "\n";
  else tables_text(std::cout, report);
  return 0;
}

}  // namespace sudoku_count::cli
