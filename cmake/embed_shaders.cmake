# Embeds shaders/*.glsl into the binary as string constants, so framelab runs from any directory.
# framelab_embed_shaders(<target> <glsl files...>) adds a generated source defining
#   std::string_view framelab::render::shader_source(std::string_view file_name)
function(framelab_embed_shaders target)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded_shaders.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${out} "-DINPUTS=${ARGN}" -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    DEPENDS ${ARGN} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    COMMENT "Embedding shaders"
    VERBATIM)
  target_sources(${target} PRIVATE ${out})
endfunction()
