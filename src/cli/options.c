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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "optparse.h"
#include "paramflags.h"
#include "spring.h"

/* See cli.h: per thread, so a sweep's workers can check in silence. */
_Thread_local int message_mute;
_Thread_local const char *message_context;

/*
 * Print "springsim: ", the message and the tail on one line: control
 * characters a value may carry (a newline in an argument) become '?'.
 */
static void
vmessage(const char *fmt, va_list ap, const char *tail)
{
	char buf[1024];
	char *p;

	if (message_mute)
		return;
	vsnprintf(buf, sizeof(buf), fmt, ap);
	for (p = buf; *p != '\0'; p++)
		if (iscntrl((unsigned char)*p))
			*p = '?';
	fprintf(stderr, "springsim: %s%s%s\n", message_context != NULL ?
	    message_context : "", buf, tail);
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

/* The most options an ambiguous abbreviation's message names. */
#define AMBIGUOUS_SHOWN 8

/*
 * getopt_long returns '?' with optopt 0 both for an unknown option and
 * for an abbreviation that is the start of several (glibc's
 * process_long_option, with opterr 0): tell them apart in the command's
 * table opts (NULL: not at all).  For "--ta" (or "--ta=1") that starts
 * two or more names, the message names them ("--target, --target-vel")
 * and *status is EXIT_USAGE: 1; otherwise 0, nothing said.
 */
static int
ambiguous(const char *flag, const struct option *opts, int *status)
{
	char list[600] = "", name[64];
	const struct option *o, *p;
	size_t len, used = 0;
	int n = 0;

	if (opts == NULL || strncmp(flag, "--", 2) != 0)
		return 0;
	len = strcspn(flag + 2, "=");
	if (len == 0 || len >= sizeof(name))
		return 0;
	memcpy(name, flag + 2, len);
	name[len] = '\0';
	for (o = opts; o->name != NULL; o++) {
		if (strncmp(o->name, name, len) != 0)
			continue;
		for (p = opts; p < o && strcmp(p->name, o->name) != 0; p++)
			;
		if (p < o)
			continue;	/* a name met before */
		if (n++ < AMBIGUOUS_SHOWN)
			used += (size_t)snprintf(list + used, sizeof(list) -
			    used, "%s--%s", n > 1 ? ", " : "", o->name);
		if (used >= sizeof(list))
			used = sizeof(list) - 1;
	}
	if (n < 2)
		return 0;
	if (n > AMBIGUOUS_SHOWN)
		snprintf(list + used, sizeof(list) - used, " and %d more",
		    n - AMBIGUOUS_SHOWN);
	*status = usage_error("ambiguous option '--%s': %s", name, list);
	return 1;
}

/*
 * The options every command shares, once getopt_long returned c for
 * flag: -h and -V (printed, then *status is CMD_DONE, or EXIT_IO if the
 * text was lost), -o FILE (into *output), and getopt_long's complaints (a
 * usage error; an ambiguous abbreviation named as one, from the
 * command's table opts).  Returns 1 when it took c, 0 when c is the
 * command's own, -1 when the command must return *status now.
 */
int
common_option(int c, const char *flag, const char *arg, const char **output,
    void (*usage_fn)(FILE *), int *status, const struct option *opts)
{
	switch (c) {
	case 'h':
		usage_fn(stdout);
		*status = flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
		return -1;
	case 'V':
		printf("springsim %s\n", SPRING_VERSION);
		*status = flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
		return -1;
	case 'o':
		if (*arg == '\0') {
			warn_msg("-o: '' is not a file name");
			*status = EXIT_USAGE;
			return -1;
		}
		*output = arg;
		return 1;
	case ':':
		*status = usage_error("%s needs a value", flag);
		return -1;
	case '?':
		if (optopt != 0 && strchr(flag, '=') != NULL)
			*status = usage_error("%.*s takes no value",
			    (int)(strchr(flag, '=') - flag), flag);
		else if (!ambiguous(flag, opts, status) &&
		    !opt_elsewhere(flag, status))
			*status = usage_error("unknown option '%s'", flag);
		return -1;
	}
	return 0;
}

/* See cli.h. */
int
option_once(unsigned char *seen, int c, const struct option *opts)
{
	const struct option *o;
	unsigned char bit;

	if (c < 0 || c >= 8 * OPTION_SEEN_BYTES)
		return 0;
	for (o = opts; o->name != NULL && o->val != c; o++)
		;
	if (o->name != NULL ? o->has_arg == no_argument : c != 'o' && c != 'j')
		return 0;
	bit = (unsigned char)(1u << (c % 8));
	if ((seen[c / 8] & bit) == 0) {
		seen[c / 8] |= bit;
		return 0;
	}
	if (c == 'o' || c == 'j')
		usage_error("-%c is given twice: give each option once", c);
	else
		usage_error("--%s is given twice: give each option once",
		    o->name);
	return -1;
}

/* A usage error, with the way to help on the same line; EXIT_USAGE. */
int
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage(fmt, ap, " (see 'springsim --help')");
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
