import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { CATALOGUE, CATEGORY_TITLES, type AppComponent, type Category } from "@genui/ui-runtime";
import styled from "styled-components";
import { useSession } from "../../../lib/session";
import { useAppComponents, useMyApps } from "../catalogue-api";
import { Callout, DataTable } from "./prose";

/*
 * The component catalogue (docs "Rendering"): GenUI's components by category (each a disclosure, so the section stays
 * short), each with what it shows and its UI code, and — for a signed-in reader — the chosen app's own components
 * beside them, as the model sees them. Drawn with the page (not loaded later): content appearing above a section a
 * link scrolled to would push it away.
 */

const Picker = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  margin: 0 0 12px;
  label {
    font-weight: 600;
    font-size: 15px;
  }
  select {
    min-height: 38px;
    max-width: 100%;
    padding: 6px 10px;
    border: 1px solid var(--border-strong);
    border-radius: 8px;
    background: var(--surface);
    color: var(--fg);
    font: inherit;
    font-size: 15px;
  }
`;

const Muted = styled.p`
  color: var(--fg-muted);
`;

const Props = styled.ul`
  margin: 0 !important;
  padding-left: 18px !important;
  font-size: 14px;
  li + li {
    margin-top: 2px !important;
  }
`;

/** One category of GenUI's components, folded until opened. */
const Category = styled.details`
  border-bottom: 1px solid var(--border);
  summary {
    padding: 10px 4px;
    font-weight: 600;
    cursor: pointer;
  }
  summary span {
    color: var(--fg-muted);
    font-weight: 400;
  }
  summary:focus-visible {
    outline: 2px solid var(--focus);
    outline-offset: 2px;
    border-radius: 4px;
  }
  &:first-of-type {
    border-top: 1px solid var(--border);
  }
`;

const ROLE_WORDS: Record<string, string> = { "product-card": "product card", "pricing-tier": "pricing tier", hero: "hero" };
const CATEGORIES = Object.keys(CATEGORY_TITLES) as Category[];

type PropSchema = { type?: unknown; description?: unknown };

/** A JSON value as UI code writes it (`{title: "Team", price: 29}`), like the catalogue's own examples. */
function uiCode(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(uiCode).join(", ")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${uiCode(x)}`)
      .join(", ")}}`;
  return JSON.stringify(v) ?? "null";
}

/** A declaration's props as "name: type" lines (required ones marked), from its JSON Schema. */
function propLines(c: AppComponent): { name: string; type: string; required: boolean }[] {
  const schema = c.props as { properties?: Record<string, PropSchema>; required?: unknown };
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    type: Array.isArray(p?.type) ? (p.type as string[]).join(" | ") : typeof p?.type === "string" ? p.type : "any",
    required: required.includes(name),
  }));
}

/** The signed-in reader's app picker and the chosen app's components. */
function AppComponents() {
  const apps = useMyApps(true);
  const [appId, setAppId] = useState<string | null>(null);
  const pickerId = useId();
  const list = apps.data ?? [];
  useEffect(() => {
    if (!appId && list[0]) setAppId(list[0].id);
  }, [appId, list]);
  const appearance = useAppComponents(appId);
  const app = list.find((a) => a.id === appId);

  if (apps.isLoading) return <Muted role="status">Loading your apps…</Muted>;
  if (apps.error && !apps.data) return <Muted>Your apps could not be loaded, so only GenUI's components are listed.</Muted>;
  if (list.length === 0)
    return (
      <Muted>
        You have no apps yet. <Link to="/dashboard">Create one</Link>, then declare its components under its Appearance.
      </Muted>
    );

  const components = appearance.data?.components ?? [];
  return (
    <section aria-labelledby={`${pickerId}-heading`} data-testid="app-components">
      <h4 id={`${pickerId}-heading`}>Your app's components</h4>
      {list.length > 1 ? (
        <Picker>
          <label htmlFor={pickerId}>App</label>
          <select id={pickerId} value={appId ?? ""} onChange={(e) => setAppId(e.target.value)}>
            {list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.url}
              </option>
            ))}
          </select>
        </Picker>
      ) : (
        <Muted>
          Of <strong>{app?.url}</strong>.
        </Muted>
      )}
      {appearance.isLoading ? (
        <Muted role="status">Loading its components…</Muted>
      ) : appearance.error && !appearance.data ? (
        <Muted>Its components could not be loaded.</Muted>
      ) : components.length === 0 ? (
        <Muted>
          {app?.url} declares no components of its own. Add them on the <Link to="/dashboard">dashboard</Link> (the app's row,
          Appearance, Components) or through the API (see Your own components above).
        </Muted>
      ) : (
        <DataTable label={`Components of ${app?.url ?? "your app"}`}>
          <caption>Components of {app?.url}</caption>
          <thead>
            <tr>
              <th scope="col">Component</th>
              <th scope="col">What it shows</th>
              <th scope="col">Props</th>
              <th scope="col">UI code</th>
            </tr>
          </thead>
          <tbody>
            {components.map((c) => (
              <tr key={c.name}>
                <th scope="row">
                  <code>{c.name}</code>
                </th>
                <td>
                  {c.description}
                  <br />
                  <small>
                    Falls back to <code>{c.fallback}</code>
                    {c.role ? `; the built-in generator uses it as a ${ROLE_WORDS[c.role.name] ?? c.role.name}` : ""}.
                  </small>
                </td>
                <td>
                  <Props>
                    {propLines(c).map((p) => (
                      <li key={p.name}>
                        <code>{p.name}</code>: {p.type}
                        {p.required ? " (required)" : ""}
                      </li>
                    ))}
                  </Props>
                </td>
                <td>
                  <code>{`custom(${JSON.stringify(c.name)}, ${uiCode(c.example)})`}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

/** GenUI's catalogue and, signed in, the reader's app's own components. */
export function ComponentCatalogue() {
  const { isLoggedIn } = useSession();
  return (
    <div data-testid="component-catalogue">
      {isLoggedIn ? (
        <AppComponents />
      ) : (
        <Callout label="Your own components">
          <p>
            <Link to="/login">Sign in</Link> to see your apps' own components here, beside GenUI's.
          </p>
        </Callout>
      )}
      <h4>GenUI's components</h4>
      {CATEGORIES.map((category) => {
        const entries = CATALOGUE.filter((e) => e.category === category);
        if (entries.length === 0) return null;
        return (
          <Category key={category}>
            <summary>
              {CATEGORY_TITLES[category]} <span>({entries.length})</span>
            </summary>
            <DataTable label={`${CATEGORY_TITLES[category]} components`}>
              <caption className="visually-hidden">{CATEGORY_TITLES[category]}</caption>
              <thead>
                <tr>
                  <th scope="col">Component</th>
                  <th scope="col">What it shows</th>
                  <th scope="col">UI code</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.type}>
                    <th scope="row">
                      <code>{e.type}</code>
                    </th>
                    <td>{e.description.replace(/`/g, "")}</td>
                    <td>
                      <code>{e.code}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </Category>
        );
      })}
    </div>
  );
}
