#!/usr/bin/env python3
"""numdiff.py OLD NEW - check that two texts differ only in how numbers
are written, and only for the better, as a change of the shortest-digits
formatter (src/cli/numfmt.c) may make them differ.

Usage: python3 tools/numdiff.py OLD NEW
e.g.   git show HEAD~1:tests/corpus/expected/run.txt > /tmp/old.txt
       python3 tools/numdiff.py /tmp/old.txt tests/corpus/expected/run.txt

Line by line (the counts must agree), the text between numbers must be
the same, and each number that changed must read back as the same double
and be shorter (fewer significant digits), or as short and nearer the
double, or as near and ending in an even digit (the tie rule).  For
tests/corpus records, the header lines "stdout|stderr|file NAME BYTES
SHA256" may differ, but only in a record where a shown line differs too:
a changed hash alone would be a change in a stream too long to be shown,
which this cannot check.  Prints every change; exits 1 on the first one
that breaks the rules.
"""

import re
import struct
import sys
from decimal import Decimal
from fractions import Fraction

NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
HEADER = re.compile(r"(stdout|stderr|file \S+) \d+ [0-9a-f]{64}$")


def digits(s):
	"""The significant digits of a decimal text."""
	m = s.lstrip("+-").lower().split("e")[0].replace(".", "")
	return m.lstrip("0").rstrip("0")


def verdict(a, b):
	"""None if b is a better way to write a's double, else why not."""
	if struct.pack("<d", float(a)) != struct.pack("<d", float(b)):
		return "not the same double"
	v = Fraction(float(a))
	la, lb = len(digits(a)), len(digits(b))
	if lb != la:
		return None if lb < la else "longer"
	da = abs(Fraction(Decimal(a)) - v)
	db = abs(Fraction(Decimal(b)) - v)
	if db < da or (db == da and int(digits(b)[-1]) % 2 == 0):
		return None
	return "not nearer"


def main():
	if len(sys.argv) != 3:
		sys.exit("usage: numdiff.py OLD NEW")
	with open(sys.argv[1]) as f:
		old = f.read().split("\n")
	with open(sys.argv[2]) as f:
		new = f.read().split("\n")
	if len(old) != len(new):
		sys.exit("numdiff.py: %d lines, then %d" % (len(old), len(new)))
	shorter = nearer = 0
	record, header, shown = None, False, False

	def close():
		if header and not shown:
			sys.exit("numdiff.py: %s: a hash changed, no shown line "
			    "did" % record)

	for n, (a, b) in enumerate(zip(old, new), 1):
		if a.startswith("### ") or b.startswith("### "):
			close()
			record, header, shown = b, False, False
		if a == b:
			continue
		if HEADER.match(a) and HEADER.match(b) and \
		    a.split()[:-2] == b.split()[:-2]:
			header = True
			continue
		if NUM.split(a) != NUM.split(b):
			sys.exit("numdiff.py: line %d: more than numbers differ"
			    % n)
		shown = True
		for x, y in zip(NUM.findall(a), NUM.findall(b)):
			if x == y:
				continue
			why = verdict(x, y)
			if why is not None:
				sys.exit("numdiff.py: line %d: %s -> %s: %s"
				    % (n, x, y, why))
			print("line %d: %s -> %s" % (n, x, y))
			if len(digits(y)) < len(digits(x)):
				shorter += 1
			else:
				nearer += 1
	close()
	print("%s: %d numbers shorter, %d as short and nearer" % (sys.argv[2],
	    shorter, nearer))


if __name__ == "__main__":
	main()
