/*
 * output.c - buffered output that is written whole or not at all.
 *
 * To stdout the rows stream as they come.  To a named file they go to a
 * temporary file, FILE.tmp.XXXXXX, beside it (same directory, so rename
 * is atomic; FILE cut short when a long name leaves no room for the
 * suffix), which replaces the file only when everything was written; on any
 * failure the temporary file is removed and an existing file is left
 * untouched.  A symlink is followed to the file it names, which is the
 * one replaced, and an existing file's mode (and owner, where allowed) is
 * kept.  A hard link's name gets the new file while its other names keep
 * the old one: writing in place would give up whole-or-nothing.  A path
 * that is neither a regular file nor a directory (a device such as
 * /dev/null, a FIFO) is written directly: renaming a file onto it would
 * replace the device with a file.
 *
 * A fatal signal while a temporary file exists would leave it behind, so
 * a handler removes every temporary file still open and dies of the same
 * signal.  It may run in any thread (sweep's workers), so it only reads
 * a fixed table through lock-free atomics, calls unlink, sigaction and
 * raise (async-signal-safe, POSIX.1-2008 2.4.3), and never allocates.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#ifndef PATH_MAX
#define PATH_MAX	4096
#endif
#if ATOMIC_INT_LOCK_FREE != 2
#error "a signal handler needs a lock-free atomic int"
#endif

#ifndef NAME_MAX
#define NAME_MAX	255
#endif

#define TMP_SUFFIX	".tmp.XXXXXX"
#define MAX_LINKS	40	/* Linux's limit on a chain of symlinks */
#define NSLOTS		8	/* outputs open at once (one in practice) */

/* The temporary files a signal removes: FREE, being filled, LIVE. */
enum { SLOT_FREE, SLOT_BUSY, SLOT_LIVE };
static struct {
	atomic_int state;
	char path[PATH_MAX];
} slots[NSLOTS];

/* Signals that end a process by default and can be caught. */
static const int fatal_signals[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE,
	SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF
};
#define NFATAL	(sizeof(fatal_signals) / sizeof(fatal_signals[0]))

/*
 * A fatal signal: remove the temporary files, then die of the signal
 * (the default disposition, raised again), so the parent sees the real
 * signal death (a shell's 128 + N).  A slot being filled belongs to a
 * thread that blocks these signals, so that thread is not this one and
 * finishes shortly: wait for it.
 */
static void
on_fatal_signal(int sig)
{
	struct sigaction sa;
	int i, state;

	for (i = 0; i < NSLOTS; i++) {
		while ((state = atomic_load(&slots[i].state)) == SLOT_BUSY)
			;
		if (state == SLOT_LIVE)
			unlink(slots[i].path);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
	raise(sig);	/* delivered as the handler returns */
}

/*
 * Catch the fatal signals, once, the first time a temporary file is
 * made: those at their default (fatal) action only.  A signal ignored on
 * entry (nohup, a script's background job) stays ignored, as the caller
 * asked, and one with a handler of its own (a program that embeds these
 * files, a fuzzer's SIGALRM timer) keeps it.
 */
static void
catch_fatal_signals(void)
{
	static int done;
	struct sigaction sa, old;
	size_t i;

	if (done)
		return;
	done = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NFATAL; i++)
		sigaddset(&sa.sa_mask, fatal_signals[i]);
	for (i = 0; i < NFATAL; i++)
		if (sigaction(fatal_signals[i], NULL, &old) == 0 &&
		    (old.sa_flags & SA_SIGINFO) == 0 &&
		    old.sa_handler == SIG_DFL)
			sigaction(fatal_signals[i], &sa, NULL);
}

/*
 * mkstemp(tmp) with the name published to the signal handler in the same
 * breath: the fatal signals are blocked in this thread meanwhile, so none
 * lands between the file's creation and its registration.  Registered in
 * o->slot (-1 if every slot is taken: the file is then made unguarded).
 */
static int
make_temporary(out_file *o)
{
	sigset_t block, saved;
	size_t i;
	int fd, e, expect;

	catch_fatal_signals();
	sigemptyset(&block);
	for (i = 0; i < NFATAL; i++)
		sigaddset(&block, fatal_signals[i]);
	pthread_sigmask(SIG_BLOCK, &block, &saved);
	o->slot = -1;
	for (i = 0; i < NSLOTS && o->slot < 0; i++) {
		expect = SLOT_FREE;
		if (atomic_compare_exchange_strong(&slots[i].state, &expect,
		    SLOT_BUSY))
			o->slot = (int)i;
	}
	fd = mkstemp(o->tmp_path);
	e = errno;
	if (o->slot >= 0) {
		if (fd != -1)
			memcpy(slots[o->slot].path, o->tmp_path,
			    strlen(o->tmp_path) + 1);
		atomic_store(&slots[o->slot].state, fd != -1 ? SLOT_LIVE :
		    SLOT_FREE);
		if (fd == -1)
			o->slot = -1;
	}
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
	errno = e;
	return fd;
}

/* The temporary file is gone (renamed or removed): a signal leaves it. */
static void
forget_temporary(out_file *o)
{
	if (o->slot >= 0)
		atomic_store(&slots[o->slot].state, SLOT_FREE);
	o->slot = -1;
}

/*
 * Follow path through its symlinks to the file they name (which may not
 * exist yet: then *st->st_mode is 0), as a shell's > does: a malloc'd
 * path, or NULL with errno set.
 */
static char *
follow_links(const char *path, struct stat *st)
{
	char *cur, *next, link[PATH_MAX];
	const char *slash;
	size_t dirlen;
	ssize_t n;
	int hops, e;

	if ((cur = strdup(path)) == NULL)
		return NULL;
	for (hops = 0;; hops++) {
		if (lstat(cur, st) == -1) {
			if (errno != ENOENT)
				break;
			st->st_mode = 0;	/* a new file */
			return cur;
		}
		if (!S_ISLNK(st->st_mode))
			return cur;
		if (hops == MAX_LINKS) {
			errno = ELOOP;
			break;
		}
		if ((n = readlink(cur, link, sizeof(link))) == -1)
			break;
		if ((size_t)n == sizeof(link)) {
			errno = ENAMETOOLONG;
			break;
		}
		link[n] = '\0';
		/* a relative link is read from the link's own directory */
		slash = strrchr(cur, '/');
		dirlen = link[0] == '/' || slash == NULL ? 0 :
		    (size_t)(slash - cur) + 1;
		if ((next = malloc(dirlen + (size_t)n + 1)) == NULL)
			break;
		memcpy(next, cur, dirlen);
		memcpy(next + dirlen, link, (size_t)n + 1);
		free(cur);
		cur = next;
	}
	e = errno;
	free(cur);
	errno = e;
	return NULL;
}

/*
 * Open a FIFO or a device to write into it.  A FIFO no one reads yet
 * would block the open with no word: say it waits, then wait.
 */
static int
open_direct(out_file *o, const struct stat *st)
{
	int flags;

	o->fd = open(o->path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
	if (o->fd == -1 && errno == ENXIO && S_ISFIFO(st->st_mode)) {
		warn_msg("%s: waiting for a reader of the FIFO", o->path);
		o->fd = open(o->path, O_WRONLY | O_NOCTTY);
	}
	if (o->fd == -1) {
		warn_msg("%s: %s", o->path, strerror(errno));
		return -1;
	}
	/* blocking writes, as to any file */
	if ((flags = fcntl(o->fd, F_GETFL)) == -1 ||
	    fcntl(o->fd, F_SETFL, flags & ~O_NONBLOCK) == -1) {
		warn_msg("%s: %s", o->path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Give the temporary file the mode (and owner, where allowed) of the file
 * it replaces, or a new file's 0666 & ~umask (mkstemp makes it 0600).
 */
static int
set_mode(out_file *o, const struct stat *st)
{
	mode_t mode;

	if (S_ISREG(st->st_mode)) {
		/* the owner first: a chown may clear set-id bits */
		if (fchown(o->fd, st->st_uid, st->st_gid) == -1)
			(void)fchown(o->fd, (uid_t)-1, st->st_gid);
		mode = st->st_mode & 07777;
	} else {
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~mode;
	}
	if (fchmod(o->fd, mode) == -1) {
		warn_msg("%s: %s", o->tmp_path, strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Make the temporary file beside o->target, the file st describes (or
 * none yet), named FILE.tmp.XXXXXX with FILE cut short (never inside a
 * UTF-8 character) when the suffix would pass NAME_MAX.
 */
static int
open_temporary(out_file *o, const struct stat *st)
{
	const char *slash;
	size_t dirlen, baselen;

	slash = strrchr(o->target, '/');
	dirlen = slash == NULL ? 0 : (size_t)(slash - o->target) + 1;
	baselen = strlen(o->target + dirlen);
	if (baselen > NAME_MAX - (sizeof(TMP_SUFFIX) - 1)) {
		baselen = NAME_MAX - (sizeof(TMP_SUFFIX) - 1);
		while (baselen > 0 &&
		    ((unsigned char)o->target[dirlen + baselen] & 0xc0) == 0x80)
			baselen--;
	}
	if (dirlen + baselen + sizeof(TMP_SUFFIX) > PATH_MAX) {
		warn_msg("%s: %s", o->path, strerror(ENAMETOOLONG));
		return -1;
	}
	if ((o->tmp_path = malloc(dirlen + baselen + sizeof(TMP_SUFFIX))) ==
	    NULL) {
		warn_msg("%s: %s", o->path, strerror(errno));
		return -1;
	}
	memcpy(o->tmp_path, o->target, dirlen + baselen);
	memcpy(o->tmp_path + dirlen + baselen, TMP_SUFFIX, sizeof(TMP_SUFFIX));
	if ((o->fd = make_temporary(o)) == -1) {
		warn_msg("%s: cannot create a file beside it: %s", o->path,
		    strerror(errno));
		free(o->tmp_path);
		o->tmp_path = NULL;
		return -1;
	}
	return set_mode(o, st);
}

/*
 * Start writing to path, or to stdout when path is NULL or "-".  What
 * path names through any links decides how: a FIFO, a device or a pipe
 * (/dev/stdout, bash's >(...) as /dev/fd/63, /proc links that name no
 * file) is written directly; a regular file, or none yet, is replaced
 * through a temporary file beside the file its symlinks name.
 */
int
out_open(out_file *o, const char *path)
{
	struct stat st;

	o->len = 0;
	o->failed = 0;
	o->tmp_path = NULL;
	o->target = NULL;
	o->slot = -1;
	o->path = NULL;
	o->fd = STDOUT_FILENO;
	if (path == NULL || strcmp(path, "-") == 0)
		return 0;
	o->path = path;
	o->fd = -1;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		warn_msg("%s: %s", path, strerror(EISDIR));
		return -1;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		if (open_direct(o, &st) != 0) {
			out_abort(o);
			return -1;
		}
		return 0;
	}
	if ((o->target = follow_links(path, &st)) == NULL) {
		warn_msg("%s: %s", path, strerror(errno));
		return -1;
	}
	/* replaced since the stat above: never rename onto it */
	if (st.st_mode != 0 && !S_ISREG(st.st_mode)) {
		warn_msg("%s: not a regular file", path);
		out_abort(o);
		return -1;
	}
	if (open_temporary(o, &st) != 0) {
		out_abort(o);
		return -1;
	}
	return 0;
}

/* Write o->len bytes from p out, retrying short writes and interruptions. */
static int
out_flush_from(out_file *o, const char *p)
{
	size_t left = o->len;

	if (o->failed)
		return -1;
	/* output means the run went ahead: its warnings first */
	if (left > 0)
		warnings_release();
	while (left > 0) {
		ssize_t w = write(o->fd, p, left);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			/* the reader left (SIGPIPE ignored): fail quietly */
			if (errno != EPIPE)
				warn_msg("%s: %s", o->path != NULL ? o->path :
				    "standard output", strerror(errno));
			o->failed = 1;
			return -1;
		}
		p += w;
		left -= (size_t)w;
	}
	o->len = 0;
	return 0;
}

/* Write the buffer out. */
static int
out_flush(out_file *o)
{
	return out_flush_from(o, o->buf);
}

/* Room for n (<= the buffer) bytes at the end of the buffer. */
char *
out_reserve(out_file *o, size_t n)
{
	if (o->len + n > sizeof(o->buf) && out_flush(o) != 0)
		return NULL;
	return o->buf + o->len;
}

/* Keep the n bytes written at out_reserve's pointer. */
void
out_commit(out_file *o, size_t n)
{
	o->len += n;
}

/*
 * Append n bytes.  Bytes that would fill the buffer whole (a sweep's
 * slot of rows) go out as they are, after what the buffer holds: one
 * copy fewer.
 */
int
out_write(out_file *o, const char *s, size_t n)
{
	if (n >= sizeof(o->buf)) {
		if (out_flush(o) != 0)
			return -1;
		o->len = n;
		if (out_flush_from(o, s) != 0) {
			o->len = 0;	/* o->buf holds nothing */
			return -1;
		}
		return 0;
	}
	while (n > 0) {
		size_t room = sizeof(o->buf) - o->len, k = n < room ? n : room;

		memcpy(o->buf + o->len, s, k);
		o->len += k;
		s += k;
		n -= k;
		if (o->len == sizeof(o->buf) && out_flush(o) != 0)
			return -1;
	}
	return 0;
}

/* Flush and, for a named file, move it into place. */
int
out_close(out_file *o)
{
	if (out_flush(o) != 0) {
		out_abort(o);
		return -1;
	}
	if (o->path == NULL)
		return 0;
	if (close(o->fd) == -1) {
		warn_msg("%s: %s", o->path, strerror(errno));
		o->fd = -1;
		out_abort(o);
		return -1;
	}
	o->fd = -1;
	if (o->tmp_path != NULL) {
		if (rename(o->tmp_path, o->target) == -1) {
			warn_msg("%s: %s", o->path, strerror(errno));
			out_abort(o);
			return -1;
		}
		forget_temporary(o);
		free(o->tmp_path);
		o->tmp_path = NULL;
	}
	free(o->target);
	o->target = NULL;
	return 0;
}

/* Give up: remove the temporary file, leave any existing file alone. */
void
out_abort(out_file *o)
{
	if (o->path != NULL && o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->tmp_path != NULL) {
		unlink(o->tmp_path);
		forget_temporary(o);
		free(o->tmp_path);
		o->tmp_path = NULL;
	}
	free(o->target);
	o->target = NULL;
}

/* See cli.h: the one ending every command's output shares. */
int
out_finish(out_file *o, int failed)
{
	if (failed || o->failed) {
		out_abort(o);
		return EXIT_IO;
	}
	return out_close(o) != 0 ? EXIT_IO : EXIT_OK;
}
