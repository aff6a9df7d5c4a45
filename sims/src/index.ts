// The stand-ins as libraries, for tests that start them in-process (e2e/support/stack.ts); the launcher runs their
// main.ts files instead. Production code never imports this workspace (see production-boundary.test.ts).
export * from "./google/fake-google";
export * from "./payments/payment-emulator";
export * from "./mail/mail-sim";
