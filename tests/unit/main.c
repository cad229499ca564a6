/*
 * main.c - runs every unit-test suite and prints the closing count.
 */
#include <stdio.h>

#include "check.h"
#include "suites.h"

int check_passed, check_failed;

int
main(void)
{
	test_exact();
	test_params();
	test_rules();
	test_metrics();
	test_numfmt();
	test_parse();
	test_paramplan();
	test_rowcache();
	test_frame();
	test_signal();
	test_analyze();
	test_dialects();
	test_batch();
	test_models();
	test_resonance();
	test_system();
	test_network();
	test_rotation();
	test_library();
	test_tables();
	test_tune();
	test_engine_js_a();
	test_engine_js_b();
	test_engine_native();
	printf("unit: %d passed, %d failed\n", check_passed, check_failed);
	return check_failed != 0;
}
