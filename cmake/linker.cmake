# The linker: lld (Debian's lld) where the compiler can use it, else the default GNU ld.
# Relinking the 16 executables of the ASan build: 17 CPU s with GNU ld, 4.4 s with lld.
include(CheckLinkerFlag)
check_linker_flag(CXX -fuse-ld=lld FRAMELAB_LINKER_LLD)
if(FRAMELAB_LINKER_LLD)
  add_link_options(-fuse-ld=lld)
endif()
