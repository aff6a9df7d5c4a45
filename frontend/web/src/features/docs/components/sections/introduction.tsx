import { Link } from "react-router-dom";
import styled from "styled-components";
import { API_PATHS } from "../../api-paths";
import { THINKING_MODEL } from "../../api-snippets";
import { MODEL, apiBase } from "../../snippets";
import { DataTable, DocSection } from "../prose";

const Steps = styled.ol`
  list-style: none;
  padding: 0 !important;
  margin: 24px 0 !important;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 16px;
  counter-reset: step;
  @media (max-width: 1099px) {
    grid-template-columns: minmax(0, 1fr);
  }
  li {
    margin: 0 !important;
    counter-increment: step;
    padding: 18px 18px 16px;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--surface);
    box-shadow: var(--shadow);
  }
  li::before {
    content: counter(step);
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 28px;
    height: 28px;
    margin-bottom: 10px;
    border-radius: 999px;
    background: var(--accent-soft);
    color: var(--accent-text);
    font-weight: 700;
    font-size: 14px;
  }
  h3 {
    margin: 0 0 6px !important;
    font-size: 17px !important;
  }
  p {
    margin: 0 !important;
    color: var(--fg-muted);
    font-size: 15px;
    line-height: 1.6;
  }
`;

export function Introduction({ origin }: { origin: string }) {
  return (
    <DocSection id="introduction" title="Introduction">
      <p>
        GenUI turns chat answers into interfaces. You describe a screen in plain language — a signup form, a sales dashboard, a
        booking flow — and the model <code>{MODEL}</code> answers with <strong>UI code</strong> and a <strong>screen JSON</strong>
        . The GenUI component renders that JSON inside your chat, in a sandboxed frame that follows your visitor's light or dark
        theme, and tells you when the user presses a button or types in a field, so the conversation can go on from there.
      </p>
      <Steps aria-label="How GenUI fits into your product">
        <li>
          <h3>Get an API key</h3>
          <p>
            Sign in, open the <Link to="/dashboard">dashboard</Link> and create an app for your website. Each app has its own
            keys: a secret key for your server and a publishable key for your web pages. All plans allow unlimited apps.
          </p>
        </li>
        <li>
          <h3>Call the API</h3>
          <p>
            Send the conversation to the OpenAI-compatible <code>{API_PATHS.chatCompletions}</code> endpoint with the official
            OpenAI clients. The answer's content is <code>{"{code, json}"}</code>.
          </p>
        </li>
        <li>
          <h3>Render the screen</h3>
          <p>
            Pass <code>json</code> to the <code>&lt;GenUI&gt;</code> React component or the <code>&lt;genui-screen&gt;</code>{" "}
            element; send the user's actions back as messages.
          </p>
        </li>
      </Steps>
      <h3>At a glance</h3>
      <DataTable label="The API at a glance">
        <tbody>
          <tr>
            <th scope="row">Base URL</th>
            <td>
              <code>{apiBase(origin)}</code>
            </td>
          </tr>
          <tr>
            <th scope="row">Authentication</th>
            <td>
              <code>Authorization: Bearer YOUR_API_KEY</code> — the secret key of an active app, from your server; pages use its
              publishable key (retrieve only, from the app's website)
            </td>
          </tr>
          <tr>
            <th scope="row">Models</th>
            <td>
              <code>{MODEL}</code> (fast, the default) and <code>{THINKING_MODEL}</code> (plans the screen first and can share its
              reasoning)
            </td>
          </tr>
          <tr>
            <th scope="row">Endpoints</th>
            <td>
              <code>{`POST ${API_PATHS.chatCompletions}`}</code>, <code>{`POST ${API_PATHS.retrieve}`}</code>,{" "}
              <code>{`GET ${API_PATHS.models}`}</code>,{" "}
              <code>
                {`GET ${API_PATHS.models}/`}
                {"{model}"}
              </code>
            </td>
          </tr>
          <tr>
            <th scope="row">Limits</th>
            <td>600 requests per minute per key, 500 messages per request, 1 MB per request body</td>
          </tr>
        </tbody>
      </DataTable>
      <h3>Pay as you go</h3>
      <p>
        There is no subscription fee. You add balance in US dollars (paid by PayPal, or in Indian rupees by card through Cashfree)
        and each request is charged for the tokens it used, at the prices of its model on the{" "}
        <Link to="/pricing">pricing page</Link>. While a request runs, its maximum cost is held on your balance; when it finishes,
        only what was used is charged, and a request that failed on our side is not charged at all. The <code>usage</code> field
        of every answer shows the tokens counted.
      </p>
    </DocSection>
  );
}
