#pragma once
// The interface's fonts at a UI scale (ui/ui_scale.hpp), in the order of ui::font_role:
// DejaVu Sans for the text and DejaVu Sans Mono for the number tables, ui_font_pixels *
// scale tall, and DejaVu Sans 1.35 times that for lesson captions (Debian's
// fonts-dejavu-core, found at run time), with ImGui's style sizes scaled alike. When a
// font file is missing or unreadable, ImGui's built-in font (enlarged) stands in and
// the reason is kept for the status line.
#include <imgui.h>

#include <optional>
#include <string>

namespace framelab {

struct ui_font_files {
  std::string text;     // empty: not found
  std::string numbers;  // empty: not found (the text font is used)
};

// FRAMELAB_FONT (a .ttf for the text) first, then the usual places of DejaVu Sans.
ui_font_files find_ui_fonts();

// Rebuilds the font atlas and the style for `scale_percent`; call outside a frame, then
// recreate the renderer's font texture. `base_style` is the unscaled style. Returns a
// message when a font had to be replaced by the built-in one. With `stage_pixels` > 0 a
// fourth font, DejaVu Sans that tall, is added for presentation mode's text on the stage
// (ui::font_role::stage; in proportion to the window, whatever the interface size, so a
// recording looks the same at any size).
std::optional<std::string> build_ui_fonts(const ui_font_files& files, const ImGuiStyle& base_style, int scale_percent,
                                          float stage_pixels = 0.0f);

}  // namespace framelab
