/*
 * numfmt.h - doubles to decimal text, fast and exact enough to read back.
 *
 * numfmt_roundtrip() writes the shortest decimal that strtod() turns
 * back into exactly the same double (Schubfach: Giulietti, "The Schubfach
 * way to render doubles", 2020); of two that short, the nearer to the
 * double, and of two as near, the one with an even last digit.  It never
 * calls printf and never looks at the locale.
 *
 * Notation, the same for both functions: plain decimal when the decimal
 * exponent (of the leading digit) is in [-5, 16], e.g. "0", "-0", "100",
 * "0.25", "0.00001"; otherwise "1.5e-07", "1e+20" (at least two exponent
 * digits, with a sign, as printf %g).  Integers have no trailing ".0".
 * Infinities are "inf" and "-inf", NaN is "nan".
 *
 * Buffers hold NUMFMT_MAX bytes; the text (at most 24 bytes) is
 * NUL-terminated and the length returned excludes the NUL.  Bytes after
 * the NUL, up to NUMFMT_MAX, may be overwritten with junk: the fast path
 * copies fixed-size blocks.
 */
#ifndef NUMFMT_H
#define NUMFMT_H

#define NUMFMT_MAX	32

/* The shortest decimal that reads back to exactly v; returns its length. */
int	numfmt_roundtrip(char *buf, double v);
/*
 * numfmt_roundtrip for n values: v[i]'s text into out[i] (the same junk
 * rule past its NUL), its length into len[i].  The same texts, byte for
 * byte; sixteen at a time where the processor has AVX-512.
 */
void	numfmt_roundtrip_n(char (*out)[NUMFMT_MAX], unsigned char *len,
	    const double *v, int n);
/* A whole number as printf("%lld") writes it; returns the length. */
int	numfmt_integer(char *buf, long long v);

/*
 * v rounded to `digits` significant digits (clamped to 1..17), like
 * printf("%.*g") but in the notation above; returns its length.
 */
int	numfmt_precision(char *buf, double v, int digits);

#endif
