// The node program's own V8 settings (framelab_node.js, `sim` and `bench` of the browser build
// under node; emcc --pre-js puts this before the WebAssembly is compiled, so whoever runs the
// program gets it, with no flag on node's command line).
//
// - --wasm-tiering-budget: V8 runs every WebAssembly function first as Liftoff's quick code and
//   compiles it again with TurboFan once it has used up a budget of executed code (dynamic
//   tiering). With node's budget (1,800,000) `sim` of tank-turret tiered up functions that run
//   only while starting (CLI11's set-up, the scene file's JSON parse), compiled on a background
//   thread that competes with the main one on a 2-core host: `sim --steps 1` spent 100 ms in
//   main against 30 ms with Liftoff only, then 50 ms before node could exit. About 10x node's
//   budget tiers up only what runs for long (the steps, a benchmark's loop).
// - --wasm-lazy-validation: node compiles each function when it is first called already (lazy
//   compilation), but checked all 3.7 MB before main; now each function is checked when it is
//   compiled: `new WebAssembly.Module` 30 -> 6 ms. A `sim` calls a small part of the program
//   (no GUI, no benchmarks); emcc wrote and checked the module, so nothing is found later.
// Measured in docs/performance.md's 2026-11-27 issue-28 entry.
require("v8").setFlagsFromString("--wasm-tiering-budget=20000000 --wasm-lazy-validation");
