# svgtext.awk - the texts of a gnuplot SVG that leave the canvas or cover
# one another, one line each; nothing when every text fits.
#
# gnuplot writes each text as <g transform="translate(X,Y) [rotate(A)]"
# ... font-size="F" ... text-anchor="start|middle|end"> then <text>..</text>
# lines.  A text's box is estimated: 0.65 F a character wide (the widest
# average advance of the sans fonts pngcairo and browsers use, measured on
# the PNGs: 6.3 px a character at 10 pt), from 0.9 F above the baseline to
# 0.3 F below; a rotated text (the y label) is the same box turned.  The
# estimate is coarse but errs wide, so a text that fits here fits in the
# PNG; plots.bats runs it on every script's SVG at the default size.
BEGIN { n = 0 }
/<svg/ { insvg = 1 }
insvg && /width="[0-9]+" height="[0-9]+"/ && W == "" {
	match($0, /width="[0-9]+"/); W = substr($0, RSTART + 7, RLENGTH - 8) + 0
	match($0, /height="[0-9]+"/); H = substr($0, RSTART + 8, RLENGTH - 9) + 0
}
/<g transform="translate\(/ {
	s = $0; sub(/.*<g transform="translate\(/, "", s)
	split(s, xy, /[,)]/); gx = xy[1] + 0; gy = xy[2] + 0
	rot = (s ~ /rotate\((-90|270)\)/)
	f = 10; if (match(s, /font-size="[0-9.]+"/)) f = substr(s, RSTART + 11, RLENGTH - 12) + 0
	anchor = "start"; if (match(s, /text-anchor="[a-z]+"/)) anchor = substr(s, RSTART + 13, RLENGTH - 14)
	ingroup = 1; next
}
ingroup && /<\/g>/ { ingroup = 0; next }
ingroup && /<text>/ {
	t = $0; gsub(/<[^>]*>/, "", t); gsub(/^[ \t]+|[ \t]+$/, "", t)
	gsub(/&[a-z]+;|&#[0-9]+;/, "x", t)
	if (t == "") next
	w = 0.65 * f * length(t)
	if (anchor == "middle") { a = -w / 2; b = w / 2 }
	else if (anchor == "end") { a = -w; b = 0 }
	else { a = 0; b = w }
	if (rot) { x0 = gx - 0.9 * f; x1 = gx + 0.3 * f; y0 = gy - b; y1 = gy - a }
	else { x0 = gx + a; x1 = gx + b; y0 = gy - 0.9 * f; y1 = gy + 0.3 * f }
	n++; X0[n] = x0; X1[n] = x1; Y0[n] = y0; Y1[n] = y1; T[n] = t
}
END {
	for (i = 1; i <= n; i++) {
		if (X0[i] < 0 || X1[i] > W || Y0[i] < 0 || Y1[i] > H)
			printf "outside the %dx%d canvas: \"%s\" (x %.0f to %.0f, y %.0f to %.0f)\n", W, H, T[i], X0[i], X1[i], Y0[i], Y1[i]
		for (j = i + 1; j <= n; j++)
			if (X0[i] < X1[j] && X0[j] < X1[i] && Y0[i] < Y1[j] && Y0[j] < Y1[i])
				printf "overlap: \"%s\" and \"%s\"\n", T[i], T[j]
	}
}
