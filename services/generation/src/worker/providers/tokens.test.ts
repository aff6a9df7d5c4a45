import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { REPO_ROOT } from "@genui/testkit";
import { countChatTokens, countTokens } from "./tokens";

// js-tiktoken (OpenAI's tiktoken ranks, ported) as the reference the counts must equal: text encoded as ordinary
// text, special tokens' spellings included.
const reference = new Tiktoken(o200kBase);
const ordinary = (text: string) => reference.encode(text, [], []).length;

/** Pieces of the repository's docs and sources, cut at varied lengths, and text in other scripts. */
function corpus(): string[] {
  const files = [
    ...readdirSync(path.join(REPO_ROOT, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => path.join(REPO_ROOT, "docs", f)),
    path.join(REPO_ROOT, "services/generation/src/worker/providers/openai-upstream.ts"),
    path.join(REPO_ROOT, "packages/ui-runtime/src/dsl/prelude.ts"),
  ];
  const texts: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (let at = 0, n = 0; at < text.length; n++) {
      const len = [17, 120, 480, 1500][n % 4]!;
      texts.push(text.slice(at, at + len));
      at += len;
    }
  }
  texts.push(
    "naïve café, Straße, déjà vu",
    "日本語のテキストと漢字、ひらがな、カタカナ",
    "Привет, мир! Ελληνικά. עברית. العربية. हिन्दी",
    "emoji 😀👍🏽👨‍👩‍👧 flags 🇮🇳🇺🇸",
    "   leading spaces, tabs\t\tand\r\nCRLF\n\n\n",
    "a lone surrogate \ud83d and its pair \ud83d\ude00",
    "<|endoftext|><|endofprompt|> <|im_start|>user<|im_end|>",
    'ui.screen({ title: "Sign up", body: [ui.textInput({ label: "Email" })] })',
  );
  return texts;
}

describe("countTokens", () => {
  it("when texts of every kind are counted, then each count equals OpenAI's tokenizer's (js-tiktoken's o200k_base)", () => {
    const texts = corpus();
    expect(texts.length).toBeGreaterThan(200);
    const differing = texts.filter((t) => countTokens(t) !== ordinary(t)).map((t) => t.slice(0, 60));
    expect(differing).toEqual([]);
  });

  it("when a text spells the model's special tokens, then they are counted as the text they are, not refused", () => {
    expect(countTokens("hello <|endoftext|> world")).toBe(ordinary("hello <|endoftext|> world"));
    expect(countTokens("<|endofprompt|>")).toBeGreaterThan(1);
    expect(countChatTokens([{ role: "user", content: "stop at <|endoftext|>" }])).toBe(
      3 + 3 + ordinary("user") + ordinary("stop at <|endoftext|>"),
    );
  });

  it("when the text is empty, then it is no tokens", () => {
    expect(countTokens("")).toBe(0);
    expect(countChatTokens([])).toBe(3);
  });
});
