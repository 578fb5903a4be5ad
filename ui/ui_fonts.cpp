#include "ui/ui_fonts.hpp"

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "ui/ui_scale.hpp"

namespace framelab {

namespace {

constexpr std::size_t max_font_bytes = 64u << 20;
constexpr float caption_scale = 1.35f;  // lesson captions over the interface text

// A TrueType or OpenType file starts with one of these four-byte tags.
bool looks_like_a_font(const std::vector<char>& bytes) {
  if (bytes.size() < 12) return false;
  const std::string tag(bytes.data(), 4);
  return tag == std::string("\0\1\0\0", 4) || tag == "true" || tag == "OTTO";
}

std::optional<std::vector<char>> read_font(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec || size > max_font_bytes) return std::nullopt;
  std::vector<char> bytes(size);
  std::ifstream in(path, std::ios::binary);
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size)) || !looks_like_a_font(bytes)) return std::nullopt;
  return bytes;
}

std::string first_existing(const std::vector<std::string>& candidates) {
  for (const auto& path : candidates) {
    std::error_code ec;
    if (!path.empty() && std::filesystem::is_regular_file(path, ec)) return path;
  }
  return {};
}

// Latin, Latin-1 and Greek (omega, alpha, Delta in labels).
const ImWchar* glyph_ranges() {
  static const ImWchar ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2000, 0x206F, 0x2190, 0x21FF, 0x2200, 0x22FF, 0};
  return ranges;
}

// Adds a font from `path` at `pixels`; false when the file is not a usable font.
bool add_font_file(const std::string& path, float pixels) {
  auto bytes = read_font(path);
  if (!bytes) return false;
  // The atlas frees the copy it is given (ImGui::MemFree), so it must come from ImGui::MemAlloc.
  void* data = ImGui::MemAlloc(bytes->size());
  std::copy(bytes->begin(), bytes->end(), static_cast<char*>(data));
  ImFontConfig config;
  config.OversampleH = 2;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(data, static_cast<int>(bytes->size()), pixels, &config,
                                                    glyph_ranges()) != nullptr;
}

void add_built_in_font(float scale) {
  ImFontConfig config;
  config.SizePixels = 13.0f * scale;
  ImGui::GetIO().Fonts->AddFontDefault(&config);
}

}  // namespace

ui_font_files find_ui_fonts() {
  const char* chosen = std::getenv("FRAMELAB_FONT");
  ui_font_files files;
  files.text = first_existing({chosen != nullptr ? chosen : "", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                               "/usr/share/fonts/TTF/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf"});
  files.numbers =
      first_existing({"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", "/usr/share/fonts/TTF/DejaVuSansMono.ttf",
                      "/usr/share/fonts/dejavu/DejaVuSansMono.ttf"});
  return files;
}

std::optional<std::string> build_ui_fonts(const ui_font_files& files, const ImGuiStyle& base_style, int scale_percent,
                                          float stage_pixels) {
  const float scale = ui::ui_scale_factor(scale_percent);
  const float pixels = ui::ui_font_pixels * scale;
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  atlas.Clear();
  std::optional<std::string> message;
  if (files.text.empty() || !add_font_file(files.text, pixels)) {
    add_built_in_font(scale);
    message = files.text.empty() ? "DejaVu Sans not found (install fonts-dejavu-core or set FRAMELAB_FONT); using "
                                   "ImGui's built-in font"
                                 : files.text + ": not a usable font file; using ImGui's built-in font";
  }
  // The second font, for tables of numbers; the text font again when there is none.
  if (files.numbers.empty() || !add_font_file(files.numbers, pixels)) {
    if (files.text.empty() || !add_font_file(files.text, pixels)) add_built_in_font(scale);
  }
  // The third, for lesson captions (ui::font_role::caption).
  if (files.text.empty() || !add_font_file(files.text, caption_scale * pixels))
    add_built_in_font(caption_scale * scale);
  // The fourth, for presentation mode's readouts, arrow labels and captions (ui::font_role::stage).
  if (stage_pixels > 0.0f) {
    if (files.text.empty() || !add_font_file(files.text, stage_pixels))
      add_built_in_font(stage_pixels / ui::ui_font_pixels);
  }
  atlas.Build();
  ImGuiStyle& style = ImGui::GetStyle();
  style = base_style;
  style.ScaleAllSizes(scale);
  return message;
}

}  // namespace framelab
