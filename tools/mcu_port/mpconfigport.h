// clue-fx's bare-metal MicroPython port for QEMU's mps2-an385 (Cortex-M3)
// and, built with CPU=cortex-m0plus, for the RP2040's core (timing bench).
// Only py/ and shared/ of the registry's source are used: no extmod.

#include <stdint.h>

#define MICROPY_CONFIG_ROM_LEVEL (MICROPY_CONFIG_ROM_LEVEL_EXTRA_FEATURES)

// what a board's interpreter has
#define MICROPY_ENABLE_COMPILER (1)
#define MICROPY_ENABLE_GC (1)
#define MICROPY_ENABLE_FINALISER (0)
// (qstr hashes of 2 bytes, as the unix port has them: dicts iterate in the same order, so traces are byte for byte the same)
#define MICROPY_HELPER_REPL (0)
#define MICROPY_OPT_COMPUTED_GOTO (1)  // as the rp2 and stm32 ports have it
#define MICROPY_PERSISTENT_CODE_LOAD (1)
#define MICROPY_LONGINT_IMPL (MICROPY_LONGINT_IMPL_MPZ)
#define MICROPY_FLOAT_IMPL (MICROPY_FLOAT_IMPL_FLOAT)
#define MICROPY_ERROR_REPORTING (MICROPY_ERROR_REPORTING_NORMAL)
#define MICROPY_ENABLE_SOURCE_LINE (1)
#define MICROPY_STACK_CHECK (1)
#define MICROPY_ALLOC_PATH_MAX (128)
#define MICROPY_GC_STACK_ENTRY_TYPE uint16_t
#define MICROPY_ENABLE_EMERGENCY_EXCEPTION_BUF (1)
#define MICROPY_EMERGENCY_EXCEPTION_BUF_SIZE (0)
#define MICROPY_MODULE_BUILTIN_INIT (1)
#define MICROPY_PY_BUILTINS_BYTES_HEX (1)
#define MICROPY_PY_BUILTINS_HELP (0)
#define MICROPY_PY_BUILTINS_INPUT (0)
#define MICROPY_PY_UCTYPES (0)
#define MICROPY_PY_SYS_STDFILES (1)
#define MICROPY_PY_SYS_EXIT (1)
#define MICROPY_PY_SYS_PATH (1)
#define MICROPY_PY_IO (1)
// MICROPY_PY_DELATTR_SETATTR comes from the Makefile (SETATTR: 0 for the board, tools/mcu_build.py FLAGS)
#define MICROPY_PY_MICROPYTHON_MEM_INFO (1)
#define MICROPY_PY_MICROPYTHON_HEAP_LOCKED (1)
// no __file__: nothing on the board reads it, and each module's path would be one more name in the heap
#define MICROPY_PY___FILE__ (0)
#define MICROPY_READER_POSIX (0)
#define MICROPY_READER_VFS (0)
#define MICROPY_HAS_FILE_READER (1)
#define MICROPY_VFS (0)
// a ROMFS in memory-mapped flash (files.c): its .mpy imported in place
#define MICROPY_VFS_ROM (1)
#define MICROPY_VFS_ROM_IOCTL (0)
#define MICROPY_PY_OS_DUPTERM (0)
#define MICROPY_KBD_EXCEPTION (0)
#define MICROPY_REPL_EVENT_DRIVEN (0)
#define MICROPY_USE_INTERNAL_ERRNO (1)
#define MICROPY_PY_SYS_PLATFORM "mps2"
#define MICROPY_HW_BOARD_NAME "clue-fx qemu"
#define MICROPY_HW_MCU_NAME "cortex-m"
#define MICROPY_FLOAT_DEFAULT_FLOAT_PRINT_PRECISION (7)

#ifdef CFX_FROZEN
#define MICROPY_MODULE_FROZEN (1)
#endif

#define MICROPY_MAKE_POINTER_CALLABLE(p) ((void *)((mp_uint_t)(p) | 1))
#define MP_SSIZE_MAX (0x7fffffff)



typedef long mp_off_t;

#define MICROPY_PORT_ROOT_POINTERS

#define MP_STATE_PORT MP_STATE_VM

// bare metal: alloca from the compiler
#include <alloca.h>

// the board's clock: mps2-an385's is 25 MHz
#ifndef CFX_SYSCLK_HZ
#define CFX_SYSCLK_HZ 25000000
#endif
