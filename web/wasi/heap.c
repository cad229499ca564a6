/*
 * heap.c - the page's WebAssembly build links malloc, calloc and realloc
 * through these (wasm-ld --wrap), for two reasons.
 *
 * calloc: wasi-libc's (dlmalloc) clears every block, though a block
 * carved from memory the module has just grown (memory.grow) is zero
 * already: sweep's row ring and worker rooms, ~28 MB for any grid then,
 * were cleared at ~20 ms a call (glibc's calloc maps such blocks fresh,
 * and clears nothing).  Here only the part of the block that lies below
 * the memory's end before the allocation is cleared.
 *
 * The heap's high-water mark: web/wasi.js runs an instance again after
 * putting it back as it was made, and must clear what a run wrote.  Above
 * __heap_base that is the blocks handed out (and the chunk heads between
 * and after them) and dlmalloc's segment record at the memory's end;
 * springsim_heap_end() says how far the first part reached, so that a
 * put back clears that, not the whole memory (4 MB, 0.15 ms a call).
 */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
uintptr_t springsim_heap_end(void);

/* past the end of every block handed out so far; 0: none yet */
static uintptr_t heap_end;

/*
 * Block p's end, and room for the chunk head dlmalloc writes after it
 * (8 bytes on wasm32; 64 to be sure), raised into heap_end: p back.
 */
static void *
reached(void *p)
{
	uintptr_t end;

	if (p != NULL) {
		end = (uintptr_t)p + malloc_usable_size(p) + 64;
		if (end > heap_end)
			heap_end = end;
	}
	return p;
}

/* malloc, its block's end noted. */
void *
__wrap_malloc(size_t size)
{
	return reached(__real_malloc(size));
}

/* realloc, its block's end noted. */
void *
__wrap_realloc(void *p, size_t size)
{
	return reached(__real_realloc(p, size));
}

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
		return reached(__real_calloc(n, size));
	if ((p = __wrap_malloc(bytes)) == NULL)
		return NULL;
	if ((uintptr_t)p >= end)
		return p;
	memset(p, 0, (uintptr_t)p + bytes <= end ? bytes :
	    (size_t)(end - (uintptr_t)p));
	return p;
}

/* See above: the heap's high-water mark, for web/wasi.js; 0: no block. */
__attribute__((export_name("springsim_heap_end"))) uintptr_t
springsim_heap_end(void)
{
	return heap_end;
}
