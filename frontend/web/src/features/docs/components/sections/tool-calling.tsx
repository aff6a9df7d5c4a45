import { THINKING_MODEL, webSearchSnippets } from "../../api-snippets";
import { CodeTabs } from "../code-tabs";
import { Callout, DocSection } from "../prose";

export function ToolCalling({ origin }: { origin: string }) {
  return (
    <DocSection id="tool-calling" title="Tool Calling">
      <p>
        GenUI has one built-in tool: <strong>web search</strong>. Offer it in <code>tools</code> and the model may search the web
        for current facts — news, prices, schedules — before it builds the screen. GenUI runs the search itself: there is no tool
        call for you to answer, no second request, and the answer is still a screen.
      </p>
      <CodeTabs snippets={webSearchSnippets(origin)} label="Web search" />

      <h3>How it works</h3>
      <ul>
        <li>
          A tool counts as web search when it is a function named <code>web_search</code> (as above), or when its{" "}
          <code>type</code> starts with <code>web_search</code>.
        </li>
        <li>
          It works with both models; <code>{THINKING_MODEL}</code>, which plans before it builds, makes the most of it.
        </li>
        <li>
          The model decides whether a search is needed; a request that needs no current facts is answered without one. Search
          results are treated as data, never as instructions.
        </li>
        <li>What the model reads from the results counts as input tokens of the request.</li>
      </ul>
      <Callout label="Your own tools">
        <p>
          GenUI does not call your functions: other tools in the list are ignored, and its answers never contain{" "}
          <code>tool_calls</code>. To combine GenUI with tools of your own, turn it around — make GenUI a tool of your agent, as
          the next section shows.
        </p>
      </Callout>
    </DocSection>
  );
}
