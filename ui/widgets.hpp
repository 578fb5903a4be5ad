#pragma once
// Small ImGui helpers shared by the panels: every button carries a tooltip.
#include <imgui.h>

namespace framelab::ui {

// Shows `text` as a tooltip when the last item is hovered.
void tooltip(const char* text);

// A button with a tooltip; returns true when clicked.
bool button(const char* label, const char* tooltip_text, const ImVec2& size = ImVec2(0, 0));

// A "(?)" marker whose tooltip explains the item before it.
void help_marker(const char* text);

// Red text wrapped to the window, for messages next to fields.
void error_text(const char* text);

// Puts the next item, `width` pixels wide, on the current line when it still fits in
// the window, else on the next line (rows that fold in a narrow window).
void same_line_if_fits(float width);

// The width of a field `field_width` wide followed by its label, as ImGui lays it out.
float labelled_width(float field_width, const char* label);

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
