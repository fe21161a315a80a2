#include <string.h>
#include "semihost.h"

int sh_open(const char *name, int mode) {
    uint32_t a[3] = {(uint32_t)name, (uint32_t)mode, strlen(name)};
    return sh_call(SH_OPEN, a);
}

int sh_close(int h) {
    uint32_t a[1] = {(uint32_t)h};
    return sh_call(SH_CLOSE, a);
}

int sh_read(int h, void *buf, size_t len) {
    uint32_t a[3] = {(uint32_t)h, (uint32_t)buf, len};
    int left = sh_call(SH_READ, a);
    return left < 0 || (size_t)left > len ? -1 : (int)(len - left);
}

int sh_write(int h, const void *buf, size_t len) {
    uint32_t a[3] = {(uint32_t)h, (uint32_t)buf, len};
    int left = sh_call(SH_WRITE, a);
    return left < 0 || (size_t)left > len ? -1 : (int)(len - left);
}

int sh_seek(int h, long pos) {
    uint32_t a[2] = {(uint32_t)h, (uint32_t)pos};
    return sh_call(SH_SEEK, a);
}

long sh_flen(int h) {
    uint32_t a[1] = {(uint32_t)h};
    return sh_call(SH_FLEN, a);
}

void sh_exit(int status) {
    uint32_t a[2] = {0x20026, (uint32_t)status};  // ADP_Stopped_ApplicationExit
    sh_call(SH_EXIT_EXTENDED, a);
    sh_call(SH_EXIT, (void *)0x20026);  // a host without the extended call: status 0
    for (;;) {
    }
}
