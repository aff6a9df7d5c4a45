import styled from "styled-components";
import { Card, Container } from "../components/ui/layout";
import { LoginForm } from "../features/auth/components/login-form";

const LoginPanel = styled(Card)`
  width: min(440px, 100%);
  margin: 56px auto;
  padding: 32px;
  @media (max-width: 480px) {
    padding: 20px;
  }
`;

/** What a page that needs an account shows when logged out (SPEC §6): the login form; success stays on the page. */
export function LoginScreen() {
  return (
    <Container>
      <LoginPanel>
        <LoginForm headingLevel={1} onSuccess={() => undefined} />
      </LoginPanel>
    </Container>
  );
}
