import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { Screen } from "@genui/ui-runtime";
import { plan } from ".";
import { FIELD_LEXICON, PEOPLE } from "./content";
import { assistant, nodes, screenOfWith, user } from "./test-support";

/**
 * Forms as people ask for them: files to upload ("with CV upload"), the buttons they name ("and a submit button"), a
 * field asked for again in a follow-up, the form's heading in the user's words, and hints (not typed-in values) as
 * placeholders.
 */

const ev = createNodeEvaluator({ timeoutMs: 2000 });
afterAll(() => ev.dispose());

const screenOf = screenOfWith(ev);
const INPUTS = new Set(["textInput", "textArea", "select", "checkbox", "switch", "slider", "date", "fileInput"]);
const inputs = (s: Screen) => nodes(s).filter((n) => INPUTS.has(n.component));
const labels = (s: Screen) => inputs(s).map((n) => String(n.props?.label ?? ""));
const buttons = (s: Screen) => nodes(s).filter((n) => n.component === "button");
const buttonLabels = (s: Screen) => buttons(s).map((n) => String(n.value));
const heading = (s: Screen) => nodes(s).find((n) => n.component === "heading");
const subtitle = (s: Screen) => {
  const all = nodes(s);
  const at = all.findIndex((n) => n.component === "heading");
  return String(all[at + 1]?.value ?? "");
};

async function screenFor(request: string): Promise<Screen> {
  return screenOf(plan([user(request)]).code);
}

/** The screen for `base`, then the answer to `change` as a follow-up of it. */
async function edit(base: string, change: string) {
  const first = plan([user(base)]);
  const second = plan([user(base), assistant(first.code), user(change)]);
  return {
    firstCode: first.code,
    second,
    before: await screenOf(first.code),
    after: await screenOf(second.code),
  };
}

const BARISTA = "a job application form for a barista with CV upload";

describe("files to upload", () => {
  it("when a form asks for a CV upload, then the CV is a file input offering PDF or Word", async () => {
    const s = await screenFor(BARISTA);
    const cv = inputs(s).find((n) => /\bCV\b/.test(String(n.props?.label)));
    expect(cv).toMatchObject({ component: "fileInput", props: { label: "CV (PDF or Word)", accept: ".pdf,.doc,.docx" } });
    // Once, and before the cover letter.
    expect(labels(s).filter((l) => /CV|resume/i.test(l))).toHaveLength(1);
    expect(labels(s).indexOf("CV (PDF or Word)")).toBeLessThan(labels(s).indexOf("Cover letter"));
  });

  it("when a request says 'attach a photo', 'resume upload' or 'upload your resume', then each is one file field of its kind", async () => {
    const photo = await screenFor("an application form with name, email and attach a photo");
    const field = inputs(photo).find((n) => /photo/i.test(String(n.props?.label)))!;
    expect(field).toMatchObject({ component: "fileInput", props: { accept: "image/*" } });
    expect(String(field.props!.label)).toMatch(/JPG or PNG/);
    expect(labels(photo)).not.toContain("Attach a photo");

    const both = await screenFor("a job application form with name, email, resume upload and a cover letter, upload your resume");
    expect(labels(both).filter((l) => /resume|CV/i.test(l))).toEqual(["Resume (PDF or Word)"]);
  });

  it("when a follow-up adds a CV upload, then the form gains the CV field once; asked again, it is already there", async () => {
    const base = "A dinner reservation form with name, email, date, number of guests and a submit button";
    const { after, second } = await edit(base, "add a CV upload");
    expect(second.family).toMatch(/^edit:/);
    expect(labels(after)).toContain("CV (PDF or Word)");
    const again = plan([user(base), assistant(second.code), user("add a resume upload field")]);
    expect(again.code).toBe(second.code);
    expect(again.reasoning.join("")).toMatch(/already/);
  });
});

describe("buttons the user names", () => {
  it("when a form lists 'a submit button' among its fields, then it is the form's one submit button, never a text input", async () => {
    const s = await screenFor("A dinner reservation form with name, email, date, number of guests and a submit button");
    expect(labels(s).some((l) => /button/i.test(l))).toBe(false);
    expect(labels(s)).toEqual(["Name", "Email", "Date", "Number of guests"]);
    expect(buttonLabels(s)).toEqual(["Submit"]);
    expect(buttons(s)[0]!.props).toMatchObject({ variant: "primary" });
  });

  it("when a form names a send button and a cancel button, then the submit says Send and Cancel sits beside it", async () => {
    const s = await screenFor("a form with name, email, phone and a send button and a cancel button");
    expect(labels(s).some((l) => /button/i.test(l))).toBe(false);
    expect(buttonLabels(s)).toEqual(["Cancel", "Send"]);
    const row = nodes(s).find((n) => n.component === "row" && (n.content ?? []).some((c) => c.value === "Send"))!;
    expect(row.content!.map((c) => c.value)).toEqual(["Cancel", "Send"]);
    expect(String(heading(s)!.value)).not.toMatch(/button/i);
  });

  it("when a follow-up adds a submit or send button to a form that has one, then there is still one submit, labelled as asked", async () => {
    const base = "A dinner reservation form with name, email, date, number of guests and a submit button";
    const same = await edit(base, "add a submit button");
    expect(same.second.code).toBe(same.firstCode);
    expect(same.second.reasoning.join("")).toMatch(/already/);
    const send = await edit(base, "add a send button");
    expect(buttonLabels(send.after)).toEqual(["Send"]);
    expect(labels(send.after)).toEqual(labels(send.before));
  });

  it("when a follow-up adds a cancel button, then it is a button beside the submit, not a field", async () => {
    const { before, after } = await edit("a feedback form with rating, comments and a send button", "add a cancel button");
    expect(buttonLabels(after)).toEqual(["Cancel", "Send"]);
    expect(labels(after)).toEqual(labels(before));
  });
});

describe("a field asked for again", () => {
  it.each([
    ["add a phone field", "Phone"],
    ["add a telephone number field", "Phone"],
    ["add a mobile field", "Phone"],
    ["add an e-mail field", "Email"],
  ])(
    "when the barista application gets %j, then the screen is as it was and the reasoning says the field is there",
    async (change, label) => {
      const { firstCode, second, after } = await edit(BARISTA, change);
      expect(second.family).toBe("edit:form");
      expect(second.code).toBe(firstCode);
      expect(labels(after).filter((l) => l === label)).toHaveLength(1);
      expect(second.reasoning.join("")).toMatch(new RegExp(`already an? "${label}" field`));
    },
  );

  it("when a field that is not there is added, then it is added", async () => {
    const { before, after } = await edit("a contact form with name, email and message", "add a telephone field");
    expect(labels(after)).toEqual(expect.arrayContaining([...labels(before), "Telephone"]));
    const twice = await edit("a contact form with name, email and message", "add a dropdown 'Email' with Work, Home");
    expect(twice.second.code).toBe(twice.firstCode);
  });
});

describe("the form's heading", () => {
  it("when a job application names the role, then the title and subtitle say it in the user's words", async () => {
    const s = await screenFor(BARISTA);
    expect(heading(s)!.value).toBe("Barista job application");
    expect(subtitle(s)).toMatch(/^Apply for the barista position/);
    expect(subtitle(s)).not.toMatch(/·|—/);
    expect(buttonLabels(s)).toEqual(["Send application"]);
    expect(
      (await screenFor("a form to apply for the UX designer position")).screen.v1.find((n) => n.component === "heading"),
    ).toMatchObject({ value: "UX designer job application" });
  });

  it("when another application names what it is for, then the title says so", async () => {
    const s = await screenFor("volunteer application form for the animal shelter with name, email and availability");
    expect(heading(s)!.value).toBe("Animal shelter volunteer application");
    expect(subtitle(s)).toMatch(/apply/);
  });
});

describe("placeholders", () => {
  const people = new Set(PEOPLE.names.flatMap((p) => [p.first, p.last, `${p.first} ${p.last}`].map((n) => n.toLowerCase())));
  /** A placeholder that reads as typed in: a person's name, a bare number, or a capitalised name ("Larkspur Studio"). */
  const looksTyped = (p: string) =>
    people.has(p.toLowerCase()) || /^[#+]?[1-9][\d\s.,-]*$/.test(p) || /^\p{Lu}[\p{Ll}'’-]+(?: \p{Lu}[\p{Ll}'’-]+)+$/u.test(p);

  it("when the lexicon's fields are read, then every placeholder is a hint, not a value that looks typed in", () => {
    const typed = Object.values(FIELD_LEXICON)
      .filter((f) => f.placeholder && looksTyped(f.placeholder))
      .map((f) => `${f.key}: ${f.placeholder}`);
    expect(typed).toEqual([]);
  });

  it.each([
    BARISTA,
    "a form with name, first name, last name, phone, company, job title, city and postal code",
    "A signup form with name, email and a submit button",
    "a contact form with name, email and message",
  ])("when %j is made, then no input's placeholder looks typed in", async (request) => {
    const s = await screenFor(request);
    const placeholders = inputs(s)
      .map((n) => n.props?.placeholder)
      .filter((p): p is string => typeof p === "string");
    expect(placeholders.length).toBeGreaterThan(0);
    expect(placeholders.filter(looksTyped)).toEqual([]);
    expect(placeholders).not.toContain("Amara Okafor");
  });
});
