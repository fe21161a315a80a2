// Stands in for MicroPython's extmod/modplatform.h (extmod is not in the
// registry's source): py/modsys.c includes it for its platform names only.
#define MICROPY_PLATFORM_ARCH "armv7m"
#define MICROPY_PLATFORM_SYSTEM "MicroPython"
#define MICROPY_PLATFORM_LIBC_LIB ""
#define MICROPY_PLATFORM_LIBC_VER ""
#define MICROPY_PLATFORM_COMPILER "gcc"
#define MICROPY_PLATFORM_VERSION ""
