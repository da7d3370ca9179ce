#include "sudoku_count/error.hpp"

namespace sudoku_count {

std::string word_fields(const std::string& message, const std::function<std::string(const std::string&)>& spell) {
  std::string worded;
  std::size_t at = 0;
  while (at < message.size()) {
    const std::size_t open = message.find('{', at);
    const std::size_t close = open == std::string::npos ? open : message.find('}', open);
    if (close == std::string::npos) break;
    const std::string name = message.substr(open + 1, close - open - 1);
    // Only a field name (lower case, digits, underscores) is a field: other
    // braces (a user's text quoted in the message) stay as they are.
    const bool field = !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
    worded += message.substr(at, open - at) + (field ? spell(name) : message.substr(open, close - open + 1));
    at = close + 1;
  }
  return worded + message.substr(std::min(at, message.size()));
}

RequestError::RequestError(std::string field, std::string message)
    : InputError(message), field_(std::move(field)), message_(std::move(message)) {}

std::string RequestError::worded(const std::function<std::string(const std::string&)>& spell) const {
  return word_fields(message_, spell);
}

}  // namespace sudoku_count
