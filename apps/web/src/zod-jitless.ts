/**
 * zod 4 probes `new Function` to compile its parsers, which the Content Security Policy (no
 * 'unsafe-eval') blocks and reports. zod reads this global config when its schemas are
 * built; zod is never in the entry's static imports (visitors do not load it at all,
 * asserted by e2e/landing-weight.spec.ts), so setting it first thing here is early enough.
 */
const config = globalThis as { __zod_globalConfig?: Record<string, unknown> };
config.__zod_globalConfig = { ...config.__zod_globalConfig, jitless: true };
