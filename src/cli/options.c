/*
 * options.c - strict number parsing and the messages every subcommand
 * uses.  A number is the whole string or nothing: "1e3" yes, " 1", "1x",
 * "0x10", "inf", "nan" and "" no, and nothing that overflows a double.
 */
#include <ctype.h>
#include <getopt.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "paramflags.h"
#include "spring.h"

/* See cli.h: per thread, so a sweep's workers can check in silence. */
_Thread_local int message_mute;
_Thread_local const char *message_context;

/*
 * Warnings wait here until the run goes ahead (warnings_release: its
 * first output, or main's exit on a status other than EXIT_USAGE) and
 * are dropped with a refusal (warnings_drop), so exit 2 is one line.
 * A fixed buffer: a warning that does not fit releases the queue first.
 * Sweep's workers may warn too, hence the lock.
 */
static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;
static char held[8192];
static size_t held_len;
static int held_open = 1;

/* Write the held warnings out, in their order; the caller holds the lock. */
static void
held_write(void)
{
	if (held_len > 0)
		fwrite(held, 1, held_len, stderr);
	held_len = 0;
}

/* See cli.h: the run goes ahead, so its warnings are said. */
void
warnings_release(void)
{
	pthread_mutex_lock(&held_lock);
	held_write();
	held_open = 0;
	pthread_mutex_unlock(&held_lock);
}

/* See cli.h: the command refused, so the warnings are not said. */
void
warnings_drop(void)
{
	pthread_mutex_lock(&held_lock);
	held_len = 0;
	held_open = 0;
	pthread_mutex_unlock(&held_lock);
}

/* Print a warning's line, or hold it until the run goes ahead. */
static void
warning_line(const char *line)
{
	size_t n = strlen(line);

	pthread_mutex_lock(&held_lock);
	if (held_open && held_len + n > sizeof(held))
		held_write();
	if (held_open && n <= sizeof(held)) {
		memcpy(held + held_len, line, n);
		held_len += n;
	} else
		fputs(line, stderr);
	pthread_mutex_unlock(&held_lock);
}

/*
 * Print "springsim: ", the message and the tail on one line: control
 * characters a value may carry (a newline in an argument) become '?'.
 * A message that starts "warning: " is a warning (warning_line).
 */
static void
vmessage(const char *fmt, va_list ap, const char *tail)
{
	char buf[1024], line[1200];
	char *p;

	if (message_mute)
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	for (p = buf; *p != '\0'; p++)
		if (iscntrl((unsigned char)*p))
			*p = '?';
	snprintf(line, sizeof(line), "springsim: %s%s%s\n",
	    message_context != NULL ? message_context : "", buf, tail);
	if (strncmp(buf, "warning: ", 9) == 0)
		warning_line(line);
	else
		fputs(line, stderr);
}

/* One line on stderr, "springsim: " first. */
void
warn_msg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, "");
	va_end(ap);
}

/* Flush standard output, saying so when that fails: 0 or -1. */
int
flush_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	/* a reader that left (SIGPIPE ignored) needs no message */
	if (errno != EPIPE)
		warn_msg("standard output: %s", strerror(errno));
	return -1;
}

/* See cli.h: the help a usage error points to (NULL: --help). */
const char *usage_topic;

/*
 * A usage error, with the way to the help of the command run (or of
 * its model) on the same line; EXIT_USAGE.
 */
int
usage_error(const char *fmt, ...)
{
	char tail[96];
	va_list ap;

	if (usage_topic != NULL && strlen(usage_topic) < 64)
		snprintf(tail, sizeof(tail), " (see 'springsim help %s')",
		    usage_topic);
	else
		snprintf(tail, sizeof(tail), " (see 'springsim --help')");
	va_start(ap, fmt);
	vmessage(fmt, ap, tail);
	va_end(ap);
	return EXIT_USAGE;
}

/*
 * Only the characters of a plain decimal number: sign, digits, one point,
 * an exponent.  strtod alone would also take leading space, hex, inf and
 * nan, and (in another locale) a decimal comma.
 */
static int
decimal_syntax(const char *s)
{
	const char *p = s;
	int digits = 0;

	if (*p == '+' || *p == '-')
		p++;
	while (isdigit((unsigned char)*p)) {
		p++;
		digits++;
	}
	if (*p == '.') {
		p++;
		while (isdigit((unsigned char)*p)) {
			p++;
			digits++;
		}
	}
	if (digits == 0)
		return 0;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!isdigit((unsigned char)*p))
			return 0;
		while (isdigit((unsigned char)*p))
			p++;
	}
	return *p == '\0';
}

/*
 * A finite double from the whole of arg: 0; -1 when it is not a decimal
 * number; -2 when it is one but overflows, or underflows to a subnormal
 * or zero (strtod's ERANGE).
 */
int
scan_double(const char *arg, double *out)
{
	char *end;
	double x;

	if (arg == NULL || !decimal_syntax(arg))
		return -1;
	errno = 0;
	x = strtod(arg, &end);
	if (*end != '\0')
		return -1;
	if (errno == ERANGE)
		return -2;
	*out = x;
	return 0;
}

/* A long from the whole of arg (decimal digits, optional sign). */
int
scan_long(const char *arg, long *out)
{
	const char *p = arg;
	char *end;
	long x;

	if (arg == NULL)
		return -1;
	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	x = strtol(arg, &end, 10);
	if (*end != '\0' || errno == ERANGE)
		return -1;
	*out = x;
	return 0;
}

/* See cli.h. */
int
parse_number_list(const char *flag, const char *arg, long n, double *out,
    const char *want)
{
	char buf[128];
	const char *p = arg, *comma;
	size_t len;
	long i;

	for (i = 0; i < n; i++) {
		comma = strchr(p, ',');
		len = comma != NULL ? (size_t)(comma - p) : strlen(p);
		if (len >= sizeof(buf))
			break;
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (scan_double(buf, &out[i]) != 0 ||
		    fabs(out[i]) > MAX_MAGNITUDE)
			break;
		if (comma == NULL) {
			if (i + 1 == n)
				return 0;
			break;
		}
		p = comma + 1;
	}
	warn_msg("%s: '%s' is not %s", flag, arg, want);
	return -1;
}

/*
 * See cli.h: the one reading of a number within +-MAX_MAGNITUDE, for the
 * command line and every file alike, and the words its messages use.
 */
const char *
scan_bounded(const char *arg, double *out)
{
	double x;

	switch (scan_double(arg, &x)) {
	case 0:
		break;
	case -2:
		return "is out of the range of a double";
	default:
		return "is not a decimal number";
	}
	if (!(fabs(x) <= MAX_MAGNITUDE))
		return "is beyond +-" MAX_MAGNITUDE_TEXT;
	*out = x;
	return NULL;
}

/* scan_double, with a message naming flag and value on failure. */
int
parse_double(const char *flag, const char *arg, double *out)
{
	switch (scan_double(arg, out)) {
	case 0:
		return 0;
	case -2:
		warn_msg("%s: '%s' is out of the range of a double", flag, arg);
		return -1;
	default:
		warn_msg("%s: '%s' is not a decimal number", flag, arg);
		return -1;
	}
}

/* scan_long within [min, max], with a message on failure. */
int
parse_long(const char *flag, const char *arg, long min, long max, long *out)
{
	if (scan_long(arg, out) == 0 && *out >= min && *out <= max)
		return 0;
	warn_msg("%s: '%s' is not a whole number from %ld to %ld", flag, arg,
	    min, max);
	return -1;
}

/* See cli.h. */
int
list_has_word(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	if (n == 0)	/* no word (strstr finds "" everywhere, p never moves) */
		return 0;
	for (p = list; (p = strstr(p, w)) != NULL; p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}
