# The browser's two programs from the same objects (app/CMakeLists.txt's framelab_app):
#   framelab.html   the page: ONE file (-sSINGLE_FILE) with the WebAssembly, the assets folder
#                   (scene files, lessons; at /assets) and the interface font inside, WebGL2,
#                   the shell app/platform/web_shell.html;
#   framelab_node.js  the same program for node with the real file system (NODERAWFS): `sim`
#                   and `bench` under node, compared with the desktop's (tests/web); its V8
#                   setting in app/platform/node_preamble.js.
# Both: WebGL2 only (the node program links the same GL calls, never made there).
target_link_options(framelab_app INTERFACE -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2)
# The link optimises the whole WebAssembly once more with binaryen's wasm-opt at the compile's
# level (-O3): about 10 % smaller and 45-95 s per program on the 2-core host. The tests' build
# (the web-test preset) links at -O1 instead, in about 5 s, from the same -O3 objects.
option(FRAMELAB_WEB_OPTIMIZE_LINK "Optimise the linked WebAssembly with wasm-opt (off: quick links for tests)" ON)
if(NOT FRAMELAB_WEB_OPTIMIZE_LINK)
  target_link_options(framelab_app INTERFACE -O1)
endif()
set(framelab_font /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)
set(framelab_mono_font /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf)
set_target_properties(framelab PROPERTIES SUFFIX ".html" RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
target_link_options(framelab PRIVATE
  -sSINGLE_FILE=1 -sENVIRONMENT=web -sMINIFY_HTML=0
  "SHELL:--shell-file ${PROJECT_SOURCE_DIR}/app/platform/web_shell.html"
  "SHELL:--embed-file ${PROJECT_SOURCE_DIR}/assets@/assets"
  "SHELL:--embed-file ${framelab_font}@${framelab_font}"
  "SHELL:--embed-file ${framelab_mono_font}@${framelab_mono_font}")
set_property(TARGET framelab APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/app/platform/web_shell.html)

add_executable(framelab_node)
target_link_libraries(framelab_node PRIVATE framelab_app)
set_target_properties(framelab_node PROPERTIES SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
target_link_options(framelab_node PRIVATE -sENVIRONMENT=node -sNODERAWFS=1
  "SHELL:--pre-js ${PROJECT_SOURCE_DIR}/app/platform/node_preamble.js")
set_property(TARGET framelab_node APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/app/platform/node_preamble.js)
