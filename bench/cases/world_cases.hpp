#pragma once
// The generated world scene file the world benchmark steps (bench/world_bench.cpp): n
// frames in an 8-ary tree (frame i under frame (i - 1) / 8), each turning about y at its
// own rate and sliding along x, and p particles on springs in frames spread over the
// tree. Written as text, so the benchmark goes through the loader like a lecturer's file.
#include <cstddef>
#include <string>
#include <vector>

namespace framelab::bench {

inline std::string generated_world_text(std::size_t frames, std::size_t particles) {
  std::string text = "{ \"parameters\": { \"w\": { \"value\": 0.5, \"min\": -10, \"max\": 10 } },\n";
  text += "  \"frames\": [";
  // preorder of the 8-ary tree by an explicit stack of (node, children written)
  const auto child = [](std::size_t i, std::size_t k) { return 8 * i + 1 + k; };
  struct entry {
    std::size_t node, next;
  };
  std::string out;
  std::vector<entry> stack{{0, 0}};
  const auto frame_open = [&](std::size_t i) {
    return "{\"name\":\"f" + std::to_string(i) + "\",\"channels\":false,\"translation\":[\"0.5+0.1*sin(t+" +
           std::to_string(i % 7) + ")\",0,0],\"rotations\":[{\"axis\":[0,1,0],\"angle\":\"w*t*" +
           std::to_string(1 + i % 5) + "\"}]";
  };
  if (frames == 0) stack.clear();
  if (frames > 0) out += frame_open(0);
  while (!stack.empty()) {
    entry& e = stack.back();
    const std::size_t c = child(e.node, e.next);
    if (e.next < 8 && c < frames) {
      out += (e.next == 0 ? ",\"frames\":[" : ",") + frame_open(c);
      ++e.next;
      stack.push_back({c, 0});
    } else {
      out += (e.next > 0 ? "]}" : "}");
      stack.pop_back();
    }
  }
  text += out + "],\n  \"particles\": [";
  for (std::size_t k = 0; k < particles; ++k) {
    const std::size_t f = frames == 0 ? 0 : (k * 7919) % frames;
    text += (k ? "," : "") + std::string("{\"name\":\"p") + std::to_string(k) + "\",\"frame\":\"f" + std::to_string(f) +
            "\",\"channels\":false,\"position\":[1,0,0],\"velocity\":[0,0,0.2],"
            "\"spring\":{\"pivot\":[0,0,0],\"stiffness\":4,\"rest_length\":0.8}}";
  }
  text += "],\n  \"gravity\": [0, 0, 0] }\n";
  return text;
}

}  // namespace framelab::bench
