import styled from "styled-components";
import { Card, Container } from "../../components/ui/layout";
import { AppsSection } from "../../features/apps/components/apps-section";
import { GettingStarted } from "../../features/apps/components/getting-started";
import { LoginForm } from "../../features/auth/components/login-form";
import { BalanceSection } from "../../features/billing/components/balance-section";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

const Page = styled(Container)`
  display: grid;
  gap: 40px;
  padding-block: 40px 64px;
  h1 {
    font-size: clamp(28px, 4vw, 36px);
    margin: 0;
  }
`;

const LoginPanel = styled(Card)`
  width: min(440px, 100%);
  margin: 56px auto;
  padding: 32px;
  @media (max-width: 480px) {
    padding: 20px;
  }
`;

/** SPEC §2 Dashboard: balance and apps when signed in; the login screen otherwise (success stays here). */
export default function DashboardPage() {
  useTitle("Dashboard");
  const { isLoggedIn, user } = useSession();
  if (!isLoggedIn) {
    return (
      <Container>
        <LoginPanel>
          <LoginForm headingLevel={1} onSuccess={() => undefined} />
        </LoginPanel>
      </Container>
    );
  }
  return (
    <Page>
      <div>
        <h1>Dashboard</h1>
        <p style={{ color: "var(--fg-muted)", margin: "6px 0 0" }}>
          {user?.email ? `Signed in as ${user.email}` : "Your balance, apps and templates."}
        </p>
      </div>
      <BalanceSection />
      <AppsSection />
      <GettingStarted />
    </Page>
  );
}
