import { createContext, useContext, useState, type ReactNode } from "react";
import { CodeBlock, type CodeLanguage } from "../../../components/ui/code-block";
import { Tabs } from "../../../components/ui/tabs";
import type { SnippetSet, Snippets } from "../snippets";

type Lang = keyof Snippets;

const TABS: { id: Lang; label: string; language: CodeLanguage }[] = [
  { id: "curl", label: "Curl", language: "bash" },
  { id: "python", label: "Python", language: "python" },
  { id: "javascript", label: "Javascript", language: "javascript" },
];

interface LanguageChoice {
  language: Lang;
  setLanguage(language: Lang): void;
}

const LanguageContext = createContext<LanguageChoice | null>(null);

/** One language choice for the whole page: picking Python in one sample shows Python in all of them. */
export function SnippetLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguage] = useState<Lang>("python");
  return <LanguageContext.Provider value={{ language, setLanguage }}>{children}</LanguageContext.Provider>;
}

/** A sample in the languages it exists in (Curl, Python, Javascript), as tabs. */
export function CodeTabs({ snippets, label }: { snippets: SnippetSet; label: string }) {
  const choice = useContext(LanguageContext);
  const [own, setOwn] = useState<Lang>("python");
  const items = TABS.filter((t) => snippets[t.id] !== undefined).map((t) => ({
    id: t.id,
    label: t.label,
    content: <CodeBlock code={snippets[t.id]!} language={t.language} label={`${label} (${t.label})`} />,
  }));
  const wanted = choice?.language ?? own;
  const value = items.some((i) => i.id === wanted)
    ? wanted
    : ((items.find((i) => i.id === "python") ?? items[0])?.id ?? "python");
  return (
    <div data-code-tabs="">
      <Tabs
        items={items}
        value={value}
        onChange={(id) => (choice ? choice.setLanguage(id as Lang) : setOwn(id as Lang))}
        label={`${label}: language`}
      />
    </div>
  );
}

/** A single sample (a fragment that only runs inside a framework or a page). */
export function Code({ code, language, label }: { code: string; language: CodeLanguage; label: string }) {
  return (
    <div data-code="">
      <CodeBlock code={code} language={language} label={label} />
    </div>
  );
}
