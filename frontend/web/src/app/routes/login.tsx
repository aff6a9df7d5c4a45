import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import styled from "styled-components";
import { Card, Container } from "../../components/ui/layout";
import { LoginForm } from "../../features/auth/components/login-form";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

const Wrap = styled(Container)`
  display: grid;
  place-items: center;
  padding-block: 56px;
  min-height: calc(100dvh - var(--header-h) - 200px);
`;

const Panel = styled(Card)`
  width: min(440px, 100%);
  padding: 32px;
  @media (max-width: 480px) {
    padding: 20px;
  }
`;

export default function LoginPage() {
  useTitle("Sign in");
  const navigate = useNavigate();
  const { isLoggedIn, loggingOut } = useSession();

  // Already signed in (e.g. a second tab): the dashboard is where sign-in leads anyway.
  useEffect(() => {
    if (isLoggedIn && !loggingOut) navigate("/dashboard", { replace: true });
  }, [isLoggedIn, loggingOut, navigate]);

  return (
    <Wrap>
      <Panel>
        <LoginForm headingLevel={1} onSuccess={() => navigate("/dashboard")} />
      </Panel>
    </Wrap>
  );
}
