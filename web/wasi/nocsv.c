/*
 * nocsv.c - the page's WebAssembly build reads no files (its WASI shim
 * opens none, and libcsv is not built for wasm32): csvin.c's entry
 * points, each refusing in one line naming the flag, exit 2, as a file
 * that cannot be opened would.  Only the page's build links this in
 * place of src/cli/csvin.c.
 */
#include <string.h>

#include "cli.h"

/* See cli.h: "stdin" for -, else the path. */
const char *
input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "stdin" : path;
}

/* Refuse: no file is read in the browser. */
int
csv_read_file(const char *flag, const char *path, csv_row_fn fn, void *ctx)
{
	(void)fn;
	(void)ctx;
	warn_msg("%s: %s: no files in the browser build", flag,
	    input_name(path));
	return CSV_READ_BAD;
}
