import { useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { Container } from "../../components/ui/layout";
import { ConsentPage } from "../../features/apps";
import { LoginScreen } from "../login-screen";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

const Lead = styled.p`
  margin: 40px auto 0;
  max-width: 440px;
  text-align: center;
  color: var(--fg-muted);
`;

/**
 * `/oauth/consent?request=…`: where an agent host's authorization request lands (MCP). Signed in, the owner picks the
 * app and allows or denies; signed out, the login form in place (success stays on this page and this request).
 */
export default function OAuthConsentPage() {
  useTitle("Connect an agent host");
  const { isLoggedIn } = useSession();
  const [params] = useSearchParams();
  if (!isLoggedIn)
    return (
      <>
        <Container>
          <Lead>An agent host is asking to connect to one of your apps. Sign in to choose which one, or to deny it.</Lead>
        </Container>
        <LoginScreen />
      </>
    );
  return (
    <Container>
      <ConsentPage requestId={params.get("request") ?? ""} />
    </Container>
  );
}
