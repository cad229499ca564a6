/*
 * abi.c - the stable core's ABI, for SPRING_ABI_CHECK() (spring.h): the
 * library's SPRING_ABI and its own sizes of the structs a caller
 * allocates, against the caller's.
 */
#include "spring.h"

/* See spring.h. */
int
spring_abi(void)
{
	return SPRING_ABI;
}

/* See spring.h: every size as the library has it, and the same ABI. */
int
spring_abi_check(int abi, size_t params, size_t rule, size_t stepper,
    size_t sim, size_t engine_setup, size_t engine_state, size_t metrics,
    size_t reference, size_t conventions)
{
	if (abi != SPRING_ABI || params != sizeof(spring_params) ||
	    rule != sizeof(spring_rule) || stepper != sizeof(spring_stepper) ||
	    sim != sizeof(spring_sim) ||
	    engine_setup != sizeof(spring_engine_setup) ||
	    engine_state != sizeof(spring_engine_state) ||
	    metrics != sizeof(spring_metrics) ||
	    reference != sizeof(spring_reference) ||
	    conventions != sizeof(spring_conventions))
		return -1;
	return 0;
}
