# Generates the OpenGL 3.3 core loader with Debian's glad 2 generator at build time.
# --reproducible keeps it offline (it uses the bundled GL registry); the output stays in the build tree.
find_program(GLAD_EXECUTABLE glad REQUIRED)
set(GLAD_OUT_DIR ${CMAKE_BINARY_DIR}/glad)
add_custom_command(
  OUTPUT ${GLAD_OUT_DIR}/src/gl.c ${GLAD_OUT_DIR}/include/glad/gl.h
  COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api gl:core=3.3 --extensions= --out-path ${GLAD_OUT_DIR} c --loader
  COMMENT "Generating the OpenGL 3.3 core loader with glad"
  VERBATIM)
add_library(framelab_glad STATIC ${GLAD_OUT_DIR}/src/gl.c)
target_include_directories(framelab_glad SYSTEM PUBLIC ${GLAD_OUT_DIR}/include)
target_link_libraries(framelab_glad PUBLIC ${CMAKE_DL_LIBS})
