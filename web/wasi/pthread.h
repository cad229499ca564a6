/*
 * pthread.h for the page's WebAssembly build (wasm32-wasi, no threads:
 * Debian's wasi-libc of 2022 has no pthread.h).  One thread: a lock is
 * never contended, so locking is a no-op; pthread_attr_init and
 * pthread_create refuse, so sweep's pool (src/cli/sweeppool.c) runs every
 * block on the calling thread, as it does when the system refuses a
 * thread.  Only the names springsim uses.  Never seen by the native build.
 */
#ifndef SPRINGSIM_WASI_PTHREAD_H
#define SPRINGSIM_WASI_PTHREAD_H
#include <errno.h>
#include <signal.h>
#include <stddef.h>

#include <sys/types.h>	/* wasi-libc's (musl's) pthread types */
#define PTHREAD_MUTEX_INITIALIZER	{{{0}}}
#define PTHREAD_COND_INITIALIZER	{{{0}}}
#define PTHREAD_ONCE_INIT		0

static inline int pthread_mutex_init(pthread_mutex_t *m, const void *a)
{ (void)a; (void)m; return 0; }
static inline int pthread_mutex_destroy(pthread_mutex_t *m)
{ (void)m; return 0; }
static inline int pthread_mutex_lock(pthread_mutex_t *m)
{ (void)m; return 0; }
static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{ (void)m; return 0; }
static inline int pthread_cond_init(pthread_cond_t *c, const void *a)
{ (void)a; (void)c; return 0; }
static inline int pthread_cond_destroy(pthread_cond_t *c)
{ (void)c; return 0; }
static inline int pthread_cond_signal(pthread_cond_t *c)
{ (void)c; return 0; }
static inline int pthread_cond_broadcast(pthread_cond_t *c)
{ (void)c; return 0; }
/* nobody else could signal: a wait would never end */
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{ (void)c; (void)m; __builtin_trap(); }
static inline int pthread_once(pthread_once_t *o, void (*f)(void))
{ if (*o == 0) { *o = 1; f(); } return 0; }
static inline int pthread_attr_init(pthread_attr_t *a)
{ (void)a; return EAGAIN; }
static inline int pthread_attr_destroy(pthread_attr_t *a)
{ (void)a; return 0; }
static inline int pthread_create(pthread_t *t, const pthread_attr_t *a,
    void *(*f)(void *), void *arg)
{ (void)t; (void)a; (void)f; (void)arg; return EAGAIN; }
static inline int pthread_join(pthread_t t, void **r)
{ (void)t; (void)r; return 0; }
static inline pthread_t pthread_self(void) { return (pthread_t)0; }
/* no cores to place threads on: the pool places none */
typedef struct { unsigned long bits[16]; } cpu_set_t;
#define CPU_SETSIZE		1024
#define CPU_ZERO(s)		((void)(s))
#define CPU_SET(c, s)		((void)(c), (void)(s))
#define CPU_ISSET(c, s)		((void)(c), (void)(s), 0)
#define CPU_COUNT(s)		((void)(s), 0)
static inline int sched_getaffinity(int pid, size_t n, cpu_set_t *s)
{ (void)pid; (void)n; (void)s; return -1; }
static inline int sched_getcpu(void) { return -1; }
static inline int pthread_setaffinity_np(pthread_t t, size_t n,
    const cpu_set_t *s)
{ (void)t; (void)n; (void)s; return EINVAL; }
static inline int pthread_attr_setaffinity_np(pthread_attr_t *a, size_t n,
    const cpu_set_t *s)
{ (void)a; (void)n; (void)s; return EINVAL; }
#endif
