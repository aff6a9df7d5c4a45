import { API_PATHS } from "../../api-paths";
import { agentSnippets } from "../../api-snippets";
import { CodeTabs } from "../code-tabs";
import { DocSection } from "../prose";

export function UsingInAgents({ origin }: { origin: string }) {
  return (
    <DocSection id="using-in-agents" title="Using In Agents">
      <p>
        An agent built on any model with function calling can show interfaces by using GenUI as one of its tools. The agent keeps
        deciding <em>what</em> to do; GenUI decides <em>how it looks</em>.
      </p>
      <ol>
        <li>
          Give the agent's model a <code>show_ui</code> tool that takes a plain-language <code>request</code>.
        </li>
        <li>
          When the model calls it, call GenUI's <code>{API_PATHS.chatCompletions}</code> with that request — include the data the
          screen should show — and keep a separate UI history for the conversation.
        </li>
        <li>
          Store the answer's <code>code</code> in that history, send its <code>json</code> to your frontend to render, and return
          a short summary to the agent's model (not the JSON: it would only cost tokens).
        </li>
        <li>
          When the user acts on the screen, send the action to GenUI as a user message in the same UI history; tell the agent too
          if it should react.
        </li>
      </ol>

      <h3>A worked example</h3>
      <p>
        The tool definition, the tool implementation and the action handler below are what goes into your agent. The last lines
        stand in for your agent's model calling the tool and for the user pressing the form's button, so the program runs as it
        is.
      </p>
      <CodeTabs snippets={agentSnippets(origin)} label="GenUI as an agent tool" />

      <h3>Tips</h3>
      <ul>
        <li>
          Put the data into the request: “Show these orders as a table: …” makes a screen about your data rather than sample data.
        </li>
        <li>One UI history per conversation keeps follow-ups (“now sort by date”) working on the right screen.</li>
        <li>
          Stream the GenUI call (<code>stream: true</code>) and forward each chunk's json when the screen should appear while it
          is being built.
        </li>
        <li>
          Choose the model per call: <code>genui-pluto-0.1</code> for quick screens, the thinking model for rich, multi-part ones.
        </li>
      </ul>
    </DocSection>
  );
}
