#!/usr/bin/env bats
# smoke.bats - placeholder until the CLI suites land.
load helpers

@test "the typical call prints a header and 62 rows (t = 0 and 61 frames)" {
	run "$SPRINGSIM" --model implicit --dt 0.033
	assert_success
	assert_line --index 0 't,x,v,target,x_ref,v_ref,err_x,err_v'
	[ "${#lines[@]}" -eq 63 ]
}
