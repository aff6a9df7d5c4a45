import { createLogger, type MessageBus } from "@genui/chassis";
import { AppTemplates } from "./app-templates";

/** apps' answers to `apps.templates.list_published`; `release` lets the held answers go. */
function fakeApps() {
  const asked: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const bus = {
    request: async (_cmd: unknown, req: { appId: string; ownerId: string }) => {
      asked.push(`${req.ownerId}/${req.appId}`);
      await gate;
      return { templates: [{ name: "Card", description: "A card.", code: `card("${req.ownerId}")` }] };
    },
  } as unknown as MessageBus;
  return { bus, asked, release };
}

describe("an app's published templates as generation reads them", () => {
  it("when a burst of requests finds no list kept, then apps is asked once per app and owner, and the list is kept", async () => {
    const apps = fakeApps();
    const templates = new AppTemplates(apps.bus, createLogger("test", "silent"));
    const burst = Array.from({ length: 300 }, () => templates.owned("app-1", "owner-1"));
    const other = templates.owned("app-1", "owner-2");
    await Promise.resolve();
    expect(apps.asked).toEqual(["owner-1/app-1", "owner-2/app-1"]);
    apps.release();
    for (const list of await Promise.all(burst))
      expect(list).toEqual([{ name: "Card", description: "A card.", code: 'card("owner-1")' }]);
    expect((await other)[0]!.code).toBe('card("owner-2")');
    await templates.owned("app-1", "owner-1");
    expect(apps.asked).toHaveLength(2);
  });
});
