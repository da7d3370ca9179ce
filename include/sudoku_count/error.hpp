#pragma once
// Errors raised at input boundaries (shapes, puzzles, requests, files).
// The CLI maps InputError to exit status 2 with its message on stderr;
// Python raises ValueError.
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>

namespace sudoku_count {

class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

// The library words its refusals in its own terms: where a message speaks
// of a field of a request (a session's request: estimate_session.hpp,
// exact_session.hpp), it writes the field's name in braces, {rel_error},
// and each front end spells it its own way through word_fields (the command
// line as --rel-error, Python as rel_error=). So no library message names a
// command-line flag. A RequestError is refused because of one field, which
// field() names, for a front end that wants to point at it; what() is the
// message with the braces as they are.
class RequestError : public InputError {
 public:
  RequestError(std::string field, std::string message);
  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }
  // The message with each {name} replaced by spell(name) (word_fields).
  std::string worded(const std::function<std::string(const std::string&)>& spell) const;

 private:
  std::string field_;
  std::string message_;
};

// `message` with each {name} replaced by spell(name) (text without braces
// is left as it is).
std::string word_fields(const std::string& message, const std::function<std::string(const std::string&)>& spell);

// User text as it appears in a message: in single quotes, control bytes as
// \xNN (so that the message stays on one line) and cut to `max` bytes with
// "..." (so that a megabyte of input is not echoed back).
inline std::string quote_input(const std::string& text, std::size_t max = 60) {
  std::string quoted = "'";
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x20 || byte == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
      quoted += escaped;
    } else {
      quoted += text[i];
    }
  }
  return quoted + (text.size() > max ? "...'" : "'");
}

}  // namespace sudoku_count
