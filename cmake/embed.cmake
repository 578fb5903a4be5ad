# Embeds text files into the binary as string constants, so framelab runs from any
# directory: the shaders (render/) and the files the built-in scenes load (scenes/).
# framelab_embed_files(<target> <output.cpp> <namespace> <function> <files...>) adds a
# generated source defining
#   std::string_view <namespace>::<function>(std::string_view file_name)
# that returns the named file's text (by its name without the folder), empty if unknown.
function(framelab_embed_files target output namespace function)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${output})
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${out} -DNAMESPACE=${namespace} -DFUNCTION=${function} "-DINPUTS=${ARGN}"
            -P ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    DEPENDS ${ARGN} ${PROJECT_SOURCE_DIR}/cmake/embed_files.cmake
    COMMENT "Embedding ${output}"
    VERBATIM)
  target_sources(${target} PRIVATE ${out})
endfunction()
