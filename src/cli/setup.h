/*
 * setup.h - what the files of a run's setup share among themselves
 * (setup.c, runmodels.c, runfiles.c, runengine.c), not for commands: the
 * steps run_setup_resolve and run_setup_read_files take.  Each returns
 * EXIT_OK or an exit status, after a message.
 */
#ifndef SETUP_H
#define SETUP_H

#include "run.h"

/* runfiles.c: --frames-from and --target-file, read; stdin read once. */
int read_frames(struct run_setup *rs);
int read_target_file(struct run_setup *rs);
int stdin_once(const struct run_setup *rs);

/* runmodels.c: --model's row and rule; the spring it resolves. */
int resolve_rule(struct run_setup *rs);
int resolve_spring(struct run_setup *rs);

/* runengine.c: --engine's refusals, and its setup from the spring. */
int engine_refusals(const struct run_setup *rs);
int resolve_engine(struct run_setup *rs);

#endif
