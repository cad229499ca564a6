# compare.awk - a golden trajectory (tests/engines/golden/*.csv: comment
# lines, then t,x,v,done) against springsim's --engine trajectory (t,x,v,
# ...,done, its t = 0 row first), frame by frame:
#
#   awk -v tol_t=1e-12 -v tol_x=X -v tol_v=V -f compare.awk GOLDEN OUT
#
# t within tol_t, x within tol_x, v within tol_v where the golden file has
# one, done exactly.  Silent with status 0 when every frame agrees; else
# one line naming the first frame that differs, and status 1.
BEGIN { FS = ","; bad = 0 }

# The column of each name in this file's header.
function header(    i) {
	for (i = 1; i <= NF; i++)
		col[FILENAME, $i] = i
}

function fail(msg) {
	if (!bad)
		print msg
	bad = 1
}

function abs(a) { return a < 0 ? -a : a }

FNR == 1 && FILENAME == ARGV[1] { ng = 0 }
FILENAME == ARGV[1] && /^#/ { next }
FILENAME == ARGV[1] && !gh { header(); gh = 1; next }
FILENAME == ARGV[1] {
	ng++
	gt[ng] = $col[FILENAME, "t"]
	gx[ng] = $col[FILENAME, "x"]
	gv[ng] = $col[FILENAME, "v"]
	gd[ng] = $col[FILENAME, "done"]
	next
}
!sh { header(); sh = 1; ns = -1; next }
{
	ns++
	if (ns == 0)
		next		# springsim's t = 0 row: the golden files start after
	if (ns > ng) {
		fail(sprintf("frame %d (t = %s): springsim runs past the " \
		    "golden file's %d frames", ns, $col[FILENAME, "t"], ng))
		next
	}
	t = $col[FILENAME, "t"]; x = $col[FILENAME, "x"]
	v = $col[FILENAME, "v"]; d = $col[FILENAME, "done"]
	if (abs(t - gt[ns]) > tol_t)
		fail(sprintf("frame %d: t: golden %s, springsim %s", ns, gt[ns], t))
	else if (abs(x - gx[ns]) > tol_x || x == "")
		fail(sprintf("frame %d (t = %s): x: golden %s, springsim %s, " \
		    "|diff| %.3g > %.3g", ns, t, gx[ns], x, abs(x - gx[ns]),
		    tol_x))
	else if (gv[ns] != "" && (v == "" || abs(v - gv[ns]) > tol_v))
		fail(sprintf("frame %d (t = %s): v: golden %s, springsim %s, " \
		    "|diff| %.3g > %.3g", ns, t, gv[ns], v, abs(v - gv[ns]),
		    tol_v))
	else if (d + 0 != gd[ns] + 0)
		fail(sprintf("frame %d (t = %s): done: golden %s, springsim %s",
		    ns, t, gd[ns], d))
}
END {
	if (!bad && ns < ng)
		fail(sprintf("springsim stops after frame %d, the golden file " \
		    "has %d", ns, ng))
	if (!sh)
		fail("springsim wrote no trajectory")
	exit bad
}
