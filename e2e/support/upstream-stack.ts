import { startFakeOpenAI, type FakeOpenAI } from "@genui/testkit";
import {
  OpenAIUpstreamProvider,
  type OpenAIUpstreamOptions,
} from "../../services/generation/src/worker/providers/openai-upstream";
import { startStack, type Stack } from "./stack";

/**
 * The platform with one generation worker whose model is a scripted OpenAI-compatible upstream over real HTTP (the
 * fake answers what a test queues). `provider` adds to the upstream client's options, `workerEnv` to the worker's.
 */
export async function startUpstreamStack(
  opts: { provider?: Partial<OpenAIUpstreamOptions>; workerEnv?: Record<string, string> } = {},
): Promise<{ stack: Stack; fake: FakeOpenAI }> {
  const fake = await startFakeOpenAI();
  const stack = await startStack({ generation: { workers: 0 } });
  await stack.addWorker(
    new OpenAIUpstreamProvider({ baseURL: fake.url, apiKey: "none", model: "fake-model", timeoutMs: 5_000, ...opts.provider }),
    opts.workerEnv ?? {},
  );
  return { stack, fake };
}
