// The browser's copy of stb_image_write's code (PNG shots and PNG-folder recordings): on the
// desktop Debian's libstb holds it, in the page no library does.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
