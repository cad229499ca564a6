#!/usr/bin/env python3
"""gen_pow10.py - the powers of ten for src/cli/numfmt.c (Schubfach).

Usage: python3 tools/gen_pow10.py > src/cli/pow10_table.h
       python3 tools/gen_pow10.py --check     (the proofs below only)

numfmt.c follows Raffaello Giulietti, "The Schubfach way to render
doubles" (2020).  A positive double is v = c 2^q; for a decimal exponent
k it needs x = u 2^q 10^-k for u = 4c and its neighbours' midpoints
4c - 2, 4c + 2 (4c - 1 below a power of two), rounded to odd: floor(x),
with the last bit set when x is not a whole number.  It takes

    g(k) = floor(beta) + 1,   beta = 10^-k 2^(127 - E),  E = floor(-k log2 10)

so 2^127 < g < 2^128, and multiplies: P = g (u << h), h = q + E + 1 (1 to
4), is a 192-bit product with P / 2^128 = x + e / 2^128, where
0 < e = (g - beta)(u << h) < 2^59.  numfmt.c takes floor(x) as the top
64 bits of P and "x is not whole" as "the low 128 bits of P are at least
2^59".  Both are right for every double if, whenever x is not whole, its
fraction f has

    2^-69 <= f <= 1 - 2^-69:

then the error e can neither carry into the top word nor reach 2^59 on
its own (a whole x leaves only e < 2^59 in the low bits).  This script
proves that for every binary exponent q, exactly, with Python integers:
the fractions are (w A mod M) / M over a range of w (u = 2w), and the
number of w whose residue falls in a bad range is a difference of two
sums of floor((A t + B) / M), which floor_sum() computes in a logarithmic
number of steps.  Irregular spacing (v a power of two, a different k)
has one c per q; those three products are checked one by one.  (The
margin is real but not wide: the least fraction is about 2^-65.4, at
q = 664, so "bits 64 to 127 not all zero" would not do; the greatest is
below 1 - 2^-62.)

The index arithmetic numfmt.c uses instead of logarithms (k, and the
shift h, from the biased exponent by a multiply and a shift) is found
here and checked for every input it can get.
"""

import math
import random
import sys
from fractions import Fraction

Q_MIN, Q_MAX = -1074, 971	# v = c 2^q, c < 2^53
BIAS = 1075		# q = biased exponent - BIAS (1 for subnormals)
C_MAX = 2 ** 53 - 1
STICKY = 2 ** 59		# low 128 bits of P from here up: x not whole


def floor_log10_pow2(q, three_quarters=False):
	"""floor(log10(2^q)), or of 3/4 2^q: the greatest k, 10^k <= it."""
	v = Fraction(2) ** q * (Fraction(3, 4) if three_quarters else 1)
	k = 0
	while Fraction(10) ** k > v:
		k -= 1
	while Fraction(10) ** (k + 1) <= v:
		k += 1
	return k


def floor_log2_pow10(n):
	"""floor(n log2 10): the greatest E with 2^E <= 10^n."""
	v = Fraction(10) ** n
	e = v.numerator.bit_length() - v.denominator.bit_length()
	while Fraction(2) ** e > v:
		e -= 1
	while Fraction(2) ** (e + 1) <= v:
		e += 1
	return e


def g_of(k):
	"""g(k) = floor(10^-k 2^(127 - E)) + 1, E = floor(-k log2 10)."""
	beta = Fraction(10) ** -k * Fraction(2) ** (127 - floor_log2_pow10(-k))
	g = beta.numerator // beta.denominator + 1
	assert 2 ** 127 < g < 2 ** 128, k
	return g, beta


def floor_sum(n, m, a, b):
	"""Sum of floor((a i + b) / m) for i in [0, n); a, b >= 0, m > 0."""
	total = 0
	while True:
		if a >= m:
			total += n * (n - 1) // 2 * (a // m)
			a %= m
		if b >= m:
			total += n * (b // m)
			b %= m
		top = a * n + b
		if top < m:
			return total
		n, b = divmod(top, m)
		m, a = a, m


def count_below(a, b, m, n, x):
	"""How many i in [0, n) have (a i + b) mod m < x, 0 <= x <= m.

	(y mod m) < x exactly when floor(y / m) - floor((y - x) / m) is 1,
	else it is 0; the second floor is shifted by m to stay >= 0."""
	return (floor_sum(n, m, a, b) - floor_sum(n, m, a, b + m - x) + n)


def self_test():
	"""floor_sum and count_below against brute force, small cases."""
	rnd = random.Random(1)
	for _ in range(3000):
		m = rnd.randint(1, 60)
		a, b = rnd.randint(0, 200), rnd.randint(0, 200)
		n = rnd.randint(0, 40)
		assert floor_sum(n, m, a, b) == sum((a * i + b) // m
		    for i in range(n))
		x = rnd.randint(0, m)
		assert count_below(a, b, m, n, x) == sum(1 for i in range(n)
		    if (a * i + b) % m < x)


def fit_shift(sets, slope, shift_max=24):
	"""(M, [C...], S) with (x M + C) >> S == target for every (x, target)
	of each set, one C per set, 0 <= x M + C < 2^31, smallest S; None if
	there is none.  M is tried near slope 2^S."""
	for s in range(8, shift_max + 1):
		near = int(slope * 2 ** s)
		for m in range(near - 2, near + 4):
			cs = []
			for want in sets:
				lo = max(t * 2 ** s - x * m for x, t in want)
				hi = min((t + 1) * 2 ** s - x * m - 1
				    for x, t in want)
				c = max(lo, 0)
				if c > hi or not all(x * m + c < 2 ** 31
				    for x, _ in want):
					break
				cs.append(c)
			if len(cs) == len(sets):
				return m, cs, s
	return None


def index_formulas():
	"""The table index from the biased exponent, regular and
	irregular, and the shift h from the index."""
	bes = range(1, Q_MAX + BIAS + 1)
	k_reg = {be: floor_log10_pow2(be - BIAS) for be in bes}
	k_irr = {be: floor_log10_pow2(be - BIAS, True) for be in bes
	    if be >= 2}
	k_min = min(min(k_reg.values()), min(k_irr.values()))
	k_max = max(k_reg.values())

	# one M and S for both, two offsets
	fit = fit_shift([[(be, k_reg[be] - k_min) for be in bes],
	    [(be, k - k_min) for be, k in k_irr.items()]], math.log10(2))
	assert fit, "no index formula"
	reg = (fit[0], fit[1][0], fit[2])
	irr = (fit[0], fit[1][1], fit[2])

	# h = q + E + 1 = be + E - 1074 with E = floor(-k log2 10), from
	# j = (k_max - k_min) - index, which grows with E
	n_idx = k_max - k_min + 1
	e_of = {j: floor_log2_pow10(-(k_max - j)) for j in range(n_idx)}
	e_off = -min(e_of.values())
	hsh = fit_shift([[(j, e + e_off) for j, e in e_of.items()]],
	    math.log2(10))
	assert hsh, "no shift formula"
	hsh = (hsh[0], hsh[1][0], hsh[2])
	return k_min, k_max, reg, irr, hsh, e_off, k_reg, k_irr, e_of


def prove(k_reg, k_irr, table, k_min):
	"""The fraction bounds of the docstring for every q; returns the
	least margin seen, in bits, as a report."""
	bad = 0
	for be in range(1, Q_MAX + BIAS + 1):
		q = be - BIAS
		k = k_reg[be]
		h = q + floor_log2_pow10(-k) + 1
		assert 1 <= h <= 4 and (4 * C_MAX + 2) << h < STICKY, (q, h)
		# u = 2w, w from 2 c_min - 1 to 2 C_MAX + 1
		c_min = 1 if be == 1 else 2 ** 52
		w0, n = 2 * c_min - 1, 2 * C_MAX + 1 - (2 * c_min - 1) + 1
		alpha = Fraction(2) ** (q + 1) * Fraction(10) ** -k
		a, m = alpha.numerator, alpha.denominator
		if m > 1:
			b = w0 * a % m
			a %= m
			# bad: r 2^69 < m (r < x_lo), (m - r) 2^69 < m
			# (r >= x_hi)
			x_lo = (m - 1) // 2 ** 69 + 1
			x_hi = m - (m - 1) // 2 ** 69
			n_zero = count_below(a, b, m, n, 1)
			n_lo = count_below(a, b, m, n, x_lo) - n_zero
			n_hi = n - count_below(a, b, m, n, x_hi)
			if n_lo or n_hi:
				print("q %d: %d fractions below 2^-69, %d "
				    "above 1 - 2^-69" % (q, n_lo, n_hi),
				    file=sys.stderr)
				bad += 1
		if be >= 2:
			bad += not irregular_ok(q, k_irr[be], table, k_min)
	return bad == 0


def irregular_ok(q, k, table, k_min):
	"""The three products of c = 2^52 at exponent q, as numfmt.c forms
	them, against the exact rounding to odd."""
	g = table[k - k_min]
	h = q + floor_log2_pow10(-k) + 1
	assert 1 <= h <= 4, (q, h)
	for u in (2 ** 54 - 1, 2 ** 54, 2 ** 54 + 2):
		x = u * Fraction(2) ** q * Fraction(10) ** -k
		fl = x.numerator // x.denominator
		want = fl | (x.denominator != 1)
		p = g * (u << h)
		got = (p >> 128) | (p % 2 ** 128 >= STICKY)
		if got != want:
			print("q %d (power of two): u %d wrong" % (q, u),
			    file=sys.stderr)
			return False
	return True


def main():
	self_test()
	(k_min, k_max, reg, irr, hsh, e_off, k_reg, k_irr,
	    e_of) = index_formulas()
	table = [g_of(k)[0] for k in range(k_min, k_max + 1)]
	if not prove(k_reg, k_irr, table, k_min):
		sys.exit("gen_pow10.py: the precision argument fails")
	if "--check" in sys.argv[1:]:
		print("gen_pow10.py: every binary exponent checked")
		return

	out = sys.stdout
	out.write("/*\n"
	    " * pow10_table.h - powers of ten for numfmt.c's Schubfach.\n"
	    " *\n"
	    " * Generated by tools/gen_pow10.py, which also proves them\n"
	    " * precise enough for every double; do not edit.  Entry i is\n"
	    " * g = floor(10^-k 2^(127 - E)) + 1 for k = POW10_K_MIN + i and\n"
	    " * E = floor(-k log2 10), as its high and low 64 bits.\n"
	    " *\n"
	    " * From the biased exponent be (1 for subnormals):\n"
	    " *   i = (be * POW10_IDX_M + POW10_IDX_C) >> POW10_IDX_S, or\n"
	    " *   with POW10_IDX_C34 when the double is a power of two\n"
	    " *   (k = floor(log10(3/4 2^q)), the gap below is half);\n"
	    " *   h = be - POW10_H_OFF + ((POW10_COUNT - 1 - i) * POW10_H_M\n"
	    " *   + POW10_H_C) >> POW10_H_S.\n"
	    " */\n"
	    "#ifndef POW10_TABLE_H\n"
	    "#define POW10_TABLE_H\n\n"
	    "#include <stdint.h>\n\n")
	out.write("#define POW10_K_MIN\t(%d)\n" % k_min)
	out.write("#define POW10_COUNT\t%d\n" % len(table))
	out.write("#define POW10_IDX_M\t%d\n" % reg[0])
	out.write("#define POW10_IDX_C\t%d\n" % reg[1])
	out.write("#define POW10_IDX_C34\t%d\n" % irr[1])
	out.write("#define POW10_IDX_S\t%d\n" % reg[2])
	out.write("#define POW10_H_M\t%d\n" % hsh[0])
	out.write("#define POW10_H_C\t%d\n" % hsh[1])
	out.write("#define POW10_H_S\t%d\n" % hsh[2])
	out.write("#define POW10_H_OFF\t%d\n\n" % (BIAS - 1 + e_off))
	out.write("static const uint64_t pow10_table[POW10_COUNT][2] = {\n")
	for i, g in enumerate(table):
		out.write("\t{ UINT64_C(0x%016x), UINT64_C(0x%016x) },"
		    "\t/* %d */\n" % (g >> 64, g & (2 ** 64 - 1), k_min + i))
	out.write("};\n\n#endif\n")

	# the C formulas, replayed on every input
	for be in range(1, Q_MAX + BIAS + 1):
		for c, ks in ((reg[1], k_reg), (irr[1], k_irr)):
			if be not in ks:
				continue
			i = (be * reg[0] + c) >> reg[2]
			assert i == ks[be] - k_min
			h = be - (BIAS - 1 + e_off) + (((len(table) - 1 - i) *
			    hsh[0] + hsh[1]) >> hsh[2])
			assert h == be - BIAS + floor_log2_pow10(-ks[be]) + 1


if __name__ == "__main__":
	main()
