import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { AuthPageWrap as Wrap, AuthPanel as Panel } from "../auth-page";
import { LoginForm } from "../../features/auth/components/login-form";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

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
