# gen.awk - random argv for the contract checker (tests/contract/run.sh).
#
#   awk -v seed=S -v n=N -v us=SEP -f gen.awk REGISTRY
#
# REGISTRY is `springsim list --json` flattened by run.sh, one row per
# line, tab-separated (C command, F flag, K engine knob, M model,
# E engine, R rule, S signal, P policy, D dialect, L column).  Prints N
# cases, one a line, their arguments separated by SEP (a byte that is
# no value's).  Values mix valid draws from each flag's range, edge
# values (0, negatives, 1e100, 1e-320, huge counts, lists, empty,
# garbage; one at most in half of the cases) and flags of other
# commands, models and engines; in some valid cases many values are
# extreme but in range (1e100, 1e-300), for the numerics.  The tokens
# @OUT@, @DIR@ stand for the case's output file and the fixture
# directory (run.sh substitutes them).  The same seed gives the same
# cases with the same awk (rand() differs between awks).
BEGIN {
	FS = "\t"
}
$1 == "C" && $2 != "list" && $2 != "help" { cmds[ncmd++] = $2; runish[$2] = $3 }
$1 == "F" {
	fl[nfl] = $2; kind[$2] = $3; lo[$2] = $4; hi[$2] = $5
	fcmds[$2] = "," $6 ","; fmodels[$2] = "," $7 ","; nfl++
}
$1 == "K" { knob[nknob] = $3; knobeng[nknob] = $2; nknob++
	kind[$3] = $4; lo[$3] = $5; hi[$3] = $6 }
$1 == "M" { model[nmodel++] = $2; rules[$2] = $3 }
$1 == "E" { engine[neng++] = $2 }
$1 == "R" { rule[nrule++] = $2 }
$1 == "S" { signal[nsig++] = $2 }
$1 == "P" { policy[npol++] = $2 }
$1 == "D" { dparams[ndial++] = $3; np = split($3, ps, ",")
	for (i = 1; i <= np; i++) dflag[ps[i]] = 1 }
$1 == "L" { col[ncol++] = $2 }

# a uniform integer in [0, k)
function ri(k) { return int(rand() * k) }
function pick(a, k) { return a[ri(k)] }
function pickl(s,	a, k) { k = split(s, a, ","); return k ? a[ri(k) + 1] : "" }
function picks(s,	a, k) { k = split(s, a, ";"); return k ? a[ri(k) + 1] : "" }

# a number of about 1e-3 .. 1e3, of either sign when neg
function mag(neg,	v) {
	v = sprintf("%.6g", exp(log(10) * (rand() * 6 - 3)))
	return neg && rand() < 0.3 ? "-" v : v
}

# one wild draw per wild case: is this the one
function wild() {
	if (wild_left && rand() < 0.25) {
		wild_left = 0
		return 1
	}
	return 0
}

# an extreme value still in [l, h]: exercises the numerics
function extreme(l, h,	v, tries) {
	for (tries = 0; tries < 10; tries++) {
		v = pickl("1e100,1e100,-1e100,1e-300,1e-320,1e45,3e16,1e-200," \
		    "-1e-300,1e-100")
		if ((l == "" || v + 0 > l + 0) && (h == "" || v + 0 <= h + 0))
			return v
	}
	return l != "" ? l : 0
}

# an edge value of a number
function edge_number() {
	return pickl("0,-1,1e100,-1e100,1e101,1e-320,1e-300,5e-324,1e300," \
	    ",abc,nan,inf,-0,1e,0x10,1e99,-1e-320,2e100,1e-200,1e45,3e16")
}

# a valid value within [l, h] when they are given (numbers, text)
function in_range(l, h,	v) {
	if (l != "" && h != "" && h - l <= 1e3)
		return sprintf("%.6g", l + (h - l) * (0.01 + 0.98 * rand()))
	v = mag(l == "" || l < 0)
	if (l != "" && v + 0 <= l + 0)
		v = sprintf("%.6g", l + v * v)
	return v
}

# a count: a few, or an edge (not a million periods: resonance would run
# them, legitimately, for minutes)
function count_value(f,	v) {
	if (!wild()) {
		if (f == "--jobs")
			return 1 + ri(2)
		if (f == "--precision")
			return 1 + ri(17)
		if (f == "--dim")
			return 2 + ri(2)
		if (f == "--box2d-substeps" || f == "--max-substeps")
			return 1 + ri(8)
		return 1 + ri(f == "--frames" ? 200 : 20)
	}
	v = pickl("0,-1,9223372036854775807,9223372036854775808,2.5,,x," \
	    "1e6,3,1000000")
	return f == "--periods" && v == 1000000 ? 1000 : v
}

# a list of numbers for --zeta, --hz, --hw (or an edge)
function list_value(f,	k, s, i) {
	if (wild())
		return picks("a;b,,1,,2;1e100,1e-320;-1;0;0.1,0.2,;1,1e101;" \
		    "0.1:1:0.1;1e-200")
	k = 1 + ri(3); s = ""
	for (i = 0; i < k; i++)
		s = s (i ? "," : "") \
		    (f == "--zeta" ? sprintf("%.3g", rand() * 2) : mag(0))
	return s
}

# a value for a text flag, by what it takes
function text_value(f,	r) {
	r = rand()
	if (f == "--zeta" || f == "--hz" || f == "--hw") {
		if (wild())
			return picks("a,b;;1,,2;1e100;1e-320;-1;0;0.1,0.2,;" \
			    "1,1e101;1e-200;0.5")
		return list_value(f)
	}
	if (f == "--fail-if")
		return picks("max_err_x > 1;settle_time == inf;overshoot >= 0.1;" \
		    "diverged == 1;x >;;max_err_x > abc;nosuch < 1;" \
		    "energy_drift > 1e100")
	if (f == "--grid-from")
		return "@DIR@/" pickl("grid-uaf-dr.csv,grid-dt-integrator.csv," \
		    "grid-bad-header.csv,cr.csv,empty.csv,missing.csv,big.csv")
	if (f == "--shard")
		return picks("1/2;2/2;0/1;3/2;x;;1/0;1/1")
	if (f == "--match")
		return picks("modes;x;;all")
	if (f == "--q0")
		return picks("1,0,0,0;0,0,0,0;1,2;0.5,0.5,0.5,0.5;1e100,0,0,0;x")
	if (f == "--w0" || f == "--axis0" || f == "--target-axis")
		return picks("1,0,1;0,0,0;1e45,0,1;1e100,0,0;1,2;x;0,0,1;3,-2,5")
	if (f == "--grid")
		return picks("3x3;2x2;2000x1;0x3;x;4x1;1x1;3x3x3")
	if (f == "--particles")
		return picks("2;3;5;10;1;0;2000;-1;x")
	if (f == "--gravity")
		return picks("1;0,-9.8;0,-9.8,0;1e100;x;;-9.8")
	if (wild())
		return edge_number()
	if (rand() < (ext ? 0.5 : 0.08))
		return extreme(0, "")
	return mag(0)
}

# a value for a name flag: one of its registry's names, or not
function name_value(f) {
	if (wild())
		return pickl(",implict,reactspring,x,spring ,SPRING,-")
	if (f == "--model")
		return pick(model, nmodel)
	if (f == "--integrator" || f == "--source-a" || f == "--source-b")
		return pick(rule, nrule)
	if (f == "--engine")
		return pick(engine, neng)
	if (f == "--target-signal")
		return pick(signal, nsig)
	if (f == "--substep")
		return pick(policy, npol)
	if (f == "--signal-shape")
		return pickl("sine,square,triangle,x")
	if (f == "--target-vel-source")
		return pickl("signal,difference,zero")
	if (f == "--columns")
		return columns_value()
	if (f == "--target-file")
		return "@DIR@/" pickl("target.csv,target-vel.csv," \
		    "target-bad-number.csv,target-unsorted.csv,cr.csv,big.csv," \
		    "sub.csv,empty.csv,missing.csv")
	if (f == "--frames-from")
		return "@DIR@/" pickl("frames-dt.csv,frames-column.csv," \
		    "frames-negative.csv,frames-plain.txt,crdt.csv,bigdt.csv," \
		    "empty.csv,missing.csv")
	return pickl("x,1,spring")
}

function columns_value(	k, s, i) {
	k = 1 + ri(4); s = ""
	for (i = 0; i < k; i++)
		s = s (i ? "," : "") pick(col, ncol)
	return s
}

# a value for flag f of kind k
function value(f, k) {
	if (k == "switch")
		return "\001"
	if (f == "--output")
		return rand() < 0.9 ? "@OUT@" : pickl(",/nonexistent/x.csv,@DIR@")
	if (k == "count")
		return count_value(f)
	if (k == "hitch")
		return picks("0.5:0.1;0.1:0.5;0:1;1e100:1;x;;0.2:-1;1:1e-320")
	if (k == "range")
		return picks("0:1;1:0;-1:1;x;;1e100:1e101;0:0")
	if (k == "name")
		return name_value(f)
	if (k == "text")
		return text_value(f)
	if (wild())
		return edge_number()
	if (rand() < (ext ? 0.5 : 0.08))
		return extreme(lo[f], hi[f])
	if (f == "--duration")
		return sprintf("%.3g", rand() * 5)
	return in_range(lo[f], hi[f])
}

# does flag f belong to command c with model m, engine e
function belongs(f, c, m) {
	if (index(fcmds[f], "," c ","))
		return 1
	return fcmds[f] == ",," && runish[c] == "true" && m != "" && \
	    index(fmodels[f], "," m ",")
}

# a flag for command c, mostly one of c's own (its model's, its
# engine's knobs, a dialect's), sometimes any
function draw_flag(c, m, e,	f, i, tries) {
	if (wild())
		return rand() < 0.85 ? pick(fl, nfl) : \
		    pickl("--modle,--nosuch,-x,--,-,---frames,--frames=3")
	if (e != "" && rand() < 0.3)
		for (i = 0; i < nknob; i++)
			if (knobeng[i] == e)
				return knob[i]
	for (tries = 0; tries < 50; tries++) {
		f = pick(fl, nfl)
		if (belongs(f, c, m) && !(f in dflag) && f != "--zeta" &&
		    f != "--hz" && f != "--model" && f != "--engine")
			return f
	}
	return f
}

function add(s) { out = out (out == "" ? "" : us) s }
function add_pair(f, v) { add(f); add(v) }

# sweep's lists: a spring and a list of one of its parameters, or of
# rules, frame times
function sweep_lists(	r) {
	r = ri(4)
	if (r == 0) {
		add_pair("--omega", mag(0))
		add_pair("--zeta", list_value("--zeta"))
	} else if (r == 1)
		add_pair("--integrator", pick(rule, nrule) "," pick(rule, nrule))
	else if (r == 2)
		add_pair("--dt", mag(0) "," mag(0))
	else {
		add_pair("--uaf", mag(0) "," mag(0))
		add_pair("--dr", sprintf("%.3g", rand() * 2))
	}
}

# the flag f and its value
function add_flag(f,	v) {
	add(f)
	v = value(f, kind[f])
	if (v != "\001")
		add(v)
}

END {
	srand(seed)
	for (cs = 0; cs < n; cs++) {
		out = ""
		r = rand()
		if (r < 0.02) {
			add("help")
			if (rand() < 0.8)
				add(pickl(pickl("run,fps,sweep,tune,fit,x") "," \
				    pick(model, nmodel) "," pick(engine, neng) \
				    "," pick(rule, nrule)))
			print out us
			continue
		}
		if (r < 0.03) {
			add("list")
			if (rand() < 0.5)
				add(pickl("--json,--x,models,engines"))
			print out us
			continue
		}
		wild_left = rand() < 0.5
		ext = !wild_left && rand() < 0.4
		c = pick(cmds, ncmd)
		if (c != "run" || rand() < 0.5)
			add(c)
		m = ""; e = ""; targets = 0
		if (runish[c] == "true") {
			if (rand() < 0.35) {
				m = pick(model, nmodel)
				add("--model"); add(m)
				if (rand() < 0.5) {
					add("--integrator")
					add(pickl(rules[m]))
				}
			} else if (rand() < 0.3) {
				e = pick(engine, neng)
				add("--engine"); add(e)
			} else if (rand() < 0.3) {
				add("--integrator"); add(pick(rule, nrule))
			}
			if (c == "fps" && rand() < 0.6) {
				add("--duration"); add(sprintf("%.3g", rand() * 3))
			} else if (c != "resonance" && c != "fps" && rand() < 0.6) {
				add("--frames"); add(count_value("--frames"))
			}
			if (c == "fps")
				add_pair("--fps", wild() ? picks("0;x;1e100;30,1e-320;" \
				    "30,30;-60;") : picks("30,60;30;60,144;24,30,60,120"))
			if (c == "resonance")
				add_pair("--hz", list_value("--hz"))
			if (c == "sweep" && rand() < 0.7)
				sweep_lists()
			if (c == "tune" && rand() < 0.5) {
				targets = 1
				add_pair("--overshoot", wild() ? pickl("x,-1,1,") : \
				    pickl("0.1,0,0.5,1e-3,0.3,0.05"))
				add_pair("--settle", wild() ? pickl("1e-100,0,x,") : \
				    pickl("0.4,0.5,1,2,0.2,1e100"))
			} else if (c == "tune" && rand() < 0.5) {
				add("--max-stiffness")
				if (!m && !e && rand() < 0.9)
					add_pair("--integrator", pick(rule, nrule))
			}
			if (c != "tune" && c != "resonance" && rand() < 0.3)
				add("--metrics")
		}
		if (c == "fit")
			add("@DIR@/" pickl("fit.csv,fit.csv,fit-zeta0.csv,cr.csv," \
			    "big.csv,sub.csv,empty.csv,missing.csv,target.csv"))
		# a dialect's parameters, all of them
		dial = 0
		if (runish[c] != "" && c != "fit" && !targets && rand() < 0.5) {
			np = split(pick(dparams, ndial), ps, ",")
			for (i = 1; i <= np; i++)
				add_flag(ps[i])
			dial = 1
		}
		# resonance runs until the spring settles: a drawn spring may
		# take up to the work limit (minutes), so bound its settling
		if (c == "resonance" && (dial || rand() < 0.5))
			add_pair("--settle", sprintf("%.3g", rand() * 10))
		k = ri(4)
		for (i = 0; i < k; i++)
			add_flag(draw_flag(c, m, e))
		if (rand() < 0.5) {
			add("-o"); add("@OUT@")
		}
		print out us
	}
}
