import { Link } from "react-router-dom";
import styled from "styled-components";
import { Container } from "../../components/ui/layout";
import { useTitle } from "../../lib/use-title";

export const Centered = styled(Container)`
  min-height: 60vh;
  display: grid;
  place-content: center;
  text-align: center;
  gap: 16px;
  padding-block: 64px;
  h1 {
    font-size: clamp(28px, 5vw, 44px);
  }
  p {
    color: var(--fg-muted);
  }
`;

export function NotFoundPage() {
  useTitle("Page not found");
  return (
    <Centered>
      <p aria-hidden="true" style={{ fontSize: 64, fontWeight: 800, margin: 0, color: "var(--accent-text)" }}>
        404
      </p>
      <h1>Oops! The page you&apos;re looking for doesn&apos;t exist.</h1>
      <p>
        <Link to="/">Return to Home</Link>
      </p>
    </Centered>
  );
}

export default NotFoundPage;
