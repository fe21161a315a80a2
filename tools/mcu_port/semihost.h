// ARM semihosting (bkpt 0xAB on M-profile): the host's files, its stdout,
// the command line and the exit status, through QEMU (-semihosting-config).
#include <stddef.h>
#include <stdint.h>

#define SH_OPEN 0x01
#define SH_CLOSE 0x02
#define SH_WRITE 0x05
#define SH_READ 0x06
#define SH_SEEK 0x0A
#define SH_FLEN 0x0C
#define SH_GET_CMDLINE 0x15
#define SH_EXIT 0x18
#define SH_EXIT_EXTENDED 0x20

static inline int sh_call(int op, void *arg) {
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = arg;
    __asm__ volatile ("bkpt 0xAB" : "+r" (r0) : "r" (r1) : "memory");
    return r0;
}

int sh_open(const char *name, int mode);
int sh_close(int h);
int sh_read(int h, void *buf, size_t len);         // bytes read, or -1
int sh_write(int h, const void *buf, size_t len);  // bytes written, or -1
int sh_seek(int h, long pos);
long sh_flen(int h);
void sh_exit(int status) __attribute__((noreturn));
