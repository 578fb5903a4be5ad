# AddressSanitizer + UndefinedBehaviorSanitizer for the whole build when FRAMELAB_SANITIZE is on.
if(FRAMELAB_SANITIZE)
  set(framelab_sanitize_flags -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  add_compile_options(${framelab_sanitize_flags})
  add_link_options(${framelab_sanitize_flags})
endif()
