import { Link } from "react-router-dom";
import styled from "styled-components";
import { Card } from "../../../components/ui/layout";

const Box = styled(Card)`
  h2 {
    font-size: 20px;
    margin-bottom: 12px;
  }
  ol {
    margin: 0 0 16px;
    padding-left: 1.4em;
    display: grid;
    gap: 8px;
    color: var(--fg-muted);
  }
  li::marker {
    color: var(--accent-text);
    font-weight: 700;
  }
  strong {
    color: var(--fg);
  }
  code {
    font-size: 0.92em;
  }
`;

/** The dashboard's short "Getting Started" box (SPEC §2): three steps and a way to the docs. */
export function GettingStarted() {
  return (
    <Box as="section" aria-labelledby="getting-started-heading">
      <h2 id="getting-started-heading">Getting Started</h2>
      <ol>
        <li>
          <strong>Create an app</strong> for your website and copy its API key.
        </li>
        <li>
          <strong>Call the API</strong> with the model <code>genui-pluto-0.1</code> from your chat backend.
        </li>
        <li>
          <strong>Render the answer</strong> with the GenUI component in your chat interface.
        </li>
      </ol>
      <Link to="/docs">Read the documentation</Link>
    </Box>
  );
}
