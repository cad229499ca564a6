#!/usr/bin/env bats
# dialects.bats - the other libraries' parameter groups: each gives the
# omega and zeta of its documented formula for the values its library
# publishes (worked out in awk here), run and convert accept every one of
# them, a spring printed by convert reads back through each dialect, and
# their flags are checked strictly (exit 2, one line naming flag and value).
bats_require_minimum_version 1.5.0
load helpers

# kv KEY - the value of KEY in convert's key=value output in $OUT.
kv() {
	awk -F= -v k="$1" '$1 == k { print $2 }' "$OUT"
}

@test "published values: each dialect's omega and zeta by its documented formula" {
	# ARGS | omega | zeta  (awk expressions; the sources are in the comments)
	omega_zeta_table <<-'EOF'
	--swiftui-response 0.5 --swiftui-damping-fraction 0.825|2 * pi / 0.5|0.825
	--swiftui-duration 0.5 --swiftui-bounce 0|2 * pi / 0.5|1
	--swiftui-duration 0.5 --swiftui-bounce 0.3|2 * pi / 0.5|0.7
	--swiftui-duration 2 --swiftui-bounce -0.5|pi|2
	--android-stiffness 1500 --android-damping-ratio 0.5|sqrt(1500)|0.5
	--android-stiffness 10000 --android-damping-ratio 0.2|100|0.2
	--unity-smooth-time 0.3|2 / 0.3|1
	--react-tension 170 --react-friction 26|sqrt(170)|26 / (2 * sqrt(170))
	--react-tension 120 --react-friction 14|sqrt(120)|14 / (2 * sqrt(120))
	--react-tension 180 --react-friction 12|sqrt(180)|12 / (2 * sqrt(180))
	--react-tension 210 --react-friction 20|sqrt(210)|20 / (2 * sqrt(210))
	--react-tension 280 --react-friction 60|sqrt(280)|60 / (2 * sqrt(280))
	--react-tension 280 --react-friction 120|sqrt(280)|120 / (2 * sqrt(280))
	--react-frequency 0.5 --react-damping-ratio 1|4 * pi|1
	--motion-stiffness 100 --motion-damping 10|10|0.5
	--motion-duration 0.8 --motion-bounce 0.3|log(0.7 / (0.001 * sqrt(0.51))) / (0.7 * 0.8)|0.7
	--motion-visual-duration 0.3 --motion-bounce 0.3|2 * pi / 0.36|0.7
	--rebound-tension 230.2 --rebound-friction 22|sqrt(230.2)|22 / (2 * sqrt(230.2))
	--origami-tension 40 --origami-friction 7|sqrt(230.2)|22 / (2 * sqrt(230.2))
	--box2d-hertz 30 --box2d-damping-ratio 10|60 * pi|10
	--box2d-hertz 60 --box2d-damping-ratio 2|120 * pi|2
	EOF
	# (SwiftUI's documented defaults; Android's STIFFNESS_MEDIUM and
	# DAMPING_RATIO_MEDIUM_BOUNCY; Unity's example smoothTime; react-spring's
	# presets default, gentle, wobbly, stiff, slow, molasses; Motion's
	# springDefaults; Rebound's default Origami (40, 7) = (230.2, 22);
	# Box2D's b2DefaultWorldDef contact and joint softness.)
}

@test "Motion's duration with bounce 0 is critical: (1 + omega D) e^(-omega D) = 0.001" {
	identity --motion-duration 0.8 --motion-bounce 0
	assert_near "$ZETA" 1 0 zeta
	assert_near "$(awk -v w="$OMEGA" 'BEGIN { u = w * 0.8; printf "%.17g", (1 + u) * exp(-u) }')" 0.001 1e-12 "the envelope"
}

@test "a library's mass flag is the mass; --mass works too; both at once is an error" {
	identity --react-tension 200 --react-friction 10 --react-mass 2
	assert_near "$OMEGA" 10 1e-15 omega
	assert_near "$ZETA" 0.25 1e-15 zeta
	assert_near "$MASS" 2 0 mass
	identity --react-tension 200 --react-friction 10 --mass 2
	assert_near "$OMEGA" 10 1e-15 "omega with --mass"
	assert_near "$MASS" 2 0 "mass with --mass"
	identity --motion-stiffness 200 --motion-damping 10 --motion-mass 2
	assert_near "$OMEGA" 10 1e-15 "motion omega"
	assert_near "$MASS" 2 0 "motion mass"
	# react-spring's frequency: the mass cancels out of the motion
	identity --react-frequency 0.5 --react-damping-ratio 0.4 --react-mass 3
	assert_near "$OMEGA" "$(calc '4 * pi')" 1e-15 "frequency omega"
	assert_near "$ZETA" 0.4 1e-15 "frequency zeta"
	assert_near "$MASS" 3 0 "frequency mass"
	assert_usage_error --react-mass --mass -- --react-tension 1 --react-friction 1 --react-mass 2 --mass 2
	assert_usage_error --motion-mass --mass -- --motion-stiffness 1 --motion-damping 1 --mass 2 --motion-mass 2
}

@test "every dialect reads back the spring convert prints, to 1e-12" {
	local groups g args w z s k
	groups='swiftui_response,swiftui_damping_fraction
swiftui_duration,swiftui_bounce
android_stiffness,android_damping_ratio
react_tension,react_friction,react_mass
react_frequency,react_damping_ratio,react_mass
motion_stiffness,motion_damping,motion_mass
motion_duration,motion_bounce
motion_visual_duration,motion_bounce
rebound_tension,rebound_friction
origami_tension,origami_friction
box2d_hertz,box2d_damping_ratio'
	for s in "--uaf 60 --dr 0.3" "--stiffness 500 --damping 30 --mass 2" "--halflife 0.2 --frequency 3"; do
		# shellcheck disable=SC2086
		sim convert $s
		assert_status 0
		cp "$OUT" "$BATS_TEST_TMPDIR/spring"
		w=$(kv omega)
		z=$(kv zeta)
		while read -r g; do
			args=
			for k in ${g//,/ }; do
				args="$args --${k//_/-} $(awk -F= -v k="$k" '$1 == k { print $2 }' "$BATS_TEST_TMPDIR/spring")"
			done
			# shellcheck disable=SC2086
			identity $args
			assert_near "$OMEGA" "$w" 1e-12 "omega through $args"
			assert_near "$ZETA" "$z" 1e-12 "zeta through $args"
		done <<<"$groups"
	done
	# Unity is critical only
	sim convert --uaf 7 --dr 1
	identity --unity-smooth-time "$(kv unity_smooth_time)"
	assert_near "$OMEGA" 7 1e-14 "omega through unity"
}

@test "run and convert accept every dialect; springsim list names each group" {
	local g
	for g in "--swiftui-response 1 --swiftui-damping-fraction 0.5" \
	    "--swiftui-duration 1 --swiftui-bounce 0.2" \
	    "--android-stiffness 100 --android-damping-ratio 0.5" \
	    "--unity-smooth-time 0.5" "--react-tension 100 --react-friction 5" \
	    "--react-frequency 1 --react-damping-ratio 0.5" \
	    "--motion-stiffness 100 --motion-damping 5" \
	    "--motion-duration 1 --motion-bounce 0.2" \
	    "--motion-visual-duration 1 --motion-bounce 0.2" \
	    "--rebound-tension 100 --rebound-friction 5" \
	    "--origami-tension 40 --origami-friction 7" \
	    "--box2d-hertz 2 --box2d-damping-ratio 0.5"; do
		# shellcheck disable=SC2086
		sim $g --frames 2
		assert_status 0
		# shellcheck disable=SC2086
		sim convert $g
		assert_status 0
	done
	sim list
	for g in "--swiftui-response and --swiftui-damping-fraction" \
	    "--swiftui-duration and --swiftui-bounce" \
	    "--android-stiffness and --android-damping-ratio" \
	    "--unity-smooth-time" \
	    "--react-tension and --react-friction (optional --react-mass)" \
	    "--react-frequency and --react-damping-ratio (optional --react-mass)" \
	    "--motion-stiffness and --motion-damping (optional --motion-mass)" \
	    "--motion-duration and --motion-bounce" \
	    "--motion-visual-duration and --motion-bounce" \
	    "--rebound-tension and --rebound-friction" \
	    "--origami-tension and --origami-friction" \
	    "--box2d-hertz and --box2d-damping-ratio"; do
		grep -qF -- "$g" "$OUT" || fail_with "list does not show: $g"
	done
}

@test "run --help gives every dialect flag with its formula and source, and the two half-lives" {
	local f
	sim run --help
	for f in --swiftui-response --swiftui-damping-fraction --swiftui-duration \
	    --swiftui-bounce --android-stiffness --android-damping-ratio \
	    --unity-smooth-time --react-tension --react-friction --react-mass \
	    --react-frequency --react-damping-ratio --motion-stiffness \
	    --motion-damping --motion-mass --motion-duration --motion-bounce \
	    --motion-visual-duration --rebound-tension --rebound-friction \
	    --origami-tension --origami-friction --box2d-hertz \
	    --box2d-damping-ratio; do
		grep -qE -- "$f( |\$)" "$OUT" || fail_with "--help does not mention $f"
	done
	for f in 'SwiftUI' 'Android SpringForce' 'Unity Mathf.SmoothDamp' \
	    'react-spring' 'Motion findSpring' 'Facebook Rebound' \
	    'OrigamiValueConverter' 'Box2D b2MakeSoft' '(T - 30) 3.62 + 194' \
	    'omega = 2 pi / (1.2 V)' 'Two half-lives' 'H / 2'; do
		grep -qF -- "$f" "$OUT" || fail_with "--help does not say: $f"
	done
}

@test "dialect values out of range: exit 2, one line naming the flag and the value" {
	local flag val args
	while IFS='|' read -r flag val args; do
		# shellcheck disable=SC2086
		assert_usage_error "$flag" "'$val'" -- $args
	done <<-'EOF'
	--swiftui-response|0|--swiftui-response 0 --swiftui-damping-fraction 1
	--swiftui-damping-fraction|-0.1|--swiftui-response 1 --swiftui-damping-fraction -0.1
	--swiftui-duration|-1|--swiftui-duration -1 --swiftui-bounce 0
	--swiftui-bounce|-1|--swiftui-duration 1 --swiftui-bounce -1
	--swiftui-bounce|1.5|--swiftui-duration 1 --swiftui-bounce 1.5
	--android-stiffness|0|--android-stiffness 0 --android-damping-ratio 1
	--android-damping-ratio|-1|--android-stiffness 1 --android-damping-ratio -1
	--unity-smooth-time|0|--unity-smooth-time 0
	--unity-smooth-time|0.00005|--unity-smooth-time 0.00005
	--react-tension|0|--react-tension 0 --react-friction 1
	--react-friction|-1|--react-tension 1 --react-friction -1
	--react-mass|0|--react-tension 1 --react-friction 1 --react-mass 0
	--react-frequency|0.001|--react-frequency 0.001 --react-damping-ratio 1
	--react-damping-ratio|-0.5|--react-frequency 1 --react-damping-ratio -0.5
	--motion-stiffness|-3|--motion-stiffness -3 --motion-damping 1
	--motion-damping|-1|--motion-stiffness 1 --motion-damping -1
	--motion-mass|0|--motion-stiffness 1 --motion-damping 1 --motion-mass 0
	--motion-duration|20|--motion-duration 20 --motion-bounce 0.2
	--motion-duration|0.001|--motion-duration 0.001 --motion-bounce 0.2
	--motion-bounce|1|--motion-duration 1 --motion-bounce 1
	--motion-bounce|-0.96|--motion-visual-duration 1 --motion-bounce -0.96
	--motion-visual-duration|0|--motion-visual-duration 0 --motion-bounce 0.2
	--rebound-tension|0|--rebound-tension 0 --rebound-friction 1
	--rebound-friction|-1|--rebound-tension 1 --rebound-friction -1
	--origami-tension|0|--origami-tension 0 --origami-friction 7
	--origami-friction|-1|--origami-tension 40 --origami-friction -1
	--box2d-hertz|0|--box2d-hertz 0 --box2d-damping-ratio 1
	--box2d-damping-ratio|-1|--box2d-hertz 1 --box2d-damping-ratio -1
	--react-tension|abc|--react-tension abc --react-friction 1
	--box2d-hertz|1e999|--box2d-hertz 1e999 --box2d-damping-ratio 1
	EOF
	# convert checks them the same way
	assert_usage_error --motion-bounce "'1'" -- convert --motion-duration 1 --motion-bounce 1
}

@test "a partial dialect group names its missing partners; two groups name both" {
	local need args
	while IFS='|' read -r need args; do
		# shellcheck disable=SC2086
		assert_usage_error "$need" -- $args
	done <<-'EOF'
	--swiftui-response needs --swiftui-damping-fraction|--swiftui-response 1
	--swiftui-bounce needs --swiftui-duration|--swiftui-bounce 0.1
	--android-stiffness needs --android-damping-ratio|--android-stiffness 10
	--motion-bounce needs --motion-duration or --motion-visual-duration|--motion-bounce 0.3
	--react-mass needs --react-tension and --react-friction or --react-frequency and --react-damping-ratio|--react-mass 2
	--react-tension and --react-mass need --react-friction|--react-tension 1 --react-mass 2
	--origami-friction needs --origami-tension|--origami-friction 7
	--box2d-hertz needs --box2d-damping-ratio|--box2d-hertz 1
	--unity-smooth-time and --motion-duration|--unity-smooth-time 1 --motion-duration 1
	--uaf, --dr and --unity-smooth-time|--uaf 1 --dr 1 --unity-smooth-time 1
	EOF
}

@test "every group whose flags convert prints reads convert's values back to its spring" {
	local name flags args key val tol n=0
	sim convert --omega 7 --zeta 0.4
	cp "$OUT" "$BATS_TEST_TMPDIR/spring"
	sim list
	# the conventions' lines: name, then its flags up to the source
	sed -n '/^parameter conventions/,/^[a-z]/{/^  /p}' "$OUT" |
	    sed 's/ (optional [^)]*)//; s/  \[.*//' >"$BATS_TEST_TMPDIR/groups"
	while read -r name flags; do
		args=
		for key in $(printf '%s\n' "$flags" | grep -oE -- '--[a-z0-9-]+'); do
			val=$(awk -F= -v k="$(printf '%s' "${key#--}" | tr - _)" \
			    '$1 == k { print $2 }' "$BATS_TEST_TMPDIR/spring")
			[ -n "$val" ] || continue 2	# not printed: not this test's
			args="$args $key $val"
		done
		# unreal-smoothing is critical only: the smoothing time
		# convert prints is SpringDamperSmoothing's (any zeta)
		[ "$name" = unreal-smoothing ] && continue
		# anime.js rounds to 3 decimals, Flutter to whole ms
		case $name in anime-duration|flutter-duration) tol=1e-3 ;; *) tol=1e-9 ;; esac
		# shellcheck disable=SC2086
		sim convert $args
		assert_status 0
		awk -F= -v tol="$tol" -v g="$name" '
		    $1 == "omega" { w = $2 } $1 == "zeta" { z = $2 }
		    END {
			if (w - 7 > 7 * tol || 7 - w > 7 * tol ||
			    z - 0.4 > 0.4 * tol || 0.4 - z > 0.4 * tol) {
				print g ": omega " w ", zeta " z; exit 1
			}
		    }' "$OUT" || fail_with "$name does not read back"
		n=$((n + 1))
	done <"$BATS_TEST_TMPDIR/groups"
	# 34 less uaf/dr, halflife/dr, stiffness/dr, hz/dr (no uaf or dr
	# key), unity (zeta 0.4 is not critical), rn-bounciness (no inverse)
	[ "$n" -ge 27 ] || fail_with "only $n groups read back"
}
