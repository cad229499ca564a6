/*
 * Forced into every file of the page's WebAssembly build (clang -include;
 * never the native build's): what springsim names that Debian's
 * wasi-libc (2022) lacks, each as the call that fails or does nothing in
 * a process with no signals and one thread.  output.c's temporary files
 * catch fatal signals: there are none to catch, and opening any file but
 * standard output is refused by the page's WASI shim anyway.
 */
#ifndef SPRINGSIM_WASI_COMPAT_H
#define SPRINGSIM_WASI_COMPAT_H
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <__typedef_sigset_t.h>

struct sigaction {
	void (*sa_handler)(int);
	sigset_t sa_mask;
	int sa_flags;
};
#define SA_SIGINFO	4
#define SIG_BLOCK	0
#define SIG_SETMASK	2
static inline int sigaction(int s, const struct sigaction *a,
    struct sigaction *o)
{ (void)s; (void)a; (void)o; errno = ENOSYS; return -1; }
static inline int sigemptyset(sigset_t *s) { (void)s; return 0; }
static inline int sigaddset(sigset_t *s, int n) { (void)s; (void)n; return 0; }
static inline int pthread_sigmask(int h, const sigset_t *s, sigset_t *o)
{ (void)h; (void)s; (void)o; return 0; }
#include <sys/types.h>
/* no files but the standard streams: -o's temporary file is refused */
static inline int mkstemp(char *t) { (void)t; errno = ENOTSUP; return -1; }
static inline int fchown(int fd, uid_t u, gid_t g)
{ (void)fd; (void)u; (void)g; return 0; }
static inline int fchmod(int fd, mode_t m) { (void)fd; (void)m; return 0; }
static inline mode_t umask(mode_t m) { return m; }
#ifndef F_DUPFD_CLOEXEC
#define F_DUPFD_CLOEXEC	1030
#endif
#endif
