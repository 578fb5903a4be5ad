#pragma once
// The stage: where the 3D view is framed in the window, and where the camera's picture
// lies. The picture is centred on the part of the window the panels leave free, not on
// the window, so that a scene framed there is not half under the panel column (issue 30):
//
//   +-------+---------------------------------------+
//   | panel |      free (framing, labels)           |   canvas: the camera's whole
//   |       |          +  <- projection centre      |   picture, centred on free's
//   |       |                                       |   centre, reaching clip's far
//   +-------+---------------------------------------+   edges; clip: where it shows
//
// In presentation mode with a plot beside the 3D view the stage is the window left of the
// plot: clip and free are that part, and the picture does not run under the plot.
// Pure geometry, in ImGui's pixels (origin top left, y down); no ImGui here.
namespace framelab::ui {

struct screen_rect {
  float x = 0.0f, y = 0.0f, width = 0.0f, height = 0.0f;
  float right() const { return x + width; }
  float bottom() const { return y + height; }
  float centre_x() const { return x + 0.5f * width; }
  float centre_y() const { return y + 0.5f * height; }
  bool empty() const { return width <= 0.0f || height <= 0.0f; }
  friend bool operator==(const screen_rect&, const screen_rect&) = default;
};

struct stage_viewport {
  screen_rect free;    // what no panel covers: the framing fills it, the labels stay in it
  screen_rect clip;    // where the picture shows: the window, or the part left of a stage plot
  screen_rect canvas;  // the camera's whole picture (its aspect is the projection's)
};

// The stage whose picture is centred on `free` and covers `clip`: the canvas reaches
// from free's centre to clip's farthest edge on each axis (so it is clip itself when
// free is centred in clip).
stage_viewport stage_centred_on(const screen_rect& free, const screen_rect& clip);

// `stage`, or the whole window (width x height) when it is empty (before the first frame).
stage_viewport stage_or_window(const stage_viewport& stage, float width, float height);

// The free area less `share` of its width (height) along each edge that a panel makes, none along
// the clip's own edges (where a scene's camera may have put a floor on purpose): where a scene's
// starting camera keeps the shapes it shows whole (app/gui_app.cpp).
screen_rect clear_of_panels(const stage_viewport& stage, float share);

// A point of the canvas in normalised device coordinates (-1..1 across the canvas, +y
// up) and back.
struct ndc_point {
  double x = 0.0, y = 0.0;
};
ndc_point canvas_to_ndc(const stage_viewport& stage, float px, float py);
void ndc_to_canvas(const stage_viewport& stage, const ndc_point& ndc, float& px, float& py);

}  // namespace framelab::ui
