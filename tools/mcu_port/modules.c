// The board's own modules: `time` (the ticks of SysTick, as a Pico's time
// has them), `os` (getenv: nothing is set on a board), and `mps2`: the
// board's UART0 (CMSDK APB UART at 0x40004000, QEMU's first -serial), the
// clock counter, and exit().

#include "py/mphal.h"
#include "py/runtime.h"
#include "py/objstr.h"
#include "semihost.h"

uint64_t cfx_clocks(void);

// -- time --------------------------------------------------------------------

#define TICKS_PERIOD (1UL << 30)
#define TICKS_MAX (TICKS_PERIOD - 1)
#define TICKS_HALF (TICKS_PERIOD >> 1)

static mp_obj_t time_ticks_ms(void) {
    return MP_OBJ_NEW_SMALL_INT(mp_hal_ticks_ms() & TICKS_MAX);
}
static MP_DEFINE_CONST_FUN_OBJ_0(time_ticks_ms_obj, time_ticks_ms);

static mp_obj_t time_ticks_us(void) {
    return MP_OBJ_NEW_SMALL_INT(mp_hal_ticks_us() & TICKS_MAX);
}
static MP_DEFINE_CONST_FUN_OBJ_0(time_ticks_us_obj, time_ticks_us);

static mp_obj_t time_ticks_diff(mp_obj_t end_in, mp_obj_t start_in) {
    mp_uint_t diff = ((mp_uint_t)MP_OBJ_SMALL_INT_VALUE(end_in) - MP_OBJ_SMALL_INT_VALUE(start_in) + TICKS_HALF) & TICKS_MAX;
    return MP_OBJ_NEW_SMALL_INT((mp_int_t)diff - TICKS_HALF);
}
static MP_DEFINE_CONST_FUN_OBJ_2(time_ticks_diff_obj, time_ticks_diff);

static mp_obj_t time_ticks_add(mp_obj_t ticks_in, mp_obj_t delta_in) {
    return MP_OBJ_NEW_SMALL_INT(((mp_uint_t)MP_OBJ_SMALL_INT_VALUE(ticks_in) + mp_obj_get_int(delta_in)) & TICKS_MAX);
}
static MP_DEFINE_CONST_FUN_OBJ_2(time_ticks_add_obj, time_ticks_add);

static mp_obj_t time_sleep_ms(mp_obj_t ms_in) {
    mp_int_t ms = mp_obj_get_int(ms_in);
    if (ms > 0) {
        mp_hal_delay_ms(ms);
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(time_sleep_ms_obj, time_sleep_ms);

static mp_obj_t time_sleep_us(mp_obj_t us_in) {
    mp_int_t us = mp_obj_get_int(us_in);
    if (us > 0) {
        mp_hal_delay_us(us);
    }
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(time_sleep_us_obj, time_sleep_us);

static const mp_rom_map_elem_t time_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_time) },
    { MP_ROM_QSTR(MP_QSTR_ticks_ms), MP_ROM_PTR(&time_ticks_ms_obj) },
    { MP_ROM_QSTR(MP_QSTR_ticks_us), MP_ROM_PTR(&time_ticks_us_obj) },
    { MP_ROM_QSTR(MP_QSTR_ticks_diff), MP_ROM_PTR(&time_ticks_diff_obj) },
    { MP_ROM_QSTR(MP_QSTR_ticks_add), MP_ROM_PTR(&time_ticks_add_obj) },
    { MP_ROM_QSTR(MP_QSTR_sleep_ms), MP_ROM_PTR(&time_sleep_ms_obj) },
    { MP_ROM_QSTR(MP_QSTR_sleep_us), MP_ROM_PTR(&time_sleep_us_obj) },
};
static MP_DEFINE_CONST_DICT(time_globals, time_globals_table);
const mp_obj_module_t cfx_time_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&time_globals,
};
MP_REGISTER_EXTENSIBLE_MODULE(MP_QSTR_time, cfx_time_module);

// -- os ----------------------------------------------------------------------

static mp_obj_t os_getenv(size_t n_args, const mp_obj_t *args) {
    return n_args > 1 ? args[1] : mp_const_none;  // a board has no environment
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(os_getenv_obj, 1, 2, os_getenv);

static const mp_rom_map_elem_t os_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_os) },
    { MP_ROM_QSTR(MP_QSTR_getenv), MP_ROM_PTR(&os_getenv_obj) },
};
static MP_DEFINE_CONST_DICT(os_globals, os_globals_table);
const mp_obj_module_t cfx_os_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&os_globals,
};
MP_REGISTER_EXTENSIBLE_MODULE(MP_QSTR_os, cfx_os_module);

// -- mps2: the board -----------------------------------------------------------

typedef struct {
    volatile uint32_t data, state, ctrl, intstatus, bauddiv;
} cmsdk_uart_t;
#define UART0 ((cmsdk_uart_t *)0x40004000)
#define TX_FULL 1
#define RX_FULL 2

static void uart_on(void) {
    if ((UART0->ctrl & 3) != 3) {
        UART0->bauddiv = 16;
        UART0->ctrl = 3;  // TX and RX enabled
    }
}

// uart_write(buf): send every byte on UART0
static mp_obj_t mps2_uart_write(mp_obj_t buf_in) {
    mp_buffer_info_t b;
    mp_get_buffer_raise(buf_in, &b, MP_BUFFER_READ);
    uart_on();
    const uint8_t *p = b.buf;
    for (size_t i = 0; i < b.len; i++) {
        while (UART0->state & TX_FULL) {
        }
        UART0->data = p[i];
    }
    return MP_OBJ_NEW_SMALL_INT(b.len);
}
static MP_DEFINE_CONST_FUN_OBJ_1(mps2_uart_write_obj, mps2_uart_write);

// uart_readinto(buf): the bytes waiting on UART0, up to len(buf); never blocks
static mp_obj_t mps2_uart_readinto(mp_obj_t buf_in) {
    mp_buffer_info_t b;
    mp_get_buffer_raise(buf_in, &b, MP_BUFFER_WRITE);
    uart_on();
    uint8_t *p = b.buf;
    size_t n = 0;
    while (n < b.len && (UART0->state & RX_FULL)) {
        p[n++] = UART0->data;
    }
    return MP_OBJ_NEW_SMALL_INT(n);
}
static MP_DEFINE_CONST_FUN_OBJ_1(mps2_uart_readinto_obj, mps2_uart_readinto);

// clocks(): SysTick clocks since reset, modulo 2**30 (40 instructions each
// under -icount shift=0 at the board's 25 MHz)
static mp_obj_t mps2_clocks(void) {
    return MP_OBJ_NEW_SMALL_INT((mp_uint_t)cfx_clocks() & TICKS_MAX);
}
static MP_DEFINE_CONST_FUN_OBJ_0(mps2_clocks_obj, mps2_clocks);

static mp_obj_t mps2_exit(mp_obj_t status) {
    sh_exit(mp_obj_get_int(status));
}
static MP_DEFINE_CONST_FUN_OBJ_1(mps2_exit_obj, mps2_exit);

static const mp_rom_map_elem_t mps2_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_mps2) },
    { MP_ROM_QSTR(MP_QSTR_uart_write), MP_ROM_PTR(&mps2_uart_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_uart_readinto), MP_ROM_PTR(&mps2_uart_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_clocks), MP_ROM_PTR(&mps2_clocks_obj) },
    { MP_ROM_QSTR(MP_QSTR_exit), MP_ROM_PTR(&mps2_exit_obj) },
    { MP_ROM_QSTR(MP_QSTR_CLOCK_HZ), MP_ROM_INT(CFX_SYSCLK_HZ) },
};
static MP_DEFINE_CONST_DICT(mps2_globals, mps2_globals_table);
const mp_obj_module_t cfx_mps2_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&mps2_globals,
};
MP_REGISTER_MODULE(MP_QSTR_mps2, cfx_mps2_module);
