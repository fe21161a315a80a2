// The host's files through semihosting: import of .mpy (and .py) files,
// and open() for the test's script, trace and frames. A real board has a
// flash file system here; the interpreter's side is the same.
//
// And a ROMFS mounted at /rom: MicroPython's read-only file system image
// (the format `mpremote romfs build` writes, a real board's ROMFS
// partition) in memory-mapped flash at CFX_ROMFS_ADDR. Its .mpy files are
// imported in place: their bytecode, strings and names are read from the
// flash, not copied into the heap (py/persistentcode.c, MICROPY_VFS_ROM).

#include <string.h>

#include "py/builtin.h"
#include "py/lexer.h"
#include "py/mperrno.h"
#include "py/reader.h"
#include "py/runtime.h"
#include "py/stream.h"
#include "semihost.h"

// -- the ROMFS -----------------------------------------------------------------

#define ROMFS_DIRECTORY 4
#define ROMFS_FILE 5
#define ROMFS_DATA_VERBATIM 2

static const uint8_t *romfs_uint(const uint8_t *p, size_t *value) {
    size_t v = 0;
    do {
        v = v << 7 | (*p & 0x7f);
    } while (*p++ & 0x80);
    *value = v;
    return p;
}

// The ROMFS's records, or NULL when the flash holds none (its header: d2 cd 31).
static const uint8_t *romfs_records(const uint8_t **end) {
    const uint8_t *p = (const uint8_t *)CFX_ROMFS_ADDR;
    if (p[0] != 0xd2 || p[1] != 0xcd || p[2] != 0x31) {
        return NULL;
    }
    size_t len;
    p = romfs_uint(p + 3, &len);
    *end = p + len;
    return p;
}

bool cfx_romfs_present(void) {
    const uint8_t *end;
    return romfs_records(&end) != NULL;
}

// The directory or file `path` ("/rom/firmware/narrator.mpy") in the ROMFS:
// its kind (0: none), and for a file its data in the flash.
static int romfs_stat(const char *path, const uint8_t **data, size_t *data_len) {
    const uint8_t *end;
    const uint8_t *p = romfs_records(&end);
    if (p == NULL || strncmp(path, "/rom", 4) != 0 || (path[4] != '/' && path[4] != 0)) {
        return 0;
    }
    path += 4;
    int kind = ROMFS_DIRECTORY;
    while (*path == '/') {
        path++;
        size_t n = strcspn(path, "/");
        if (n == 0) {
            continue;
        }
        if (kind != ROMFS_DIRECTORY) {
            return 0;
        }
        // the entry named path[0:n] among the records p..end
        kind = 0;
        while (p < end) {
            size_t k, len, name_len;
            p = romfs_uint(p, &k);
            p = romfs_uint(p, &len);
            const uint8_t *next = p + len;
            if (k == ROMFS_DIRECTORY || k == ROMFS_FILE) {
                const uint8_t *name = romfs_uint(p, &name_len);
                if (name_len == n && memcmp(name, path, n) == 0) {
                    kind = k;
                    p = name + name_len;
                    end = next;
                    break;
                }
            }
            p = next;
        }
        if (kind == 0) {
            return 0;
        }
        path += n;
    }
    if (kind == ROMFS_FILE) {
        // its data: one verbatim record (what mpremote writes for a file)
        *data = NULL;
        *data_len = 0;
        while (p < end) {
            size_t k, len;
            p = romfs_uint(p, &k);
            p = romfs_uint(p, &len);
            if (k == ROMFS_DATA_VERBATIM) {
                *data = p;
                *data_len = len;
                break;
            }
            p += len;
        }
    }
    return kind;
}

// -- the host's files --------------------------------------------------------------

static bool exists(const char *path) {
    int h = sh_open(path, 0);
    if (h < 0) {
        return false;
    }
    sh_close(h);
    return true;
}

// Semihosting has no stat: a folder is a package that has an __init__.
mp_import_stat_t mp_import_stat(const char *path) {
    if (path[0] == '/' && strncmp(path, "/rom", 4) == 0) {
        const uint8_t *data;
        size_t len;
        int kind = romfs_stat(path, &data, &len);
        return kind == ROMFS_DIRECTORY ? MP_IMPORT_STAT_DIR : kind == ROMFS_FILE ? MP_IMPORT_STAT_FILE : MP_IMPORT_STAT_NO_EXIST;
    }
    // (a host's open() takes a folder too: the package is looked for first)
    char buf[MICROPY_ALLOC_PATH_MAX + 16];
    size_t n = strlen(path);
    if (n + 14 < sizeof(buf)) {
        memcpy(buf, path, n);
        memcpy(buf + n, "/__init__.mpy", 14);
        if (exists(buf)) {
            return MP_IMPORT_STAT_DIR;
        }
        memcpy(buf + n, "/__init__.py", 13);
        if (exists(buf)) {
            return MP_IMPORT_STAT_DIR;
        }
    }
    return exists(path) ? MP_IMPORT_STAT_FILE : MP_IMPORT_STAT_NO_EXIST;
}

// -- a reader of a host file, for the lexer and the .mpy loader --------------

typedef struct {
    int h;
    uint16_t len, pos;
    byte buf[64];
} file_reader_t;

static mp_uint_t file_readbyte(void *data) {
    file_reader_t *r = data;
    if (r->pos >= r->len) {
        int n = sh_read(r->h, r->buf, sizeof(r->buf));
        if (n <= 0) {
            return MP_READER_EOF;
        }
        r->len = n;
        r->pos = 0;
    }
    return r->buf[r->pos++];
}

static void file_close(void *data) {
    file_reader_t *r = data;
    sh_close(r->h);
    m_del_obj(file_reader_t, r);
}

void mp_reader_new_file(mp_reader_t *reader, qstr filename) {
    const uint8_t *data;
    size_t len;
    if (romfs_stat(qstr_str(filename), &data, &len) == ROMFS_FILE && data != NULL) {
        mp_reader_new_mem(reader, data, len, MP_READER_IS_ROM);  // read in place, never freed
        return;
    }
    int h = sh_open(qstr_str(filename), 1);
    if (h < 0) {
        mp_raise_OSError(MP_ENOENT);
    }
    file_reader_t *r = m_new_obj(file_reader_t);
    r->h = h;
    r->len = r->pos = 0;
    reader->data = r;
    reader->readbyte = file_readbyte;
    reader->close = file_close;
}

mp_lexer_t *mp_lexer_new_from_file(qstr filename) {
    mp_reader_t reader;
    mp_reader_new_file(&reader, filename);
    return mp_lexer_new(filename, reader);
}

// -- open() ------------------------------------------------------------------

typedef struct {
    mp_obj_base_t base;
    int h;
    mp_off_t pos;
} host_file_t;

static mp_uint_t hf_read(mp_obj_t self_in, void *buf, mp_uint_t size, int *errcode) {
    host_file_t *f = MP_OBJ_TO_PTR(self_in);
    int n = f->h < 0 ? -1 : sh_read(f->h, buf, size);
    if (n < 0) {
        *errcode = MP_EIO;
        return MP_STREAM_ERROR;
    }
    f->pos += n;
    return n;
}

static mp_uint_t hf_write(mp_obj_t self_in, const void *buf, mp_uint_t size, int *errcode) {
    host_file_t *f = MP_OBJ_TO_PTR(self_in);
    int n = f->h < 0 ? -1 : sh_write(f->h, buf, size);
    if (n < 0) {
        *errcode = MP_EIO;
        return MP_STREAM_ERROR;
    }
    f->pos += n;
    return n;
}

static mp_uint_t hf_ioctl(mp_obj_t self_in, mp_uint_t request, uintptr_t arg, int *errcode) {
    host_file_t *f = MP_OBJ_TO_PTR(self_in);
    if (request == MP_STREAM_SEEK) {
        struct mp_stream_seek_t *s = (struct mp_stream_seek_t *)arg;
        mp_off_t to = s->offset;
        if (s->whence == 1) {
            to += f->pos;
        } else if (s->whence == 2) {
            to += sh_flen(f->h);
        }
        if (f->h < 0 || sh_seek(f->h, to) != 0) {
            *errcode = MP_EIO;
            return MP_STREAM_ERROR;
        }
        f->pos = s->offset = to;
        return 0;
    } else if (request == MP_STREAM_FLUSH) {
        return 0;
    } else if (request == MP_STREAM_CLOSE) {
        if (f->h >= 0) {
            sh_close(f->h);
            f->h = -1;
        }
        return 0;
    }
    *errcode = MP_EINVAL;
    return MP_STREAM_ERROR;
}

static const mp_rom_map_elem_t hf_locals_dict_table[] = {
    { MP_ROM_QSTR(MP_QSTR_read), MP_ROM_PTR(&mp_stream_read_obj) },
    { MP_ROM_QSTR(MP_QSTR_readinto), MP_ROM_PTR(&mp_stream_readinto_obj) },
    { MP_ROM_QSTR(MP_QSTR_readline), MP_ROM_PTR(&mp_stream_unbuffered_readline_obj) },
    { MP_ROM_QSTR(MP_QSTR_write), MP_ROM_PTR(&mp_stream_write_obj) },
    { MP_ROM_QSTR(MP_QSTR_seek), MP_ROM_PTR(&mp_stream_seek_obj) },
    { MP_ROM_QSTR(MP_QSTR_tell), MP_ROM_PTR(&mp_stream_tell_obj) },
    { MP_ROM_QSTR(MP_QSTR_flush), MP_ROM_PTR(&mp_stream_flush_obj) },
    { MP_ROM_QSTR(MP_QSTR_close), MP_ROM_PTR(&mp_stream_close_obj) },
    { MP_ROM_QSTR(MP_QSTR___enter__), MP_ROM_PTR(&mp_identity_obj) },
    { MP_ROM_QSTR(MP_QSTR___exit__), MP_ROM_PTR(&mp_stream___exit___obj) },
};
static MP_DEFINE_CONST_DICT(hf_locals_dict, hf_locals_dict_table);

static const mp_stream_p_t hf_text_p = {
    .read = hf_read, .write = hf_write, .ioctl = hf_ioctl, .is_text = true,
};
static const mp_stream_p_t hf_bin_p = {
    .read = hf_read, .write = hf_write, .ioctl = hf_ioctl, .is_text = false,
};

MP_DEFINE_CONST_OBJ_TYPE(
    host_textio_type, MP_QSTR_TextIOWrapper, MP_TYPE_FLAG_ITER_IS_STREAM,
    protocol, &hf_text_p, locals_dict, &hf_locals_dict);
MP_DEFINE_CONST_OBJ_TYPE(
    host_fileio_type, MP_QSTR_FileIO, MP_TYPE_FLAG_ITER_IS_STREAM,
    protocol, &hf_bin_p, locals_dict, &hf_locals_dict);

// open(name, mode="r"): semihosting's modes are fopen's, numbered 0..11
static mp_obj_t cfx_open(size_t n_args, const mp_obj_t *args) {
    const char *name = mp_obj_str_get_str(args[0]);
    const char *mode = n_args > 1 ? mp_obj_str_get_str(args[1]) : "r";
    int m = 0;
    bool binary = false;
    for (const char *c = mode; *c; c++) {
        switch (*c) {
            case 'r': m = (m & 3) | 0; break;
            case 'w': m = (m & 3) | 4; break;
            case 'a': m = (m & 3) | 8; break;
            case '+': m |= 2; break;
            case 'b': m |= 1; binary = true; break;
            case 't': break;
            default: mp_raise_ValueError(MP_ERROR_TEXT("bad mode"));
        }
    }
    int h;
    if (m & 8) {
        // append: QEMU 7.2's semihosting truncates in mode "a"; "r+" then the end, or a new file
        h = sh_open(name, (m & 1) | 2);
        if (h >= 0) {
            sh_seek(h, sh_flen(h));
        } else {
            h = sh_open(name, (m & 3) | 4);
        }
    } else {
        h = sh_open(name, m);
    }
    if (h < 0) {
        mp_raise_OSError(MP_ENOENT);
    }
    host_file_t *f = mp_obj_malloc(host_file_t, binary ? &host_fileio_type : &host_textio_type);
    f->h = h;
    f->pos = (m & 8) ? sh_flen(h) : 0;
    return MP_OBJ_FROM_PTR(f);
}
MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(mp_builtin_open_obj, 1, 2, cfx_open);
