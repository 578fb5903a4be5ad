#pragma once
// File > Copy link: the running scene as a link the page opens to the same scene
// (README "In a browser"):
//   framelab.html?scene=carousel&set=initial_rate=1.5&present=1&ui-scale=200
// The query carries what the command line carries (app/cli.hpp: parse_page_url reads it
// back); a scene file of the lecturer's own (opened from a file, dropped, or edited in the
// Scene tree) travels whole in the link's # part, compressed by the page
// (#file=NAME.json&deflate=BASE64URL: app/platform/web_shell.html unpacks it).
#include <string>
#include <vector>

#include "scenes/simulation.hpp"

namespace framelab {

struct share_link {
  std::string query;      // "?scene=...&set=...": every changed parameter, presentation mode, interface size
  std::string file_name;  // the scene file for the # part ("" when the query names the scene)
  std::string file_text;  // its text: the running scene as a file, with the Scene tree's edits
};

// Where the page keeps the shipped assets (cmake/web/app.cmake embeds assets/ there).
inline constexpr const char* page_assets_folder = "/assets";

// The link to `sim` as it runs now. A shipped scene file, unedited, is named by its place in
// the page (/assets/worlds/NAME.json); `shipped_world_files` are the shipped files' paths here.
// A parameter is in the link when it differs from the scene's default; the interface size
// when it is not 100 %.
share_link make_share_link(const simulation& sim, const std::vector<std::string>& shipped_world_files, bool present,
                           int ui_scale_percent);

}  // namespace framelab
