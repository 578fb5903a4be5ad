#include "ui/panel_layout.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "scenes/registry.hpp"
#include "ui/line_plot.hpp"
#include "ui/panels.hpp"
#include "ui/presentation.hpp"
#include "ui/scene_panels.hpp"
#include "ui/split_stage.hpp"
#include "ui/widgets.hpp"
#include "ui/world_files.hpp"

namespace framelab::ui {

namespace {

struct panel_key {
  panel_id id;
  int index = 0;
  friend bool operator==(const panel_key&, const panel_key&) = default;
};

// Kept in ui_state (panel_state<layout_state>).
struct layout_state {
  layout_plan plan;
  std::vector<panel_key> keys;  // one per entry of the plan
  bool open_sections = false;   // tests: every section open
  bool in_section = false;      // a section is being drawn
  bool section_shown = false;   // and it is open
  const char* section_title = "";
  int generation = 0;  // counts the times every panel was to be placed again (a new interface scale)
  struct placed_window {
    int generation = 0;
    panel_rect rect;  // where the layout last put it
  };
  std::map<std::string, placed_window> placed;  // by window title
  float reach_before = 0.0f;                    // the column's widest item before the section (pixels, screen x)
};

layout_state& layout_of(ui_state& state) {
  return state.panel_state<layout_state>();
}

int plan_index(const layout_state& layout, panel_id id, int index) {
  const auto it = std::find(layout.keys.begin(), layout.keys.end(), panel_key{id, index});
  return it == layout.keys.end() ? -1 : static_cast<int>(it - layout.keys.begin());
}

// Pixels between panels, and between a panel and the stage or the window's edge.
float layout_gap() {
  return 0.25f * ImGui::GetFontSize();
}

// A window's frame around its content: title bar, padding and a vertical scroll bar.
ImVec2 window_chrome() {
  const ImGuiStyle& style = ImGui::GetStyle();
  return {2.0f * style.WindowPadding.x + style.ScrollbarSize, ImGui::GetFrameHeight() + 2.0f * style.WindowPadding.y};
}

float rows(float count) {
  return count * ImGui::GetFrameHeightWithSpacing();
}

// The scene names in the browser, indented under their categories; as wide as the shipped
// scene files' titles under theirs too, which it scrolls to (their rows would push the panels
// into one column of sections where two columns hold them).
panel_need browser_need(ui_state& state) {
  float width = ImGui::CalcTextSize("Moving frames").x;
  float lines = 0.0f;
  std::string category;
  for (const auto& entry : registered_scenes()) {
    width = std::max(width, ImGui::CalcTextSize(entry.info.name.c_str()).x);
    if (entry.info.category != category) lines += 1.0f;
    category = entry.info.category;
    lines += 1.0f;
  }
  for (const std::string& line : shipped_world_lines(state))
    width = std::max(width, ImGui::CalcTextSize(line.c_str()).x);
  const ImVec2 chrome = window_chrome();
  return {panel_place::left,
          std::max(width + 2.0f * ImGui::GetStyle().IndentSpacing, 12.0f * ImGui::GetFontSize()) + chrome.x,
          chrome.y + (lines + 5.0f) * ImGui::GetTextLineHeightWithSpacing()};
}

// The scene tree: its node names, indented by depth (the first few hundred: a scene of
// thousands of balls lists only the first hundred children), and the frame tables' rows
// ("alpha", three signed numbers in the fixed-width font, the unit).
panel_need tree_need(ui_state& state) {
  ImFont* numbers = font_for(font_role::numbers);
  float row = numbers->CalcTextSizeA(ImGui::GetFontSize(), 1e9f, 0.0f, "alpha  -10.000  -10.000  -10.000 rad/s^2").x;
  const auto& nodes = state.sim->view().nodes;
  for (std::size_t i = 0; i < nodes.size() && i < 200; ++i) {
    int depth = 0;
    for (int p = nodes[i].parent; p >= 0 && p < static_cast<int>(nodes.size()) && depth < 32;
         p = nodes[static_cast<std::size_t>(p)].parent)
      ++depth;
    row = std::max(row, static_cast<float>(depth + 1) * ImGui::GetStyle().IndentSpacing +
                            ImGui::GetTreeNodeToLabelSpacing() + ImGui::CalcTextSize(nodes[i].name.c_str()).x);
  }
  const ImVec2 chrome = window_chrome();
  return {panel_place::right, row + chrome.x, chrome.y + rows(8.0f)};
}

std::vector<std::pair<panel_key, panel_need>> open_panels(ui_state& state) {
  std::vector<std::pair<panel_key, panel_need>> open;
  const ImVec2 chrome = window_chrome();
  if (state.show_transport) {
    open.push_back(
        {{panel_id::transport}, {panel_place::top, transport_width(state) + chrome.x, chrome.y + rows(3.0f)}});
  }
  if (state.show_browser) open.push_back({{panel_id::browser}, browser_need(state)});
  if (state.show_parameters) {
    const float count = static_cast<float>(std::min<std::size_t>(state.sim->parameter_defs().size(), 10));
    open.push_back({{panel_id::parameters},
                    {panel_place::left, parameters_width(state) + chrome.x, chrome.y + rows(count + 1.0f)}});
  }
  if (state.show_tree) open.push_back({{panel_id::tree}, tree_need(state)});
  if (state.show_plots) {
    // The height it needs at the width it asks for (wider, it needs no more).
    const float width = 24.0f * ImGui::GetFontSize();
    open.push_back({{panel_id::plots}, {panel_place::bottom, width + chrome.x, chrome.y + plots_height(state, width)}});
  }
  int index = 0;
  for (const auto& panel : panels_for_scene(state.sim->current())) {
    open.push_back({{panel_id::scene, index++},
                    {panel_place::right, panel.size.width_em * ImGui::GetFontSize() + chrome.x,
                     chrome.y + rows(panel.size.height_rows)}});
  }
  if (state.show_benchmarks) open.push_back({{panel_id::benchmarks}, {panel_place::centre, 0.0f, 0.0f}});
  return open;
}

// Below this width (in font sizes) a column cannot hold a row of controls.
constexpr float narrow_column_em = 13.0f;

bool same_place(ImVec2 a, ImVec2 b) {
  return std::abs(a.x - b.x) <= 1.0f && std::abs(a.y - b.y) <= 1.0f;  // ImGui floors to whole pixels
}

// Places the next window, `title`, at the plan's `r`. A window opened for the first time
// this run keeps the place imgui.ini remembers (the user's own move) or takes the plan's.
// After that the layout moves it with the plan (another scene's panels, a new window size)
// as long as it is where the layout last put it; once the user moves or resizes it, it
// stays, until a new interface scale places every window again.
void place_next_window(layout_state& layout, const char* title, const panel_rect& r) {
  const ImGuiWindow* window = ImGui::FindWindowByName(title);
  const auto it = layout.placed.find(title);
  if (window == nullptr || it == layout.placed.end()) {
    ImGui::SetNextWindowPos(r.position, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(r.size, ImGuiCond_FirstUseEver);
    layout.placed[title] = {layout.generation, r};
    return;
  }
  // ImGui keeps a window at least WindowMinSize across: a plan for a window of a few pixels (the
  // window shrunk to 1x1 a moment) puts it at that size, still where the layout put it.
  const ImVec2 least = ImGui::GetStyle().WindowMinSize, planned = it->second.rect.size;
  const ImVec2 applied(std::max(planned.x, least.x), std::max(planned.y, least.y));
  const bool untouched = same_place(window->Pos, it->second.rect.position) && same_place(window->SizeFull, applied);
  if (!untouched && it->second.generation == layout.generation) return;  // the user's place
  ImGui::SetNextWindowPos(r.position, ImGuiCond_Always);
  ImGui::SetNextWindowSize(r.size, ImGuiCond_Always);
  it->second = {layout.generation, r};
}

// A split stage (ui/split_stage.hpp) halves the free area: the world's view on the left,
// the chosen frame's on the right.
void split_if_asked(ui_state& state, const screen_rect& free) {
  if (!split_node(state)) return;
  const auto [world, frame] = split_stages(free, layout_gap());
  state.stage = world;
  state.second_stage = frame;
}

}  // namespace

void place_presentation_stage(ui_state& state) {
  if (ImGui::GetCurrentContext() == nullptr) return;  // no window yet (state driven headless): no stage
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const screen_rect window{0.0f, 0.0f, display.x, display.y};
  state.second_stage.reset();
  // The presentation shows no panel; a stage plot takes the right of the window.
  const screen_rect beside_plot{0.0f, 0.0f, (1.0f - stage_plot_share) * display.x, display.y};
  state.stage = stage_plot_shown(state) ? stage_centred_on(beside_plot, beside_plot) : stage_centred_on(window, window);
  split_if_asked(state, state.stage.free);
}

void update_layout(ui_state& state) {
  layout_state& layout = layout_of(state);
  if (state.relayout_panels) ++layout.generation;
  layout.keys.clear();
  layout.plan = {};
  if (presenting(state)) {
    place_presentation_stage(state);
    return;
  }
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const screen_rect window{0.0f, 0.0f, display.x, display.y};
  state.second_stage.reset();
  const auto open = open_panels(state);
  std::vector<panel_need> needs;
  for (const auto& [key, need] : open) {
    layout.keys.push_back(key);
    needs.push_back(need);
  }
  layout.plan = plan_layout(needs, display, ImGui::GetFrameHeight(), layout_gap());
  const panel_rect free = free_area(layout.plan, display, ImGui::GetFrameHeight(), layout_gap());
  state.stage = stage_centred_on({free.position.x, free.position.y, free.size.x, free.size.y}, window);
  split_if_asked(state, state.stage.free);
}

stage_viewport current_stage(const ui_state& state) {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  return stage_or_window(state.stage, display.x, display.y);
}

const layout_plan& current_layout(ui_state& state) {
  return layout_of(state).plan;
}

bool in_column(ui_state& state, panel_id id, int index) {
  const layout_state& layout = layout_of(state);
  const int i = plan_index(layout, id, index);
  return i >= 0 && layout.plan.in_column[static_cast<std::size_t>(i)] != 0;
}

bool begin_panel(ui_state& state, panel_id id, const char* title, bool* open, int index) {
  layout_state& layout = layout_of(state);
  const int i = plan_index(layout, id, index);
  if (i >= 0 && layout.plan.in_column[static_cast<std::size_t>(i)] != 0) {
    // Transport, parameters and the scene's own panel open at first; the others wait for a click.
    const bool first_open = id == panel_id::transport || id == panel_id::parameters || id == panel_id::scene;
    ImGui::SetNextItemOpen(first_open || layout.open_sections,
                           layout.open_sections ? ImGuiCond_Always : ImGuiCond_Once);
    const bool shown = ImGui::CollapsingHeader(title, open);
    ImGui::PushID(title);  // the sections share one window: keep their widgets' ids apart
    if (shown) ImGui::Indent(0.5f * ImGui::GetStyle().IndentSpacing);
    layout.in_section = true;
    layout.section_shown = shown;
    layout.section_title = title;
    // The section's own widest item, for check_text_fits in end_panel.
    ImGuiWindow* column = ImGui::GetCurrentWindow();
    layout.reach_before = column->DC.CursorMaxPos.x;
    column->DC.CursorMaxPos.x = column->DC.CursorPos.x;
    return shown;
  }
  if (i >= 0) {
    place_next_window(layout, title, layout.plan.rects[static_cast<std::size_t>(i)]);
  }
  return ImGui::Begin(title, open);
}

void end_panel(ui_state& state, panel_id id, int index) {
  layout_state& layout = layout_of(state);
  if (in_column(state, id, index)) {
    if (layout.section_shown) {
      ImGui::Unindent(0.5f * ImGui::GetStyle().IndentSpacing);
      ImGui::Spacing();
    }
    ImGui::PopID();
    layout.in_section = false;
    // Reports a section wider than the column (when it does not scroll sideways).
    ImGuiWindow* column = ImGui::GetCurrentWindow();
    const float reach = column->DC.CursorMaxPos.x;
    if (!column->ScrollbarX) {
      const std::string what = std::string("section ") + layout.section_title;
      check_text_fits(what.c_str(), reach - column->Pos.x, column->InnerClipRect.Max.x - column->Pos.x);
    }
    column->DC.CursorMaxPos.x = std::max(column->DC.CursorMaxPos.x, layout.reach_before);
    return;
  }
  ImGui::End();
}

void begin_side_column(ui_state& state) {
  layout_state& layout = layout_of(state);
  const layout_plan& plan = layout.plan;
  if (!plan.sections) return;
  place_next_window(layout, "Panels", plan.column);
  // Narrower than a line of controls (a 1280x720 window at 200 %): the column scrolls
  // sideways with a visible scroll bar rather than cut what does not fit.
  const bool narrow = plan.column.size.x < narrow_column_em * ImGui::GetFontSize();
  ImGui::Begin("Panels", nullptr, ImGuiWindowFlags_NoCollapse | (narrow ? ImGuiWindowFlags_HorizontalScrollbar : 0));
}

void end_side_column(ui_state& state) {
  if (layout_of(state).plan.sections) ImGui::End();
}

float fill_height(ui_state& state, float minimum) {
  if (layout_of(state).in_section) return minimum;
  return std::max(minimum, ImGui::GetContentRegionAvail().y);
}

void open_every_section(ui_state& state) {
  layout_of(state).open_sections = true;
}

}  // namespace framelab::ui
