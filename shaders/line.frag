#version 330 core
in vec4 g_color;  // from line.geom
out vec4 frag_color;

void main() { frag_color = g_color; }
