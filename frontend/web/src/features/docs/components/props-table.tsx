import styled from "styled-components";
import { DataTable } from "./prose";

/* Wide screens read the table; narrow ones a list of the same props (only one of the two is displayed). */
const Wide = styled.div`
  @media (max-width: 640px) {
    display: none;
  }
`;

const Narrow = styled.div`
  display: none;
  @media (max-width: 640px) {
    display: block;
  }
  ul {
    list-style: none;
    padding: 0 !important;
    margin: 0 0 24px;
    border: 1px solid var(--border);
    border-radius: 10px;
  }
  li {
    margin: 0 !important;
    padding: 12px 14px;
  }
  li + li {
    border-top: 1px solid var(--border);
  }
  dl {
    margin: 6px 0 4px;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 2px 10px;
    font-size: 14px;
  }
  dt {
    color: var(--fg-muted);
  }
  dd {
    margin: 0;
    min-width: 0;
  }
  p {
    margin: 0;
    font-size: 15px;
    line-height: 1.55;
  }
`;

interface PropRow {
  name: string;
  type: string;
  default: string;
  description: string;
}

/** The props of `<GenUI>` (frontend/embed/src/GenUI.tsx; SPEC §3 "Rendering component props"). */
export const GENUI_PROPS: PropRow[] = [
  { name: "id", type: "string", default: "—", description: "The id of the wrapper element." },
  {
    name: "apiKey",
    type: "string",
    default: "—",
    description:
      "Your app's publishable key (gk_pub_…), accepted only from your app's website. Needed with code or prompt; not needed with json.",
  },
  {
    name: "apiBase",
    type: "string",
    default: '"https://genui.dev"',
    description: "The GenUI host that serves the renderer and the retrieve endpoint.",
  },
  {
    name: "contentBase",
    type: "string",
    default: "—",
    description:
      "The origin the platform serves its frames from, when it keeps generated UI apart from the API (optional: the API redirects the frame there).",
  },
  { name: "width", type: "string | number", default: '"640px"', description: "CSS width; a number means pixels." },
  {
    name: "height",
    type: "string | number",
    default: '"auto"',
    description: "CSS height; auto follows the height of the screen's content.",
  },
  {
    name: "json",
    type: "Screen | string",
    default: "—",
    description: "The screen to render: the json of an answer, as an object or JSON text. Use json or code, not both.",
  },
  {
    name: "code",
    type: "string",
    default: "—",
    description: "UI code to render; evaluated by the retrieve endpoint (debounced 1 s, not billed).",
  },
  {
    name: "prompt",
    type: "string",
    default: "—",
    description: "A request to generate a screen from (billed like a completion); together with code, a change to that code.",
  },
  {
    name: "completionId",
    type: "string",
    default: "—",
    description:
      "A stored completion of your app (chatcmpl-…, created with store: true): its screen is read with apiKey (needed here too) and drawn. Use it alone, not with json, code or prompt.",
  },
  {
    name: "stream",
    type: "AsyncIterable<ChatCompletionChunk> | Response | string",
    default: "—",
    description:
      "Streaming mode: a streamed completion (the openai client's stream, a fetch Response of the event stream, or the content text so far), drawn as its code arrives, then its json.",
  },
  {
    name: "onStreamComplete",
    type: "(answer: { code, repaired_code?, json }) => void",
    default: "—",
    description: "Called with the finished answer of a stream; keep repaired_code ?? code for the conversation.",
  },
  {
    name: "debug",
    type: "boolean",
    default: "false",
    description: "Shows retrieve and render errors in a red band above the screen.",
  },
  {
    name: "theme",
    type: '"light" | "dark" | "auto"',
    default: '"auto"',
    description: "The screen's colours; auto follows the visitor's system.",
  },
  {
    name: "brand",
    type: "AppTheme",
    default: "—",
    description:
      "Theme tokens laid over your app's theme for this embed (see Theming). Not applied when its text would be unreadable: onError says why.",
  },
  {
    name: "components",
    type: "Record<string, ComponentType>",
    default: "—",
    description:
      "Your own components by declared name (see Your own components). With json, the screen is drawn in your page (no iframe) and its app nodes with these.",
  },
  {
    name: "onActionListener",
    type: "(event: ActionEvent) => void",
    default: "—",
    description: "Called with { type, component: { name, value } } for every action on the screen.",
  },
  {
    name: "onError",
    type: "(message: string) => void",
    default: "—",
    description: "Called with every error message, also when debug is off.",
  },
  { name: "className, style", type: "string, CSSProperties", default: "—", description: "Applied to the wrapper element." },
];

export function PropsTable() {
  return (
    <>
      <Wide>
        <PropsGrid />
      </Wide>
      <Narrow>
        <ul aria-label="Props of <GenUI>">
          {GENUI_PROPS.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code>
              <dl>
                <dt>Type</dt>
                <dd>
                  <code>{p.type}</code>
                </dd>
                <dt>Default</dt>
                <dd>{p.default === "—" ? "none" : <code>{p.default}</code>}</dd>
              </dl>
              <p>{p.description}</p>
            </li>
          ))}
        </ul>
      </Narrow>
    </>
  );
}

function PropsGrid() {
  return (
    <DataTable label="GenUI component props" nowrapCode>
      <caption>Props of &lt;GenUI&gt;</caption>
      <thead>
        <tr>
          <th scope="col">Prop</th>
          <th scope="col">Type</th>
          <th scope="col">Default</th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      <tbody>
        {GENUI_PROPS.map((p) => (
          <tr key={p.name}>
            <th scope="row">
              <code>{p.name}</code>
            </th>
            <td>
              <code>{p.type}</code>
            </td>
            <td>
              {p.default === "—" ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="visually-hidden">none</span>
                </>
              ) : (
                <code>{p.default}</code>
              )}
            </td>
            <td>{p.description}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
