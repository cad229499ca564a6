/*
 * calloc.c - the page's WebAssembly build links calloc through this
 * (wasm-ld --wrap=calloc).  wasi-libc's calloc (dlmalloc) clears every
 * block, though a block carved from memory the module has just grown
 * (memory.grow) is zero already: sweep's row ring and worker rooms, ~28
 * MB for any grid, were cleared at ~20 ms a call, nearly all of a
 * sweep's time in the browser (glibc's calloc maps such blocks fresh,
 * and clears nothing).  Here only the part of the block that lies below
 * the memory's end before the allocation is cleared.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *__real_calloc(size_t n, size_t size);
void *__wrap_calloc(size_t n, size_t size);

/* calloc: malloc, then clear what was not fresh from memory.grow. */
void *
__wrap_calloc(size_t n, size_t size)
{
	uintptr_t end = __builtin_wasm_memory_size(0) * (uintptr_t)65536;
	size_t bytes;
	char *p;

	if (size != 0 && n > SIZE_MAX / size)
		return __real_calloc(n, size);	/* its ENOMEM */
	bytes = n * size;
	if (bytes < ((size_t)1 << 16))
		return __real_calloc(n, size);
	if ((p = malloc(bytes)) == NULL)
		return NULL;
	if ((uintptr_t)p >= end)
		return p;
	memset(p, 0, (uintptr_t)p + bytes <= end ? bytes :
	    (size_t)(end - (uintptr_t)p));
	return p;
}
