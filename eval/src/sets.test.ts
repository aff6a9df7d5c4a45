import { COMPONENT_TYPES } from "@genui/ui-runtime";
import { FAMILIES } from "@genui/planner";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { EXAMPLES_FILE, examplesText } from "./examples";
import { acceptedFamilies, loadEditSet, loadRequestSet, REPO_ROOT } from "./sets";

const DATA_DIR = path.join(REPO_ROOT, "packages/planner/data");

const ids = new Set(FAMILIES.map((f) => f.id));
const types = new Set<string>(COMPONENT_TYPES);

describe("the request sets", () => {
  const tuned = loadRequestSet("tuned");
  const dev = loadRequestSet("dev");
  const holdout = loadRequestSet("holdout");
  const edits = loadEditSet();

  it("when the sets are loaded, then every family is an id of families.json (or '*') and every kind a catalogue type", () => {
    for (const c of [...tuned, ...dev, ...holdout]) {
      for (const f of acceptedFamilies(c))
        expect({ id: c.id, f, known: f === "*" || ids.has(f) }).toEqual({ id: c.id, f, known: true });
      for (const k of [...c.kinds, ...(c.anyKinds ?? []).flat()])
        expect({ id: c.id, k, known: types.has(k) }).toEqual({ id: c.id, k, known: true });
    }
    for (const e of edits)
      for (const k of [...(e.expect.kinds ?? []), ...(e.expect.absentKinds ?? [])])
        expect({ id: e.id, k, known: types.has(k) }).toEqual({ id: e.id, k, known: true });
  });

  it("when the tuned set is counted, then it has at least 220 requests and at least 3 for each of the families", () => {
    expect(tuned.length).toBeGreaterThanOrEqual(220);
    const counts = new Map<string, number>();
    for (const c of tuned) for (const f of new Set(acceptedFamilies(c).slice(0, 1))) counts.set(f, (counts.get(f) ?? 0) + 1);
    expect([...ids].filter((f) => (counts.get(f) ?? 0) < 3)).toEqual([]);
  });

  it("when the held-out set and the edits are counted, then there are at least 60 and 36, and no held-out request is a tuned one", () => {
    expect(holdout.length).toBeGreaterThanOrEqual(60);
    expect(edits.length).toBeGreaterThanOrEqual(36);
    const asked = new Set(tuned.map((c) => c.request.toLowerCase()));
    expect(holdout.filter((c) => asked.has(c.request.toLowerCase())).map((c) => c.id)).toEqual([]);
  });

  it.each([
    ["dev", 100],
    ["dev2", 120],
    ["dev3", 100],
  ] as const)(
    "when the development set %s is counted, then it has at least %d requests, every family twice, none asked in another set",
    (name, least) => {
      const set = loadRequestSet(name);
      expect(set.length).toBeGreaterThanOrEqual(least);
      const counts = new Map<string, number>();
      for (const c of set) for (const f of acceptedFamilies(c).slice(0, 1)) counts.set(f, (counts.get(f) ?? 0) + 1);
      expect([...ids].filter((f) => (counts.get(f) ?? 0) < 2)).toEqual([]);
      const others = (["tuned", "dev", "dev2", "dev3", "holdout"] as const).filter((n) => n !== name).flatMap(loadRequestSet);
      const asked = new Set(others.map((c) => c.request.toLowerCase()));
      expect(set.filter((c) => asked.has(c.request.toLowerCase())).map((c) => c.id)).toEqual([]);
    },
  );

  it("when an edit case keeps terms of its base, then each of them is written in the base request (so the base screen can show it)", () => {
    const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");
    for (const e of edits)
      for (const t of e.expect.keep ?? [])
        expect({ id: e.id, t, inBase: squash(e.base).includes(squash(t).replace(/s$/, "")) }).toEqual({
          id: e.id,
          t,
          inBase: true,
        });
  });

  it("when the classifier's own training requests are read, then each file has 12 per family and none is a request of a measured set", () => {
    const files = readdirSync(DATA_DIR).filter((f) => /^training(?:-\d+)?\.json$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(1);
    const measured = [...tuned, ...dev, ...loadRequestSet("dev2"), ...loadRequestSet("dev3"), ...holdout];
    const seen = new Set<string>();
    for (const file of files) {
      const training = JSON.parse(readFileSync(path.join(DATA_DIR, file), "utf8")) as { families: Record<string, string[]> };
      expect({ file, families: Object.keys(training.families).sort() }).toEqual({ file, families: [...ids].sort() });
      for (const [f, rs] of Object.entries(training.families)) expect({ file, f, n: rs.length }).toEqual({ file, f, n: 12 });
      const written = new Set(
        Object.values(training.families)
          .flat()
          .map((r) => r.toLowerCase()),
      );
      expect({ file, asked: measured.filter((c) => written.has(c.request.toLowerCase())).map((c) => c.id) }).toEqual({
        file,
        asked: [],
      });
      // No request twice across the files either.
      expect({ file, repeated: [...written].filter((r) => seen.has(r)) }).toEqual({ file, repeated: [] });
      for (const r of written) seen.add(r);
    }
  });

  it("when the planner's classifier data is compared with the sets, then it is exactly the tuned and development sets' requests (npm run eval:examples), none held out", () => {
    expect(readFileSync(EXAMPLES_FILE, "utf8")).toBe(examplesText());
    const trained = new Set(
      Object.values((JSON.parse(examplesText()) as { families: Record<string, string[]> }).families).flat(),
    );
    expect(loadRequestSet("holdout").filter((c) => trained.has(c.request))).toEqual([]);
  });
});
