// react-native.mjs - golden trajectories of React Native's Animated.spring
// (JS driver), as react-native-web 0.21.4 vendors it.
//
// node tests/engines/gen/react-native.mjs [OUTDIR]
//
// Drives the real Animated API of react-native-web 0.21.4
// (dist/cjs/exports/Animated): Animated.spring(new Animated.Value(x0),
// {..., useNativeDriver: false}).start(), which runs the vendored
// vendor/react-native/Animated/animations/SpringAnimation.js (React
// Native's Libraries/Animated/animations/SpringAnimation.js) and
// SpringConfig.js.  SpringAnimation reads Date.now() (whole ms, stubbed as
// tests/engines/README.md fixes it) and requests its frames with the global
// requestAnimationFrame (stubbed).  start() at wall time 0 runs its first
// onUpdate at once (t = 0); each frame then runs one.  v is the library's
// velocity (units/s); `done` is 1 from the frame on which the animation
// ends (the start callback, finished: true).
import { createRequire } from 'node:module';
import { clock, stubClocks, record, arg, startArgs, P1_RATES, main }
	from './common.mjs';

const require = createRequire(import.meta.url);
const W = 4 * Math.PI;

// stiffness k, damping c, mass m
const P = (name, fps, k, c, m, x0, target, v0 = 0, clamp = false) => ({
	name, fps, x0, target, v0, clamp,
	config: { stiffness: k, damping: c, mass: m },
	args: `--rn-stiffness ${arg(k)} --rn-damping ${arg(c)}` +
	    (m !== 1 ? ` --rn-mass ${arg(m)}` : '') + startArgs(x0, v0, target) +
	    (clamp ? ' --clamp' : ''),
});
// Origami bounciness and speed
const BS = (name, fps, b, s) => ({
	name, fps, x0: 0, target: 1, v0: 0, clamp: false,
	config: { bounciness: b, speed: s },
	args: `--rn-bounciness ${arg(b)} --rn-speed ${arg(s)}` + startArgs(0, 0, 1),
});
// Origami tension and friction
const TF = (name, fps, t, f) => ({
	name, fps, x0: 0, target: 1, v0: 0, clamp: false,
	config: { tension: t, friction: f },
	args: `--origami-tension ${arg(t)} --origami-friction ${arg(f)}` + startArgs(0, 0, 1),
});
// Animated.spring's rest thresholds set (restDisplacementThreshold,
// restSpeedThreshold), as springsim's --react-native-OPTION knobs
const R = (name, fps, disp, speed) => ({
	...P(name, fps, W * W, 2 * 0.3 * W, 1, 0, 1), dur: 3,
	opts: { restDisplacementThreshold: disp, restSpeedThreshold: speed },
	args: P(name, fps, W * W, 2 * 0.3 * W, 1, 0, 1).args +
	    ` --react-native-rest-displacement-threshold ${arg(disp)}` +
	    ` --react-native-rest-speed-threshold ${arg(speed)}`,
});
const cases = [
	...P1_RATES.map((fps) => P(`p1-${fps}`, fps, W * W, 2 * 0.3 * W, 1, 0, 1)),
	// over-damped zeta 2: React Native runs the critical formula at omega0
	P('over-60', 60, W * W, 2 * 2 * W, 1, 0, 1),
	// a start velocity (units/s) and a mass (omega 4 pi, zeta 0.3, mass 2)
	P('vel-60', 60, 2 * W * W, 2 * 0.3 * W * 2, 2, 0, 1, -5),
	// overshootClamping: ends at the first overshoot
	P('clamp-60', 60, W * W, 2 * 0.3 * W, 1, 0, 1, 0, true),
	P('clamp-down-60', 60, W * W, 2 * 0.3 * W, 1, 2, -1, 0, true),
	// React Native's defaults (tension 40, friction 7: stiffness 230.2,
	// damping 22), which settle and snap within the run
	TF('origami-60', 60, 40, 7),
	TF('origami-irregular', 'irregular', 40, 7),
	BS('bounciness-60', 60, 8, 12),
	BS('bounciness-30', 30, 14, 4),
	// coarse thresholds: rests (and snaps) early
	R('rest-coarse-60', 60, 0.05, 0.5),
	// a fine displacement with a coarse speed threshold, 144 fps
	R('rest-mixed-144', 144, 1e-5, 0.2),
];

async function runCase(c) {
	stubClocks();
	clock.t = 0;
	const mod = require('react-native-web/dist/cjs/exports/Animated/index.js');
	const Animated = mod.default ?? mod;
	const value = new Animated.Value(c.x0);
	let done = false;
	const config = Object.assign({ toValue: c.target, velocity: c.v0,
	    overshootClamping: c.clamp, useNativeDriver: false }, c.config,
	    c.opts ?? {});
	Animated.spring(value, config).start(({ finished }) => { done = finished; });
	return record(c, () => ({ x: value.__getValue(),
	    v: done ? 0 : value._animation._lastVelocity, done }));
}

await main(import.meta.url, 'react-native', 'react-native-web 0.21.4 Animated.spring, vendored SpringAnimation.js', cases, runCase);
