// Issue 17: zod 4 probes `new Function` for its compiled parsers, which the Content Security
// Policy (no 'unsafe-eval') blocks and reports. zod reads this global config when it loads;
// this classic script runs before the deferred module bundle, so every schema is built jitless.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
