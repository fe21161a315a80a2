// clue-fx's bare-metal MicroPython for QEMU's mps2-an385 (a Cortex-M3 at
// 25 MHz, 4 MB of SSRAM for code and 4 MB for data), or the RP2040 of
// rp2040js (Cortex-M0+, 125 MHz: the timing bench): startup and vector
// table, SysTick for the ticks, the heap sized from the command line, and
// the run of one line of Python given on it, with its exit status.
//
//   qemu-system-arm -M mps2-an385 -nographic -kernel firmware.elf
//       -semihosting-config enable=on,target=native,arg=64000,arg="import game; game.main(...)"
//
// The first argument is the heap in bytes; the rest is the code to run.

#include <string.h>

#include "py/builtin.h"
#include "py/compile.h"
#include "py/gc.h"
#include "py/mperrno.h"
#include "py/mphal.h"
#include "py/runtime.h"
#include "py/stackctrl.h"
#include "shared/runtime/gchelper.h"
#include "semihost.h"

#ifndef CFX_HEAP_MAX
#define CFX_HEAP_MAX (1024 * 1024)
#endif

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack, _sstack;
static uint8_t heap_area[CFX_HEAP_MAX] __attribute__((aligned(16), section(".heap")));
static char cmdline[2048];
bool cfx_romfs_present(void);
int cfx_stdout = -1;

// -- SysTick: a 1 ms tick --------------------------------------------------

#define SYST_CSR (*(volatile uint32_t *)0xE000E010)
#define SYST_RVR (*(volatile uint32_t *)0xE000E014)
#define SYST_CVR (*(volatile uint32_t *)0xE000E018)
#define RELOAD (CFX_SYSCLK_HZ / 1000)

volatile uint32_t cfx_ms;

void SysTick_Handler(void) {
    cfx_ms++;
}

// The time since reset in SysTick clocks (25 MHz: 40 ns each); with QEMU's
// -icount shift=0, one instruction is 1 ns of virtual time, so this times 40
// is the instructions run (to 40).
uint64_t cfx_clocks(void) {
    uint32_t ms, val;
    do {
        ms = cfx_ms;
        val = SYST_CVR;
    } while (ms != cfx_ms);
    return (uint64_t)ms * RELOAD + (RELOAD - 1 - val);
}

mp_uint_t mp_hal_ticks_us(void) {
    return (mp_uint_t)(cfx_clocks() / (CFX_SYSCLK_HZ / 1000000));
}

void mp_hal_delay_ms(mp_uint_t ms) {
    uint32_t t0 = cfx_ms;
    while (cfx_ms - t0 < ms) {
        __asm__ volatile ("wfi");
    }
}

void mp_hal_delay_us(mp_uint_t us) {
    uint32_t t0 = mp_hal_ticks_us();
    while (mp_hal_ticks_us() - t0 < us) {
    }
}

// -- the console: the host's stdout through semihosting ---------------------

mp_uint_t mp_hal_stdout_tx_strn(const char *str, size_t len) {
    if (cfx_stdout >= 0 && len) {
        sh_write(cfx_stdout, str, len);
    }
    return len;
}

void mp_hal_stdout_tx_strn_cooked(const char *str, size_t len) {
    mp_hal_stdout_tx_strn(str, len);
}

uintptr_t mp_hal_stdio_poll(uintptr_t poll_flags) {
    (void)poll_flags;
    return 0;
}

int mp_hal_stdin_rx_chr(void) {
    return 4;  // no console input: ^D
}

// -- running the command line ----------------------------------------------

static int run(const char *code) {
    nlr_buf_t nlr;
    if (nlr_push(&nlr) == 0) {
        mp_lexer_t *lex = mp_lexer_new_from_str_len(MP_QSTR__lt_stdin_gt_, code, strlen(code), 0);
        qstr source_name = lex->source_name;
        mp_parse_tree_t parse_tree = mp_parse(lex, MP_PARSE_FILE_INPUT);
        mp_obj_t module_fun = mp_compile(&parse_tree, source_name, false);
        mp_call_function_0(module_fun);
        nlr_pop();
        return 0;
    }
    mp_obj_t exc = MP_OBJ_FROM_PTR(nlr.ret_val);
    if (mp_obj_is_subclass_fast(MP_OBJ_FROM_PTR(mp_obj_get_type(exc)), MP_OBJ_FROM_PTR(&mp_type_SystemExit))) {
        mp_obj_t val = mp_obj_exception_get_value(exc);
        if (val == mp_const_none) {
            return 0;
        }
        mp_int_t status;
        return mp_obj_get_int_maybe(val, &status) ? (int)status : 1;
    }
    mp_obj_print_exception(&mp_plat_print, exc);
    return 1;
}

int main(void) {
    cfx_stdout = sh_open(":tt", 4);
    uint32_t args[2] = {(uint32_t)cmdline, sizeof(cmdline) - 1};
    if (sh_call(SH_GET_CMDLINE, args) != 0) {
        cmdline[0] = 0;
    } else {
        cmdline[args[1]] = 0;
    }
    // "HEAP CODE": the heap in bytes ("64000" or "64k"), then the code
    char *p = cmdline;
    uint32_t heap = 0;
    while (*p >= '0' && *p <= '9') {
        heap = heap * 10 + (*p++ - '0');
    }
    if (*p == 'k' || *p == 'K') {
        heap *= 1024;
        p++;
    }
    while (*p == ' ') {
        p++;
    }
    if (heap == 0 || heap > CFX_HEAP_MAX) {
        static const char usage[] = "usage: HEAP CODE (heap in bytes, at most 1 MB)\n";
        mp_hal_stdout_tx_strn(usage, sizeof(usage) - 1);
        sh_exit(2);
    }
    mp_stack_ctrl_init();
    mp_stack_set_limit((char *)&_estack - (char *)&_sstack - 1024);
    gc_init(heap_area, heap_area + heap);
    mp_init();
    if (cfx_romfs_present()) {
        // a ROMFS in the flash: its modules after the host's and the frozen ones, as a board has them
        mp_obj_list_append(mp_sys_path, MP_OBJ_NEW_QSTR(MP_QSTR__slash_rom));
        mp_obj_list_append(mp_sys_path, MP_OBJ_NEW_QSTR(MP_QSTR__slash_rom_slash_lib));
    }
    int status = run(p);
    gc_sweep_all();
    sh_exit(status);
}

void gc_collect(void) {
    gc_collect_start();
    gc_helper_collect_regs_and_stack();
    gc_collect_end();
}

void nlr_jump_fail(void *val) {
    static const char msg[] = "FATAL: uncaught NLR\n";
    (void)val;
    mp_hal_stdout_tx_strn(msg, sizeof(msg) - 1);
    sh_exit(3);
}

void MP_NORETURN __fatal_error(const char *msg) {
    mp_hal_stdout_tx_strn(msg, strlen(msg));
    sh_exit(3);
}

#ifndef NDEBUG
void MP_WEAK __assert_func(const char *file, int line, const char *func, const char *expr) {
    (void)line;
    (void)func;
    mp_hal_stdout_tx_strn("assert: ", 8);
    mp_hal_stdout_tx_strn(expr, strlen(expr));
    mp_hal_stdout_tx_strn(" in ", 4);
    mp_hal_stdout_tx_strn(file, strlen(file));
    __fatal_error("\n");
}
#endif

// -- startup and the vector table --------------------------------------------

extern const void *const vector_table[16];
void Reset_Handler(void) __attribute__((noreturn));
void Reset_Handler(void) {
    uint32_t *src = &_sidata;
    for (uint32_t *dst = &_sdata; dst < &_edata;) {
        *dst++ = *src++;
    }
    for (uint32_t *dst = &_sbss; dst < &_ebss;) {
        *dst++ = 0;
    }
    *(volatile uint32_t *)0xE000ED08 = (uint32_t)vector_table;  // VTOR: this table
    SYST_RVR = RELOAD - 1;
    SYST_CVR = 0;
    SYST_CSR = 7;  // the processor clock, the interrupt, on
    main();
    for (;;) {
    }
}

static void Fault_Handler(void) {
    __fatal_error("FATAL: a fault (HardFault) on the board\n");
}

const void *const vector_table[16] __attribute__((section(".isr_vector"), used)) = {
    &_estack,
    Reset_Handler,
    Fault_Handler,  // NMI
    Fault_Handler,  // HardFault
    Fault_Handler,  // MemManage
    Fault_Handler,  // BusFault
    Fault_Handler,  // UsageFault
    0, 0, 0, 0,
    Fault_Handler,  // SVC
    Fault_Handler,  // DebugMon
    0,
    Fault_Handler,  // PendSV
    SysTick_Handler,
};
