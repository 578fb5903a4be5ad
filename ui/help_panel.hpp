#pragma once
// The F1 help's rows: the app's keys and mouse controls, then every key a scene offers for
// one of its actions (e.g. L: Relaunch puck, carousel), so that a key a lesson's caption
// names is always listed.
#include <string>
#include <vector>

namespace framelab::ui {

struct help_row {
  std::string keys;    // "Space", "Ctrl+=  Ctrl+-  Ctrl+0", "L"
  std::string action;  // what it does
};

std::vector<help_row> help_rows();

}  // namespace framelab::ui
