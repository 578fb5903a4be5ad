// Which GL renderers rasterize on the CPU (render/software_rasterizer.hpp): the names Mesa,
// Chrome's SwiftShader, Windows and macOS report for their software rasterizers, against those
// of GPUs from the same vendors and drivers (Mesa's own GPU drivers, ANGLE's Direct3D and Vulkan
// back ends, Apple's GPUs), and what a browser masks the renderer to.
#include "render/software_rasterizer.hpp"

#include <gtest/gtest.h>

namespace framelab::render {
namespace {

TEST(software_rasterizer, knows_the_cpu_rasterizers_and_not_the_gpus) {
  for (const char* cpu : {"llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Mesa X11 swrast", "Google SwiftShader",
                          "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)",
                          "ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)",
                          "GDI Generic", "Apple Software Renderer", "LLVMPIPE"}) {
    EXPECT_TRUE(software_rasterizer(cpu)) << cpu;
  }
  for (const char* gpu : {"Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
                          "AMD Radeon RX 6700 XT (radeonsi, navi22, LLVM 15.0.6)", "NVIDIA GeForce RTX 3060/PCIe/SSE2",
                          "ANGLE (Intel, Intel(R) UHD Graphics Direct3D11 vs_5_0 ps_5_0, D3D11)",
                          "ANGLE (Google, Vulkan 1.3.0 (Mali-G52), Mali driver)", "Apple M1", "Apple GPU",
                          "WebKit WebGL", ""}) {
    EXPECT_FALSE(software_rasterizer(gpu)) << gpu;
  }
}

}  // namespace
}  // namespace framelab::render
