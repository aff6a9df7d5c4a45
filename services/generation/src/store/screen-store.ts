import { randomBytes } from "node:crypto";
import type { Redis } from "@genui/chassis";
import { z } from "zod";
import type { ChatTurn } from "../domain/messages";

/**
 * Screens shown through the MCP server, kept so a user's action (or the model's edit) can continue from them: each
 * answer is a new screen with an id of its own that names the conversation it came from (the turns a next request
 * needs). Screens never change once written, so two actions on one screen cannot overwrite each other: each leads to
 * a screen of its own. Kept under the app's id (another app's id finds nothing) for `ttlSeconds` in Redis, which the
 * API processes share; the longest conversation kept is `maxTurns` turns (the oldest go first).
 */
export interface StoredScreen {
  id: string;
  appId: string;
  /** 1 for a screen `show_ui` started; one more for each edit or action after it. */
  version: number;
  /** The screen it continued from, if any. */
  parentId: string | null;
  json: unknown;
  code: string;
  turns: ChatTurn[];
  createdAt: string;
}

/** What is read back from Redis, checked (a record another version wrote, or a damaged one, is no screen). */
const Stored = z.object({
  id: z.string(),
  appId: z.string(),
  version: z.number().int().min(1),
  parentId: z.string().nullable(),
  json: z.unknown(),
  code: z.string(),
  turns: z.array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string() })),
  createdAt: z.string(),
});

/** Screen ids: "scr_" and 22 characters of base64url (128 random bits). */
export const SCREEN_ID_PATTERN = /^scr_[A-Za-z0-9_-]{22}$/;

export class ScreenStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    private readonly maxTurns: number,
  ) {}

  private key(appId: string, id: string): string {
    return `${this.prefix}mcp:screen:${appId}:${id}`;
  }

  /** The app's screen with this id, or undefined (unknown, expired, another app's, or not an id at all). */
  async get(appId: string, id: string): Promise<StoredScreen | undefined> {
    if (!SCREEN_ID_PATTERN.test(id)) return undefined;
    const raw = await this.redis.get(this.key(appId, id));
    if (!raw) return undefined;
    const parsed = Stored.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.appId === appId ? (parsed.data as StoredScreen) : undefined;
  }

  /** Deletes every screen of an app (it was deleted); answers how many went. */
  async deleteApp(appId: string): Promise<number> {
    let cursor = "0";
    let n = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, "MATCH", this.key(appId, "*"), "COUNT", 500);
      cursor = next;
      if (keys.length) n += await this.redis.unlink(...keys);
    } while (cursor !== "0");
    return n;
  }

  /** Keeps a new screen (its conversation trimmed to the newest turns) and answers it with its id. */
  async add(appId: string, screen: Omit<StoredScreen, "id" | "appId" | "createdAt">): Promise<StoredScreen> {
    const stored: StoredScreen = {
      ...screen,
      id: `scr_${randomBytes(16).toString("base64url")}`,
      appId,
      turns: screen.turns.slice(-this.maxTurns),
      createdAt: new Date().toISOString(),
    };
    await this.redis.set(this.key(appId, stored.id), JSON.stringify(stored), "EX", this.ttlSeconds);
    return stored;
  }
}
