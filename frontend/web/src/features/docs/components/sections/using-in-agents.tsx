import { API_PATHS, API_PREFIX } from "../../api-paths";
import { agentSnippets } from "../../api-snippets";
import { CodeBlock } from "../../../../components/ui/code-block";
import { CodeTabs } from "../code-tabs";
import { DocSection } from "../prose";

/** A host's configuration: the MCP URL, with the app's secret key as a header (hosts that take one). */
const hostConfigs = (mcpUrl: string) => ({
  claude: JSON.stringify(
    { mcpServers: { genui: { type: "http", url: mcpUrl, headers: { Authorization: "Bearer YOUR_SECRET_KEY" } } } },
    null,
    2,
  ),
  vscode: JSON.stringify(
    {
      servers: { genui: { type: "http", url: mcpUrl, headers: { Authorization: "Bearer ${input:genui-key}" } } },
      inputs: [{ id: "genui-key", type: "promptString", description: "GenUI secret key", password: true }],
    },
    null,
    2,
  ),
  inspector: `npx @modelcontextprotocol/inspector --cli ${mcpUrl} --transport http \\
  --header "Authorization: Bearer $GENUI_SECRET_KEY" \\
  --method tools/call --tool-name show_ui --tool-arg "request=A signup form with name and email"`,
});

/** An AG-UI frontend's agent: @ag-ui/client's HttpAgent on the AG-UI route, a frontend tool to hand the screen to. */
const agUiSnippet = (url: string) => `import { HttpAgent } from "@ag-ui/client";

const agent = new HttpAgent({
  url: "${url}",
  headers: { Authorization: \`Bearer \${process.env.GENUI_SECRET_KEY}\` },
});
agent.addMessage({ id: "m1", role: "user", content: "A contact form with name, email and message" });
await agent.runAgent({
  // Optional: a frontend tool GenUI calls with the screen (default name: render_screen).
  tools: [{ name: "render_screen", description: "Shows a GenUI screen",
            parameters: { type: "object", properties: { screen: { type: "object" } }, required: ["screen"] } }],
});
const { screen, screen_id } = agent.state; // render screen with <GenUI json={screen} />`;

export function UsingInAgents({ origin }: { origin: string }) {
  const mcpUrl = `${origin}/mcp`;
  const configs = hostConfigs(mcpUrl);
  return (
    <DocSection id="using-in-agents" title="Using In Agents">
      <p>
        An agent can show interfaces by using GenUI as one of its tools. The agent keeps deciding <em>what</em> to do; GenUI
        decides <em>how it looks</em>.
      </p>

      <h3>Connect an MCP host</h3>
      <p>
        Agent hosts that speak MCP — Claude, ChatGPT, VS Code, Goose, CopilotKit and others — show GenUI screens inside the
        conversation with no code of yours: add one URL. GenUI is an MCP server whose answers are <strong>MCP Apps</strong>: its{" "}
        <code>show_ui</code> tool turns the model's request into a screen, and the host renders it with GenUI's UI resource, in
        the host's own colours and fonts. When the user presses a button, the screen asks GenUI for the next one and tells the
        host's model what happened, so the conversation goes on.
      </p>
      <ul>
        <li>
          <strong>URL:</strong> <code>{mcpUrl}</code> (Streamable HTTP). Your dashboard shows it beside each app.
        </li>
        <li>
          <strong>Sign in (hosts that connect with OAuth):</strong> add the URL; the host opens GenUI, you sign in and choose
          which of your apps it may use. Its screens are billed to that app. Disconnect it any time from the app on your
          dashboard.
        </li>
        <li>
          <strong>Key (hosts that take a header):</strong> send <code>Authorization: Bearer</code> with the app's secret key.
        </li>
      </ul>
      <p>
        Claude Desktop, Claude Code and other hosts with an <code>mcpServers</code> file:
      </p>
      <CodeBlock code={configs.claude} language="json" label="mcpServers configuration" />
      <p>
        VS Code (<code>.vscode/mcp.json</code>):
      </p>
      <CodeBlock code={configs.vscode} language="json" label="VS Code mcp.json" />
      <p>Try it from a terminal with the MCP Inspector:</p>
      <CodeBlock code={configs.inspector} language="bash" label="MCP Inspector" />
      <p>
        Each <code>show_ui</code> call costs what a chat completion of the same request costs, under the same limits. A screen can
        be changed later: the model passes the <code>screen_id</code> from an earlier result.
      </p>

      <h3>Use an AG-UI client</h3>
      <p>
        Frontends built on AG-UI — CopilotKit and the agent frameworks that speak it — can run GenUI as an agent: point an{" "}
        <code>HttpAgent</code> at <code>{`${origin}${API_PREFIX}/ag-ui`}</code> with the app's secret key. The screen arrives as
        the agent's state (<code>screen</code>, <code>code</code>, <code>screen_id</code>), filled in as it is generated; a short
        message tells the conversation what the user sees; and if the run offers a frontend tool named <code>render_screen</code>{" "}
        (or the one <code>forwardedProps.genui.render_tool</code> names), GenUI calls it with the screen so your frontend renders
        it. A press on the screen goes back as the next user message, the action's JSON, and the next run answers the next screen.
        Each run costs what a chat completion of the same request costs.
      </p>
      <CodeBlock code={agUiSnippet(`${origin}${API_PREFIX}/ag-ui`)} language="javascript" label="AG-UI HttpAgent" />

      <h3>Your own agent: GenUI as a tool</h3>
      <p>An agent you build on any model with function calling can do the same with the API:</p>
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

      <h4>A worked example</h4>
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
