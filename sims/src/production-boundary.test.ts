import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@genui/testkit";
import ts from "typescript";
import * as fakeGoogle from "./google/fake-google";
import * as gsiClient from "./google/gsi-client";
import * as devHttp from "./http";
import * as browserSdks from "./payments/browser-sdks";
import * as mailSim from "./mail/mail-sim";
import * as paymentEmulator from "./payments/payment-emulator";

// The stand-ins run on the local platform and in tests only: production code must neither import them nor carry a
// copy of them, and no production workspace may depend on this one (a production image would then need it).

const SIMS_DIR = path.join(REPO_ROOT, "sims");
const SIMS_PACKAGE = (JSON.parse(readFileSync(path.join(SIMS_DIR, "package.json"), "utf8")) as { name: string }).name;

const dirsOf = (parent: string): string[] =>
  readdirSync(path.join(REPO_ROOT, parent), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(parent, d.name));

/** Every production workspace (the test harness, packages/testkit, may use the stand-ins). */
const PRODUCTION_WORKSPACES = [
  "proto",
  "bff",
  ...dirsOf("services"),
  ...dirsOf("packages").filter((p) => p !== path.join("packages", "testkit")),
].filter((w) => existsSync(path.join(REPO_ROOT, w, "package.json")));

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sourceFiles(full);
    return /\.(c|m)?(t|j)sx?$/.test(e.name) ? [full] : [];
  });
}

const productionFiles = PRODUCTION_WORKSPACES.flatMap((w) => sourceFiles(path.join(REPO_ROOT, w, "src")));
const relative = (file: string) => path.relative(REPO_ROOT, file);

/** The module specifiers of a file: static and dynamic imports, re-exports and require calls. */
const importsOf = (text: string): string[] => ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);

const reachesSims = (file: string, specifier: string): boolean =>
  specifier === SIMS_PACKAGE ||
  specifier.startsWith(`${SIMS_PACKAGE}/`) ||
  (specifier.startsWith(".") && !path.relative(SIMS_DIR, path.resolve(path.dirname(file), specifier)).startsWith(".."));

const simsModules = [fakeGoogle, gsiClient, devHttp, browserSdks, paymentEmulator, mailSim];
/** The stand-ins' functions, by name (their servers, pages, scripts and HTML plumbing). */
const SIM_FUNCTIONS = new Set(
  simsModules.flatMap((m) =>
    Object.entries(m)
      .filter(([, v]) => typeof v === "function")
      .map(([k]) => k),
  ),
);
/** Strings only a stand-in has: the messages its pages post and the versions its browser SDKs report. */
const SIM_MARKERS = [
  gsiClient.GOOGLE_SIM_MESSAGE_SOURCE,
  browserSdks.PAYPAL_POPUP_MESSAGE_SOURCE,
  browserSdks.CASHFREE_EMBED_MESSAGE_SOURCE,
  browserSdks.PAYPAL_SDK_VERSION,
  browserSdks.CASHFREE_SDK_VERSION,
  "genui-payment-emulator",
];
/** The stand-ins' own file names (generic ones such as main.ts or http.ts left out). */
const SIM_FILE_NAMES = new Set(
  sourceFiles(path.join(SIMS_DIR, "src"))
    .map((f) => path.basename(f))
    .filter((n) => !/^(main|index|http)\.ts$|\.test\.ts$/.test(n)),
);

/** Names declared at any depth of a file: functions, classes and variables. */
function declaredNames(file: string, text: string): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) names.push(node.name.text);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false));
  return names;
}

describe("the local stand-ins stay out of production code", () => {
  it("when the production workspaces are listed, then the services, the chassis and the BFF are among them", () => {
    expect(PRODUCTION_WORKSPACES).toEqual(
      expect.arrayContaining(["bff", "packages/chassis", "services/billing", "services/identity"].map((p) => path.normalize(p))),
    );
    expect(productionFiles.length).toBeGreaterThan(100);
    expect([...SIM_FUNCTIONS]).toEqual(
      expect.arrayContaining(["startFakeGoogle", "startPaymentEmulator", "startMailSim", "listenDevServer"]),
    );
  });

  it("when a production source file is read, then it imports nothing from the sims workspace", () => {
    const offending = productionFiles.flatMap((file) =>
      importsOf(readFileSync(file, "utf8"))
        .filter((s) => reachesSims(file, s))
        .map((s) => `${relative(file)} imports ${s}`),
    );
    expect(offending).toEqual([]);
  });

  it("when a production source file is read, then it holds none of the stand-ins' files, functions or markers", () => {
    const offending = productionFiles.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return [
        ...(SIM_FILE_NAMES.has(path.basename(file)) ? [`${relative(file)} is a stand-in's file`] : []),
        // Parsing every file is slow; only one that mentions a stand-in's function by name can declare it.
        ...([...SIM_FUNCTIONS].some((n) => text.includes(n)) ? declaredNames(file, text) : [])
          .filter((n) => SIM_FUNCTIONS.has(n))
          .map((n) => `${relative(file)} declares the stand-ins' ${n}`),
        ...SIM_MARKERS.filter((m) => text.includes(m)).map((m) => `${relative(file)} contains "${m}"`),
      ];
    });
    expect(offending).toEqual([]);
  });

  it("when a production workspace's package.json is read, then it does not depend on the sims workspace", () => {
    const offending = PRODUCTION_WORKSPACES.flatMap((w) => {
      const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, w, "package.json"), "utf8")) as Record<string, unknown>;
      return ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]
        .filter((field) => Object.keys((pkg[field] as Record<string, string> | undefined) ?? {}).includes(SIMS_PACKAGE))
        .map((field) => `${w}/package.json ${field}`);
    });
    expect(offending).toEqual([]);
  });

  it("when the production images are built, then only the stand-ins' own image copies the sims workspace", () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, "deploy/docker/Dockerfile"), "utf8");
    // Final stages derive from the shared runtime stage; every one but "sims" is a production image.
    const finals = dockerfile.split(/^FROM /m).filter((s) => /^runtime AS /.test(s));
    expect(finals.length).toBeGreaterThan(1);
    for (const stage of finals) {
      const name = /^runtime AS (\S+)/.exec(stage)?.[1];
      const copies = stage.split("\n").filter((l) => /^(COPY|ADD)\b/.test(l));
      expect({ name, sims: copies.some((l) => /\bsims\b/.test(l)) }).toEqual({ name, sims: name === "sims" });
    }
  });
});
