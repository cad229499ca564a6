// common-reanimated-hooks.mjs - node module hooks that let
// gen/reanimated.mjs load react-native-reanimated's compiled spring code
// (lib/module, ESM without "type": "module" and with extensionless
// imports such as '../util') with the smallest stubs: common/index.js
// (only its logger is used: checkIfConfigIsValid's warning) and
// ReducedMotion.js (the system's reduce-motion setting: off).  Not a
// generator: the Makefile and engines.bats skip common*.mjs.
const LIB = '/react-native-reanimated/lib/module/';

const STUBS = {
	'common/index.js': 'export const logger = { warn() {}, error() {}, ' +
	    'log() {}, info() {}, debug() {} };\n',
	'ReducedMotion.js': 'export const ReducedMotionManager = ' +
	    '{ jsValue: false, uiValue: { value: false }, ' +
	    'setEnabled() {} };\n',
};

// An extensionless relative import inside lib/module is the .js file.
export async function resolve(specifier, context, next) {
	if (context.parentURL?.includes(LIB) && specifier.startsWith('.') &&
	    !specifier.endsWith('.js'))
		return next(specifier + '.js', context);
	return next(specifier, context);
}

// lib/module's files are ES modules; the two stubbed ones replaced.
export async function load(url, context, next) {
	const i = url.indexOf(LIB);
	if (i < 0)
		return next(url, context);
	const rel = url.slice(i + LIB.length);
	if (rel in STUBS)
		return { format: 'module', source: STUBS[rel],
		    shortCircuit: true };
	const r = await next(url, { ...context, format: 'module' });
	return { ...r, format: 'module' };
}
