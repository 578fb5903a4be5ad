#pragma once
// The command-line tests' way in: parse_command_line on a vector of words (the
// program name added), with what it printed to stdout and stderr.
#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"

namespace framelab::cli_test {

struct parsed {
  cli_request request;
  std::string out;
  std::string err;
};

inline parsed parse(std::vector<std::string> args) {
  args.insert(args.begin(), "framelab");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  parsed result{parse_command_line(static_cast<int>(argv.size()), argv.data(), out, err), "", ""};
  result.out = out.str();
  result.err = err.str();
  return result;
}

}  // namespace framelab::cli_test
