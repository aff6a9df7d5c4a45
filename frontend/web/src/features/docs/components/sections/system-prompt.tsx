import { Link } from "react-router-dom";
import { systemPromptSnippets } from "../../api-snippets";
import { CodeTabs } from "../code-tabs";
import { Callout, DocSection } from "../prose";

export function SystemPrompt({ origin }: { origin: string }) {
  return (
    <DocSection id="using-system-prompt" title="Using System Prompt">
      <p>
        A <code>system</code> message (or <code>developer</code>, OpenAI's newer name for it) steers every screen of the
        conversation: who your users are, the tone of the wording, what a screen should and should not contain. Put it first in{" "}
        <code>messages</code> and send it with every request.
      </p>
      <CodeTabs snippets={systemPromptSnippets(origin)} label="System prompt" />

      <h3>What the model already knows</h3>
      <p>You do not need to teach the model how to build screens. It already knows:</p>
      <ul>
        <li>
          the 36 components of the catalogue — layout (rows, columns, grids, cards, tabs), text and media, forms, tables and
          lists, charts, feedback — with their props and actions;
        </li>
        <li>how to write UI code, name inputs so their values reach you, and wire buttons to actions;</li>
        <li>to invent realistic sample data when you give none, and to write in the user's language;</li>
        <li>to answer with a screen, always — so do not ask for prose, markdown or HTML in the system message.</li>
      </ul>

      <h3>Writing a good system prompt</h3>
      <ul>
        <li>
          <strong>Describe your product and users</strong>: “a clinic's booking app for pet owners” gives better defaults than “an
          app”.
        </li>
        <li>
          <strong>State the house style</strong>: tone of the wording, one primary action per screen, compact or spacious,
          currency and date formats.
        </li>
        <li>
          <strong>Give the facts the screens need</strong>: opening hours, plan names, prices — or pass the data in the user
          message of each request.
        </li>
        <li>
          <strong>Keep it short</strong>: it is sent, and billed as input tokens, with every request.
        </li>
      </ul>

      <h3>Templates per app</h3>
      <p>
        For screens that must look the same across chats — your checkout, your order summary — design them once as{" "}
        <strong>templates</strong>. On the <Link to="/dashboard">dashboard</Link>, open an app's row, create a template, build it
        with the AI or code editor and <strong>publish</strong> it. Every request made with that app's key then carries the app's
        newest published templates (up to 5, and up to 24,000 characters of code): the model starts from the template that fits
        the request and otherwise matches their look.
      </p>
      <Callout label="Templates">
        <p>
          Only published templates are used — drafts and paused templates never are — and changes take effect within 30 seconds.
          Templates shape structure and look; the system prompt adds the per-request steering.
        </p>
      </Callout>
    </DocSection>
  );
}
