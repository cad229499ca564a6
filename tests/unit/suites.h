/*
 * suites.h - one function per unit-test suite, each in its own file; main.c
 * runs them by name from its table (build/unit-tests NAME, --list).
 */
#ifndef SUITES_H
#define SUITES_H
void test_exact(void);		/* test_exact.c: closed forms, reference */
void test_params(void);		/* test_params.c: conventions */
void test_rules(void);		/* test_rules.c: first steps, orders */
void test_metrics(void);	/* test_metrics.c: metric definitions */
void test_numfmt(void);		/* test_numfmt.c: round-trip formatting */
void test_parse(void);		/* test_parse.c: strict number parsing */
void test_paramplan(void);	/* test_paramplan.c: the sweep's resolve */
void test_rowcache(void);	/* test_rowcache.c: a sweep row's cells copied */
void test_frame(void);		/* test_frame.c: substep policies, clock */
void test_signal(void);		/* test_signal.c: target signals, reference */
void test_analyze(void);	/* test_analyze.c: stability, grids */
void test_dialects(void);	/* test_dialects.c: other libraries, convert */
void test_batch(void);		/* test_batch.c: batch runs equal single ones */
void test_models(void);		/* test_models.c: dampers, double, critical */
void test_resonance(void);	/* test_resonance.c: sine drive, peaks, Holden */
void test_system(void);		/* test_system.c: pair, angular, rope, limits */
void test_network(void);	/* test_network.c: 2-D/3-D systems, mesh */
void test_rotation(void);	/* test_rotation.c: quaternion spring */
void test_library(void);	/* test_library.c: no CLI flags, tile widths */
void test_easing(void);	/* test_easing.c: CSS linear() chords */
void test_tune(void);		/* test_tune.c: targets, modes matching */
void test_tables(void);		/* test_tables.c: the CLI's flag and model tables */
void test_engine_js_a(void);	/* test_engine_js_a.c: react-spring, motion,
				 * popmotion, wobble, rebound vs goldens */
void test_engine_js_b(void);	/* test_engine_js_b.c: react-motion, motion-one,
				 * svelte, anime, react-native vs golden */
void test_engine_reanimated(void);	/* test_engine_reanimated.c: reanimated
				 * vs golden */
void test_engine_unreal(void);	/* test_engine_unreal.c: unreal-* engines */
void test_engine_native(void);	/* test_engine_native.c: unity .. box2d engines */
void test_engine_remotion(void);	/* test_engine_remotion.c */
#endif
