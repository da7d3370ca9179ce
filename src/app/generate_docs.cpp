// sudoku-count-docs: writes the man pages (one per command, and one for the
// tool) and the bash and zsh completion scripts from the command table, at
// build time, so that none of them can drift from the options the tool
// parses. Not installed: only its output is.
//
// usage: sudoku-count-docs OUTDIR
//   OUTDIR/man1/sudoku-count.1, OUTDIR/man1/sudoku-count-COMMAND.1,
//   OUTDIR/bash-completion/sudoku-count, OUTDIR/zsh/_sudoku-count
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "options.hpp"
#include "sudoku_count/version.hpp"

namespace fs = std::filesystem;
using sudoku_count::cli::CommandSpec;
using sudoku_count::cli::Kind;
using sudoku_count::cli::OptionSpec;

namespace {

constexpr const char* kTool = "sudoku-count";

// Text as roff reads it: backslashes escaped, dashes as \- (so that man
// prints and searches them as ASCII hyphens), a line that would start with a
// control character guarded by \&.
std::string roff(const std::string& text) {
  std::string out;
  bool line_start = true;
  for (char ch : text) {
    if (line_start && (ch == '.' || ch == '\'')) out += "\\&";
    if (ch == '\\') out += "\\e";
    else if (ch == '-') out += "\\-";
    else out += ch;
    line_start = ch == '\n';
  }
  return out;
}

// The first line of a man page: name, section, date (left empty: the
// version identifies the page and the build stays reproducible), source.
void title(std::ostream& out, const std::string& name) {
  std::string upper;
  for (char ch : name) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  out << ".TH " << upper << " 1 \"\" \"" << kTool << " " << sudoku_count::kVersion << "\" \"User Commands\"\n";
}

std::string option_synopsis(const OptionSpec& option) {
  return "--" + option.name + (option.kind == Kind::Flag ? "" : " " + option.value_name);
}

void command_page(std::ostream& out, const CommandSpec& command) {
  const std::string page = std::string(kTool) + "-" + command.name;
  title(out, page);
  out << ".SH NAME\n" << roff(page) << " \\- " << roff(command.brief) << "\n";
  out << ".SH SYNOPSIS\n.nf\n" << roff(command.usage.substr(command.usage.rfind("usage: ", 0) == 0 ? 7 : 0))
      << "\n.fi\n";
  out << ".SH DESCRIPTION\n" << roff(command.summary) << "\n";
  if (!command.positional.empty())
    out << ".SH ARGUMENTS\n.TP\n.I " << roff(command.positional) << "...\n"
        << roff(command.missing_positional.empty() ? "optional" : command.missing_positional) << "\n";
  out << ".SH OPTIONS\n";
  for (const OptionSpec& option : command.options) {
    out << ".TP\n.B " << roff(option_synopsis(option)) << "\n" << roff(option.help);
    if (!option.choices.empty()) {
      std::string choices;
      for (const auto& choice : option.choices) choices += (choices.empty() ? "" : ", ") + choice;
      out << " (" << roff(choices) << ")";
    }
    if (!option.default_value.empty()) out << " [default " << roff(option.default_value) << "]";
    out << "\n";
  }
  out << ".TP\n.B \\-\\-help\nprint this command's options and exit\n";
  out << ".SH EXIT STATUS\n0 on success, 2 for bad usage or input, 1 for an internal error"
      << (command.name == "estimate" ? ", 3 when the final checkpoint could not be written" : "") << ".\n";
  out << ".SH SEE ALSO\n.BR " << kTool << " (1)\n";
}

void tool_page(std::ostream& out, const std::vector<CommandSpec>& table) {
  title(out, kTool);
  out << ".SH NAME\n" << kTool << " \\- count, estimate, sample and solve completed Sudoku grids\n";
  out << ".SH SYNOPSIS\n.B " << kTool << "\n.I COMMAND\n[options]\n.br\n.B " << kTool
      << "\n\\-\\-help | \\-\\-version\n";
  out << ".SH COMMANDS\n";
  for (const CommandSpec& command : table)
    out << ".TP\n.B " << roff(command.name) << "\n" << roff(command.brief) << "; see\n.BR " << kTool << "-"
        << roff(command.name) << " (1)\n";
  out << ".SH SEE ALSO\n";
  for (std::size_t i = 0; i < table.size(); ++i)
    out << ".BR " << kTool << "-" << roff(table[i].name) << " (1)" << (i + 1 < table.size() ? ",\n" : "\n");
}

// Values a completion offers for an option: its choices, file names for
// FILE, nothing for the rest (numbers, shapes).
bool takes_file(const OptionSpec& option) { return option.value_name == "FILE"; }

std::string words(const std::vector<std::string>& list, const std::string& prefix = "") {
  std::string out;
  for (const auto& word : list) out += (out.empty() ? "" : " ") + prefix + word;
  return out;
}

void bash_completion(std::ostream& out, const std::vector<CommandSpec>& table) {
  std::vector<std::string> names;
  for (const CommandSpec& command : table) names.push_back(command.name);
  out << "# bash completion for " << kTool << " " << sudoku_count::kVersion
      << " (generated from its command table; do not edit)\n"
      << "_sudoku_count() {\n"
      << "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      << "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
      << "    COMPREPLY=($(compgen -W \"" << words(names) << " --help --version\" -- \"$cur\"))\n"
      << "    return\n  fi\n"
      << "  local options=\"\" files=\"\"\n"
      << "  case ${COMP_WORDS[1]} in\n";
  for (const CommandSpec& command : table) {
    std::vector<std::string> options, file_options;
    for (const OptionSpec& option : command.options) {
      options.push_back(option.name);
      if (takes_file(option)) file_options.push_back(option.name);
    }
    options.push_back("help");
    out << "    " << command.name << ")\n      options=\"" << words(options, "--") << "\"\n";
    if (!command.positional.empty()) out << "      files=1\n";
    out << "      case $prev in\n";
    for (const OptionSpec& option : command.options) {
      if (!option.choices.empty())
        out << "        --" << option.name << ") COMPREPLY=($(compgen -W \"" << words(option.choices)
            << "\" -- \"$cur\")); return ;;\n";
      else if (takes_file(option))
        out << "        --" << option.name << ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
      else if (option.kind != Kind::Flag)
        out << "        --" << option.name << ") COMPREPLY=(); return ;;\n";
    }
    out << "      esac ;;\n";
  }
  out << "    *) return ;;\n  esac\n"
      << "  if [[ $cur == -* || -z $files ]]; then\n"
      << "    COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
      << "  else\n    COMPREPLY=($(compgen -f -- \"$cur\"))\n  fi\n"
      << "}\n"
      << "complete -F _sudoku_count " << kTool << "\n";
}

// zsh's _arguments spec: '--name[help]:value:action'. Brackets and colons
// in help text would end the field; quotes would end the word.
std::string zsh_text(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '[' || ch == ']' || ch == ':' || ch == '\\') out += '\\';
    if (ch == '\'') out += "'\\''";
    else out += ch;
  }
  return out;
}

std::string zsh_brief(const std::string& help) {
  // The first clause is enough for a menu line.
  const auto end = help.find_first_of(";:(");
  std::string brief = help.substr(0, end);
  while (!brief.empty() && brief.back() == ' ') brief.pop_back();
  return brief;
}

void zsh_completion(std::ostream& out, const std::vector<CommandSpec>& table) {
  out << "#compdef " << kTool << "\n# zsh completion for " << kTool << " " << sudoku_count::kVersion
      << " (generated from its command table; do not edit)\n\n"
      << "_sudoku_count() {\n"
      << "  local -a commands\n  commands=(\n";
  for (const CommandSpec& command : table)
    out << "    '" << command.name << ":" << zsh_text(command.brief) << "'\n";
  out << "  )\n"
      << "  if (( CURRENT == 2 )); then\n"
      << "    _describe -t commands 'sudoku-count command' commands\n"
      << "    _arguments '--help[print the commands]' '--version[print the version]'\n"
      << "    return\n  fi\n"
      << "  local cmd=${words[2]}\n"
      << "  shift 1 words\n  (( CURRENT-- ))\n"
      << "  case $cmd in\n";
  for (const CommandSpec& command : table) {
    out << "    " << command.name << ")\n      _arguments -s \\\n";
    for (const OptionSpec& option : command.options) {
      out << "        '--" << option.name << "[" << zsh_text(zsh_brief(option.help)) << "]";
      if (option.kind != Kind::Flag) {
        out << ":" << zsh_text(option.value_name) << ":";
        if (!option.choices.empty()) out << "(" << words(option.choices) << ")";
        else if (takes_file(option)) out << "_files";
        else out << " ";
      }
      out << "' \\\n";
    }
    out << "        '--help[print the options of " << command.name << "]'";
    if (!command.positional.empty()) out << " \\\n        '*:" << zsh_text(command.positional) << ":_files'";
    out << " ;;\n";
  }
  out << "  esac\n}\n\n_sudoku_count \"$@\"\n";
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream file(path);
  file << text;
  if (!file.flush()) throw std::runtime_error("cannot write " + path.string());
}

template <typename Writer>
std::string render(Writer writer) {
  std::ostringstream out;
  writer(out);
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: sudoku-count-docs OUTDIR\n";
    return 2;
  }
  try {
    const fs::path dir = argv[1];
    const auto& table = sudoku_count::cli::command_table();
    write(dir / "man1" / (std::string(kTool) + ".1"), render([&](std::ostream& out) { tool_page(out, table); }));
    for (const CommandSpec& command : table)
      write(dir / "man1" / (std::string(kTool) + "-" + command.name + ".1"),
            render([&](std::ostream& out) { command_page(out, command); }));
    write(dir / "bash-completion" / kTool, render([&](std::ostream& out) { bash_completion(out, table); }));
    write(dir / "zsh" / ("_" + std::string(kTool)), render([&](std::ostream& out) { zsh_completion(out, table); }));
  } catch (const std::exception& e) {
    std::cerr << "sudoku-count-docs: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
