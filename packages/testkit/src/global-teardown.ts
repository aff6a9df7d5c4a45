export default async function globalTeardown(): Promise<void> {
  const stop = globalThis.__GENUI_TEST_INFRA_TEARDOWN__;
  globalThis.__GENUI_TEST_INFRA_TEARDOWN__ = undefined;
  if (stop) await stop();
}
