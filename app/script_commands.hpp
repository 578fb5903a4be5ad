#pragma once
// The commands of a GUI script (app/gui_script.hpp), as data: what the script loader
// accepts and what `framelab --help` lists come from this one table.
#include <array>
#include <cstddef>
#include <string>

namespace framelab {

struct script_command {
  const char* name;
  std::size_t min_args;
  std::size_t max_args;
  const char* usage;  // the arguments, as --help shows them
};

inline constexpr std::array script_commands = {
    script_command{"scene", 1, 1, "scene NAME|FILE.json"},
    script_command{"set", 1, 1, "set NAME=VALUE"},
    script_command{"wait", 1, 1, "wait FRAMES"},
    script_command{"show", 1, 16, "show PANEL|trails|arrows [KIND...]|bodies"},
    script_command{"hide", 1, 16, "hide PANEL|trails|arrows [KIND...]|bodies"},
    script_command{"key", 1, 1, "key KEY"},
    script_command{"present", 1, 1, "present on|off"},
    script_command{"say", 0, 1, "say TEXT"},
    script_command{"pause", 0, 0, "pause"},
    script_command{"bench", 1, 3, "bench select|set|run|cancel|wait|tab ..."},
    script_command{"camera", 1, 16,
                   "camera target X,Y,Z|distance M|yaw DEG|pitch DEG ...|follow NODE|ride NODE|focus NODE...|frame"},
    script_command{"plot", 1, 4, "plot CHANNEL...|off"},
    script_command{"split", 1, 1, "split FRAME|off"},
    script_command{"shot", 1, 1, "shot FILE.png"},
    script_command{"window", 1, 1, "window WxH"},
    script_command{"record", 1, 3, "record start FILE [window|stage]|stop"},
    script_command{"quit", 0, 0, "quit"},
};

// "scene NAME|FILE.json, set NAME=VALUE, ..., quit": every command with its arguments.
inline std::string script_command_usage() {
  std::string text;
  for (const auto& command : script_commands) text += (text.empty() ? "" : ", ") + std::string(command.usage);
  return text;
}

}  // namespace framelab
