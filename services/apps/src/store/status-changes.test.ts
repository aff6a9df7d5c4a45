import { StatusChanges } from "./status-changes";

const at = (iso: string) => new Date(iso);

describe("status changes heard before they are stored", () => {
  it("when nothing was heard of an app, then no record of it is behind", () => {
    expect(new StatusChanges().behindRecord({ _id: "app-1", statusAt: at("2026-01-01T00:00:00Z") })).toBe(false);
  });

  it("when a change was heard, then a record older than it is behind; one as new or newer clears it", () => {
    const changes = new StatusChanges();
    changes.heard("app-1", at("2026-01-01T00:00:10Z"));
    expect(changes.behindRecord({ _id: "app-1", statusAt: at("2026-01-01T00:00:09Z") })).toBe(true);
    expect(changes.behindRecord({ _id: "app-1", statusAt: at("2026-01-01T00:00:09Z") })).toBe(true);
    expect(changes.behindRecord({ _id: "app-2", statusAt: at("2026-01-01T00:00:00Z") })).toBe(false);
    expect(changes.behindRecord({ _id: "app-1", statusAt: at("2026-01-01T00:00:10Z") })).toBe(false);
    // Cleared: an older record (read before) no longer counts as behind.
    expect(changes.behindRecord({ _id: "app-1", statusAt: at("2026-01-01T00:00:09Z") })).toBe(false);
  });

  it("when an older change is heard after a newer one, then the newer one stands", () => {
    const changes = new StatusChanges();
    changes.heard("app-1", at("2026-01-01T00:00:10Z"));
    changes.heard("app-1", at("2026-01-01T00:00:05Z"));
    expect(changes.behindRecord({ _id: "app-1", statusAt: at("2026-01-01T00:00:07Z") })).toBe(true);
  });

  it("when the store hands back the time as a string, then it is compared as a time", () => {
    const changes = new StatusChanges();
    changes.heard("app-1", at("2026-01-01T00:00:10Z"));
    expect(changes.behindRecord({ _id: "app-1", statusAt: "2026-01-01T00:00:09Z" as unknown as Date })).toBe(true);
  });
});
