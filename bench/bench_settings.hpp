#pragma once
// What the bench tools share: their KEY=VALUE settings and the process's CPU
// time.
#include <sys/resource.h>

#include <stdexcept>
#include <string>

#include "estimate/sets_steps.hpp"

namespace sudoku_count::bench {

struct Setting {
  std::string key, value;
};

// "key=value" (or "key", with an empty value).
inline Setting parse_setting(const std::string& arg) {
  const auto eq = arg.find('=');
  return {arg.substr(0, eq), eq == std::string::npos ? "" : arg.substr(eq + 1)};
}

// Applies a setting of the sets steps' tuning (draws=K closing=2|3
// exact-rows=N boxes=table|sequential band2=table|draw averaged=0|1
// look-ahead=0|1);
// false when the key is none of these.
inline bool apply_sets_tuning(const Setting& s, detail::SetsTuning& tuning) {
  if (s.key == "draws") tuning.matching_draws = std::stoi(s.value);
  else if (s.key == "closing") tuning.exact_closing_rows = std::stoi(s.value);
  else if (s.key == "exact-rows") tuning.exact_matching_max_symbols = std::stoi(s.value);
  else if (s.key == "boxes") tuning.middle_bands = s.value == "table" ? detail::BoxDraw::Table : detail::BoxDraw::Sequential;
  else if (s.key == "band2") tuning.band2_table = s.value == "table";
  else if (s.key == "averaged") tuning.averaged_closing = s.value == "1";
  else if (s.key == "look-ahead") tuning.look_ahead = s.value == "1";
  else return false;
  return true;
}

// argv[first..argc): the sets steps' tuning, particles=P and threads=T;
// throws std::invalid_argument on any other setting.
inline void apply_sets_settings(int argc, char** argv, int first, detail::SetsTuning& tuning, int& particles,
                                int& threads) {
  for (int i = first; i < argc; ++i) {
    const Setting setting = parse_setting(argv[i]);
    if (apply_sets_tuning(setting, tuning)) continue;
    if (setting.key == "particles") particles = std::stoi(setting.value);
    else if (setting.key == "threads") threads = std::stoi(setting.value);
    else throw std::invalid_argument(std::string("unknown setting ") + argv[i]);
  }
}

inline double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

}  // namespace sudoku_count::bench
