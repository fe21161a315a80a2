#include <stdint.h>
#include <stddef.h>

extern volatile uint32_t cfx_ms;
static inline mp_uint_t mp_hal_ticks_ms(void) { return cfx_ms; }
mp_uint_t mp_hal_ticks_us(void);
static inline mp_uint_t mp_hal_ticks_cpu(void) { return 0; }
void mp_hal_delay_ms(mp_uint_t ms);
void mp_hal_delay_us(mp_uint_t us);
static inline void mp_hal_set_interrupt_char(int c) { (void)c; }
int mp_hal_stdin_rx_chr(void);
mp_uint_t mp_hal_stdout_tx_strn(const char *str, size_t len);

// no pins here (the tests' machine is Python): not extmod's virtual pins
#define mp_hal_pin_obj_t void *
