import { Link } from "react-router-dom";
import { API_PATHS } from "../../api-paths";
import {
  ANSWER_SHAPE,
  ERROR_SHAPE,
  THINKING_MODEL,
  conversationSnippets,
  errorSnippets,
  modelsSnippets,
  retrieveSnippets,
  resumeSnippets,
  streamSnippets,
  thinkingSnippets,
} from "../../api-snippets";
import { MODEL, apiBase, chatSnippets } from "../../snippets";
import { Code, CodeTabs } from "../code-tabs";
import { Callout, DataTable, DocSection } from "../prose";

const ERRORS: [status: string, when: string, codes: string[]][] = [
  [
    "400",
    "The body or a parameter is malformed; param names the field.",
    ["missing_required_parameter", "invalid_value", "invalid_json", "context_length_exceeded", "invalid_code"],
  ],
  ["401", "No key, or a key that belongs to no app.", ["missing_api_key", "invalid_api_key"]],
  ["402", "The app owner's balance cannot cover the request's maximum cost. Not retried.", ["insufficient_quota"]],
  [
    "403",
    "The app is not active (for example after its subscription was cancelled); the secret key was sent from a browser; the publishable key came from another website or called a route other than retrieve.",
    ["app_inactive", "secret_key_in_browser", "publishable_key_origin_mismatch", "publishable_key_route"],
  ],
  ["404", "The model does not exist.", ["model_not_found"]],
  [
    "429",
    "The key used up its requests for this minute, or the publishable key reached today's spend cap; wait for Retry-After seconds.",
    ["rate_limit_exceeded", "daily_spend_cap_reached"],
  ],
  [
    "502 / 504",
    "The model failed or did not answer in time, or its answer could not become a screen.",
    ["upstream_error", "upstream_timeout", "invalid_model_output", "stream_interrupted"],
  ],
  ["503", "The service is busy or a dependency is down; wait for Retry-After seconds.", ["overloaded", "service_unavailable"]],
];

export function ApiCalling({ origin }: { origin: string }) {
  const base = apiBase(origin);
  return (
    <DocSection id="api-calling" title="Api Calling">
      <p>
        The API speaks OpenAI's chat completions protocol, so the official OpenAI clients work unchanged: point them at{" "}
        <code>{base}</code> and use your app's key. Keep the key on your server — anyone who can read it can spend your balance.
      </p>

      <h3>Your first request</h3>
      <p>
        Send the user's request as a user message. Replace <code>YOUR_API_KEY</code> with the key shown on your{" "}
        <Link to="/dashboard">dashboard</Link>.
      </p>
      <CodeTabs snippets={chatSnippets(origin)} label="Chat completion" />

      <h3>The answer</h3>
      <p>
        <code>choices[0].message.content</code> is a JSON <strong>string</strong>. Parse it to get two fields:
      </p>
      <ul>
        <li>
          <code>json</code> — the screen (screen JSON v1): what you render with the component.
        </li>
        <li>
          <code>code</code> — the UI code the screen was built from: compact, and what the model reads in later turns.
        </li>
      </ul>
      <Code code={ANSWER_SHAPE} language="json" label="Parsed message content" />
      <Callout label="Storing answers">
        <p>
          <strong>Store both; render with json; keep code for the history.</strong> Use <code>json</code> in the component (or{" "}
          <code>code</code>, never both). When you send the conversation again, the assistant's turn is its <code>code</code> —
          never send <code>json</code> in the history: it is larger and the model reads code.
        </p>
      </Callout>

      <h3>Conversations</h3>
      <p>
        The API keeps no history: send the whole conversation each time, as with any OpenAI-compatible API. A follow-up such as
        “add a task” changes the previous screen, because the model sees its code.
      </p>
      <CodeTabs snippets={conversationSnippets(origin)} label="Conversation" />

      <h3>Streaming</h3>
      <p>
        With <code>stream: true</code> the answer arrives as server-sent events, the way the OpenAI clients read them.{" "}
        <strong>Each chunk's content is the next piece of one JSON text</strong>: the pieces added up are exactly the
        non-streaming content. The UI code arrives as the model writes it (a streaming <code>&lt;GenUI stream&gt;</code> renders
        it as it comes, see Rendering); the last content chunk closes the text with the validated screen as <code>json</code> and
        carries <code>finish_reason</code>. With <code>stream_options: {"{ include_usage: true }"}</code> a final chunk reports
        the usage.
      </p>
      <CodeTabs snippets={streamSnippets(origin)} label="Streaming" />

      <h3>Resuming a stream</h3>
      <p>
        Every event carries its number (<code>id: 3</code>). When the connection drops, read the rest of the same answer — from
        any server — with <code>{`GET ${API_PATHS.chatCompletions}/{id}?stream=true&starting_after=3`}</code> (or the{" "}
        <code>Last-Event-ID</code> header): the events after that one, live while the answer is still being written, none
        repeated. Ask for <code>stream_options: {"{ resumable: true }"}</code> and a dropped answer waits 10 s for you to come
        back instead of stopping. Streams stay readable for 5 minutes after they end.
      </p>
      <CodeTabs snippets={resumeSnippets(origin)} label="Resuming" />

      <h3>Reasoning</h3>
      <p>
        <code>{THINKING_MODEL}</code> plans the screen before building it. Ask for its thoughts with{" "}
        <code>extra_body: {"{ include_thoughts: true }"}</code> in the request body and they stream first, as{" "}
        <code>delta.reasoning_content</code> (in a non-streamed answer, <code>message.reasoning_content</code>) — never inside the
        content.
      </p>
      <CodeTabs snippets={thinkingSnippets(origin)} label="Reasoning" />

      <h3>Retrieve a screen</h3>
      <p>
        <code>{`POST ${API_PATHS.retrieve}`}</code> takes <code>code</code> and/or <code>prompt</code> and answers{" "}
        <code>{"{json, code}"}</code>. Code alone is evaluated in the sandbox without a model call and is not billed — handy to
        turn stored code back into a screen. A prompt generates a screen; code with a prompt asks the model to change that code.
        The component calls this endpoint itself when you give it <code>code</code> or <code>prompt</code>, with your app's
        publishable key; from a server, use the secret key.
      </p>
      <CodeTabs snippets={retrieveSnippets(origin)} label="Retrieve" />

      <h3>Models</h3>
      <p>
        <code>{`GET ${API_PATHS.models}`}</code> lists the models your key can call: <code>{MODEL}</code> and{" "}
        <code>{THINKING_MODEL}</code>. Their prices and token limits are on the <Link to="/pricing">pricing page</Link>.
      </p>
      <CodeTabs snippets={modelsSnippets(origin)} label="Models" />

      <h3>Errors</h3>
      <p>Errors have OpenAI's shape, so the clients raise them as their usual exceptions:</p>
      <Code code={ERROR_SHAPE} language="json" label="Error body" />
      <DataTable label="Error statuses" nowrapCode>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">When, and its code</th>
          </tr>
        </thead>
        <tbody>
          {ERRORS.map(([status, when, codes]) => (
            <tr key={status}>
              <th scope="row">{status}</th>
              <td>
                {when}
                <br />
                {codes.map((c, i) => (
                  <span key={c}>
                    {i > 0 && ", "}
                    <code>{c}</code>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p>
        The official clients retry 429 and 5xx answers a couple of times on their own, honouring <code>Retry-After</code>; a 402
        tells them not to. An error after a stream has started arrives as a last <code>{'data: {"error": …}'}</code> event, which
        the clients raise too.
      </p>
      <CodeTabs snippets={errorSnippets(origin)} label="Handling errors" />
    </DocSection>
  );
}
