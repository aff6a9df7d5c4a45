import { parseArgs } from "node:util";
import { SAMPLE_UI_CODE, startFakeOpenAI } from "./fake-openai";

/**
 * The fake upstream as a process, for benchmarks and manual runs: serves one fixed answer (a small UI code program in
 * `--chunks` pieces, `--delay-ms` apart) to every request until SIGTERM or SIGINT.
 *   node packages/testkit/dist/src/fake-openai-main.js --port 8199 [--chunks 20] [--delay-ms 0] [--code "<ui code>"]
 */

function fail(message: string): never {
  console.error(`fake-openai: ${message}`);
  process.exit(2);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8199" },
      host: { type: "string", default: "127.0.0.1" },
      chunks: { type: "string", default: "20" },
      "delay-ms": { type: "string", default: "0" },
      code: { type: "string" },
      model: { type: "string", default: "fake-model" },
    },
  });
  const port = Number(values.port);
  const chunks = Number(values.chunks);
  const delayMs = Number(values["delay-ms"]);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, got ${values.port}`);
  if (!Number.isInteger(chunks) || chunks < 1) fail(`--chunks must be a positive integer, got ${values.chunks}`);
  if (!Number.isFinite(delayMs) || delayMs < 0) fail(`--delay-ms must be a non-negative number, got ${values["delay-ms"]}`);

  const server = await startFakeOpenAI({
    port,
    host: values.host,
    models: [values.model],
    record: false,
    defaultAnswer: { content: values.code ?? SAMPLE_UI_CODE, chunks, delayMs },
  });
  process.stdout.write(`listening ${server.url}\n`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
