// zod compiles object parsers with `new Function` when it may: it probes once, when the first object schema is built,
// and the SPA's Content Security Policy (no 'unsafe-eval') refuses and reports the probe as a violation. The pages
// never need it (the theme check, the component catalogue and the screen schema parse without compiling). zod keeps
// its settings on globalThis (`__zod_globalConfig`, which its `config()` writes and every copy of zod reads), so this
// sets `jitless` without bringing zod into the first page. Imported first by main.tsx, before any chunk builds a schema.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
