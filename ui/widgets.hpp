#pragma once
// Small ImGui helpers shared by the panels: every button carries a tooltip.
#include <imgui.h>

#include <string>
#include <vector>

namespace framelab::ui {

// Shows `text` as a tooltip when the last item is hovered.
void tooltip(const char* text);

// A button with a tooltip; returns true when clicked.
bool button(const char* label, const char* tooltip_text, const ImVec2& size = ImVec2(0, 0));

// A "(?)" marker whose tooltip explains the item before it.
void help_marker(const char* text);

// Text in `color`, wrapped to the window.
void colored_text_wrapped(const ImVec4& color, const char* format, ...) IM_FMTARGS(2);

// Text in the disabled (grey) colour, wrapped to the window.
void disabled_text_wrapped(const char* format, ...) IM_FMTARGS(1);

// Red text wrapped to the window, for messages next to fields.
void error_text(const char* text);

// Puts the next item, `width` pixels wide, on the current line when it still fits in
// the window, else on the next line (rows that fold in a narrow window).
void same_line_if_fits(float width);

// The width for a field followed by `label` on the rest of this row: `em` font sizes, less
// where the row is narrower (down to 4 font sizes).
float field_width_beside(const char* label, float em);

// The width of a field `field_width` wide followed by its label, as ImGui lays it out.
float labelled_width(float field_width, const char* label);

// A table of fixed-width columns, each as wide as its widest cell, that scrolls sideways
// with a visible scroll bar where the window is narrower than its columns (never a
// silent cut); `rows` rows (plus the header, when `header`) of `row_height` pixels (0:
// a text line) set its height. End it with ImGui::EndTable() when it returns true.
bool begin_wide_table(const char* id, int columns, int rows, bool header, float row_height = 0.0f,
                      ImGuiTableFlags extra = 0);

// The width of a checkbox with its label.
float checkbox_width(const char* label);

// The width of a button with its label (the part after "##" is an id, not shown).
float button_width(const char* label);

// What the panels could not show whole, collected while a test asks for it (the app
// collects nothing): text wider than the field or window that holds it, and the height
// of every plot's data area. The widgets below and line_plot report into it.
struct layout_findings {
  std::vector<std::string> cut;  // "window: what" for every text that did not fit
  struct plot {
    std::string id;
    float data_height = 0.0f;  // pixels
    float font_size = 0.0f;
  };
  std::vector<plot> plots;
};
// Starts (a findings object) or stops (nullptr) collecting.
void collect_layout_findings(layout_findings* findings);
// Reports `what` when `text_width` pixels of text do not fit into `room` pixels.
void check_text_fits(const char* what, float text_width, float room);
void report_plot_height(const char* id, float data_height);

// The app's fonts (ui/ui_fonts.hpp), in atlas order: the text font, the fixed-width
// font for aligned columns of numbers, a larger text font for captions, and presentation
// mode's stage font (at least 1/40 of the window's height). Where the atlas has fewer
// (the headless tests), the first stands in.
enum class font_role { text = 0, numbers = 1, caption = 2, stage = 3 };
ImFont* font_for(font_role role);
inline ImFont* caption_font() {
  return font_for(font_role::caption);
}

// Text in the fixed-width font, for aligned columns of numbers.
void numbers_text(const char* format, ...) IM_FMTARGS(1);

inline constexpr ImU32 error_color = IM_COL32(255, 110, 100, 255);

}  // namespace framelab::ui
