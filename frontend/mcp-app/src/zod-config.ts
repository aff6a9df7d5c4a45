import { config } from "zod/v4";

// zod compiles object parsers with `new Function` when it may: it tries once, and a host's sandbox (no 'unsafe-eval'
// in the CSP a host gives a resource) refuses and reports the attempt as a violation. The page never needs it: every
// schema here (the SDK's protocol messages, the screen JSON) parses without compiling. Imported first by main.tsx, so
// it is set before anything parses.
config({ jitless: true });
