#!/usr/bin/env bats
# smoke.bats - the typical call, first: if this fails, start here.
load helpers

@test "the typical call prints a header and 62 rows (t = 0 and 61 frames)" {
	# 2 / 0.033 = 60.6..., not within 1e-9 of a whole number: ceil = 61
	# frames, plus the t = 0 row
	run "$SPRINGSIM" --model implicit --dt 0.033
	assert_success
	assert_line --index 0 't,x,v,target,x_ref,v_ref,err_x,err_v'
	[ "${#lines[@]}" -eq 63 ]
}
