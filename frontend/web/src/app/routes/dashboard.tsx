import styled from "styled-components";
import { Container } from "../../components/ui/layout";
import { AppsSection, GettingStarted } from "../../features/apps";
import { BalanceSection } from "../../features/billing";
import { LoginScreen } from "../login-screen";
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

/** SPEC §2 Dashboard: balance and apps when signed in; the login screen otherwise (success stays here). */
export default function DashboardPage() {
  useTitle("Dashboard");
  const { isLoggedIn, user } = useSession();
  if (!isLoggedIn) {
    return <LoginScreen />;
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
