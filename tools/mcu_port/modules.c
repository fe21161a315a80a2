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

#if CFX_RP2040
// -- rp2040: the RP2040's own peripherals, by their registers ----------------
// What a `machine` module needs under it (tests/support/mcu/rp2/machine.py
// is that module, in Python): pins by IO_BANK0, PADS_BANK0 and SIO, UART0,
// and the ADC. rp2040js emulates each of them; the test drives the pins'
// inputs and hears UART0's bytes (tools/mcu_port/rp2040js/run.js).

#define REG(addr) (*(volatile uint32_t *)(addr))
#define RESETS_RESET 0x4000C000
#define RESETS_CLR 0x4000F000  // the atomic-clear alias of RESETS_RESET
#define RESETS_DONE 0x4000C008
#define IO_BANK0_CTRL(pin) (0x40014004 + 8 * (pin))
#define PADS_BANK0(pin) (0x4001C004 + 4 * (pin))
#define SIO_GPIO_IN 0xD0000004
#define SIO_GPIO_OUT_SET 0xD0000014
#define SIO_GPIO_OUT_CLR 0xD0000018
#define SIO_GPIO_OE_SET 0xD0000024
#define SIO_GPIO_OE_CLR 0xD0000028
#define UART0_BASE 0x40034000
#define UART_DR (UART0_BASE + 0x00)
#define UART_FR (UART0_BASE + 0x18)
#define UART_IBRD (UART0_BASE + 0x24)
#define UART_FBRD (UART0_BASE + 0x28)
#define UART_LCR_H (UART0_BASE + 0x2C)
#define UART_CR (UART0_BASE + 0x30)
#define UART_FR_RXFE (1 << 4)
#define UART_FR_TXFF (1 << 5)
#define ADC_CS 0x4004C000
#define ADC_RESULT 0x4004C004
#define RESET_ADC (1 << 0)
#define RESET_IO_BANK0 (1 << 5)
#define RESET_PADS_BANK0 (1 << 8)
#define RESET_UART0 (1 << 22)
#define CLK_PERI_HZ 125000000

static void unreset(uint32_t bits) {
    REG(RESETS_CLR) = bits;
    for (int i = 0; i < 1000 && (REG(RESETS_DONE) & bits) != bits; i++) {
    }
}

static mp_int_t pin_arg(mp_obj_t pin_in) {
    mp_int_t pin = mp_obj_get_int(pin_in);
    if (pin < 0 || pin > 29) {
        mp_raise_ValueError(MP_ERROR_TEXT("GPIO 0..29"));
    }
    return pin;
}

// gpio_init(pin, funcsel, pad): the pin's function (5 SIO, 2 UART) and its pad (PADS_BANK0 bits)
static mp_obj_t rp2040_gpio_init(mp_obj_t pin_in, mp_obj_t func_in, mp_obj_t pad_in) {
    mp_int_t pin = pin_arg(pin_in);
    unreset(RESET_IO_BANK0 | RESET_PADS_BANK0);
    REG(PADS_BANK0(pin)) = mp_obj_get_int(pad_in);
    REG(IO_BANK0_CTRL(pin)) = mp_obj_get_int(func_in);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(rp2040_gpio_init_obj, rp2040_gpio_init);

// gpio_in(): every pin's level, bit n for GPIO n
static mp_obj_t rp2040_gpio_in(void) {
    return MP_OBJ_NEW_SMALL_INT(REG(SIO_GPIO_IN) & 0x3FFFFFFF);
}
static MP_DEFINE_CONST_FUN_OBJ_0(rp2040_gpio_in_obj, rp2040_gpio_in);

// gpio_out(pin, level): drive the pin's output (SIO)
static mp_obj_t rp2040_gpio_out(mp_obj_t pin_in, mp_obj_t level_in) {
    mp_int_t pin = pin_arg(pin_in);
    REG(mp_obj_is_true(level_in) ? SIO_GPIO_OUT_SET : SIO_GPIO_OUT_CLR) = 1u << pin;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(rp2040_gpio_out_obj, rp2040_gpio_out);

// gpio_oe(pin, on): the pin an output (True) or an input
static mp_obj_t rp2040_gpio_oe(mp_obj_t pin_in, mp_obj_t on_in) {
    mp_int_t pin = pin_arg(pin_in);
    REG(mp_obj_is_true(on_in) ? SIO_GPIO_OE_SET : SIO_GPIO_OE_CLR) = 1u << pin;
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(rp2040_gpio_oe_obj, rp2040_gpio_oe);

// uart_init(baud): UART0 on, 8N1, FIFOs on, its divisors from clk_peri
static mp_obj_t rp2040_uart_init(mp_obj_t baud_in) {
    uint32_t baud = mp_obj_get_int(baud_in);
    if (baud == 0) {
        mp_raise_ValueError(MP_ERROR_TEXT("baud"));
    }
    unreset(RESET_UART0);
    uint32_t div = 8 * CLK_PERI_HZ / baud;  // the divisor times 128
    REG(UART_CR) = 0;
    REG(UART_IBRD) = div >> 7;
    REG(UART_FBRD) = ((div & 0x7F) + 1) / 2;
    REG(UART_LCR_H) = (3 << 5) | (1 << 4);  // 8 bits, FIFOs
    REG(UART_CR) = (1 << 9) | (1 << 8) | 1;  // RXE, TXE, UARTEN
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(rp2040_uart_init_obj, rp2040_uart_init);

static mp_obj_t rp2040_uart_write(mp_obj_t buf_in) {
    mp_buffer_info_t b;
    mp_get_buffer_raise(buf_in, &b, MP_BUFFER_READ);
    const uint8_t *p = b.buf;
    for (size_t i = 0; i < b.len; i++) {
        while (REG(UART_FR) & UART_FR_TXFF) {
        }
        REG(UART_DR) = p[i];
    }
    return MP_OBJ_NEW_SMALL_INT(b.len);
}
static MP_DEFINE_CONST_FUN_OBJ_1(rp2040_uart_write_obj, rp2040_uart_write);

// uart_readinto(buf): the bytes waiting, up to len(buf); never blocks
static mp_obj_t rp2040_uart_readinto(mp_obj_t buf_in) {
    mp_buffer_info_t b;
    mp_get_buffer_raise(buf_in, &b, MP_BUFFER_WRITE);
    uint8_t *p = b.buf;
    size_t n = 0;
    while (n < b.len && !(REG(UART_FR) & UART_FR_RXFE)) {
        p[n++] = REG(UART_DR) & 0xFF;
    }
    return MP_OBJ_NEW_SMALL_INT(n);
}
static MP_DEFINE_CONST_FUN_OBJ_1(rp2040_uart_readinto_obj, rp2040_uart_readinto);

static mp_obj_t rp2040_uart_any(void) {
    return MP_OBJ_NEW_SMALL_INT((REG(UART_FR) & UART_FR_RXFE) ? 0 : 1);
}
static MP_DEFINE_CONST_FUN_OBJ_0(rp2040_uart_any_obj, rp2040_uart_any);

// adc_read(channel): one 12-bit conversion
static mp_obj_t rp2040_adc_read(mp_obj_t ch_in) {
    mp_int_t ch = mp_obj_get_int(ch_in);
    if (ch < 0 || ch > 4) {
        mp_raise_ValueError(MP_ERROR_TEXT("ADC channel 0..4"));
    }
    unreset(RESET_ADC);
    REG(ADC_CS) = (ch << 12) | 1;
    REG(ADC_CS) = (ch << 12) | (1 << 2) | 1;  // START_ONCE
    for (int i = 0; i < 100000 && !(REG(ADC_CS) & (1 << 8)); i++) {
    }
    return MP_OBJ_NEW_SMALL_INT(REG(ADC_RESULT) & 0xFFF);
}
static MP_DEFINE_CONST_FUN_OBJ_1(rp2040_adc_read_obj, rp2040_adc_read);

static const mp_rom_map_elem_t rp2040_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_rp2040) },
    { MP_ROM_QSTR(MP_QSTR_gpio_init), MP_ROM_PTR(&rp2040_gpio_init_obj) },
    { MP_ROM_QSTR(MP_QSTR_gpio_in), MP_ROM_PTR(&rp2040_gpio_in_obj) },
    { MP_ROM_QSTR(MP_QSTR_gpio_out), MP_ROM_PTR(&rp2040_gpio_out_obj) },
    { MP_ROM_QSTR(MP_QSTR_gpio_oe), MP_ROM_PTR(&rp2040_gpio_oe_obj) },
    { MP_ROM_QSTR(MP_QSTR_uart_init), MP_ROM_PTR(&rp2040_uart_init_obj) },
    { MP_ROM_QSTR(MP_QSTR_uart_write), MP_ROM_PTR(&rp2040_uart_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_uart_readinto), MP_ROM_PTR(&rp2040_uart_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_uart_any), MP_ROM_PTR(&rp2040_uart_any_obj) },
    { MP_ROM_QSTR(MP_QSTR_adc_read), MP_ROM_PTR(&rp2040_adc_read_obj) },
};
static MP_DEFINE_CONST_DICT(rp2040_globals, rp2040_globals_table);
const mp_obj_module_t cfx_rp2040_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&rp2040_globals,
};
MP_REGISTER_MODULE(MP_QSTR_rp2040, cfx_rp2040_module);
#endif
