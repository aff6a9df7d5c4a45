import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import styled from "styled-components";
import { ButtonLink } from "../../components/ui/button";
import { AuthPageWrap as Wrap, AuthPanel } from "../auth-page";
import { Spinner } from "../../components/ui/spinner";
import { useToast } from "../../components/ui/toast";
import { confirmSignup } from "../../features/auth";
import { ApiError } from "../../lib/api-client";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

const Panel = styled(AuthPanel)`
  display: grid;
  gap: 16px;
  h1 {
    font-size: 28px;
    margin: 0;
  }
  p {
    margin: 0;
  }
`;

/** The token of the sign-up mail's link, from the fragment (`#token=…`: never sent to a server, nor in a Referer). */
const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim() ?? "";

type State = { kind: "confirming" } | { kind: "failed"; message: string };

/**
 * The page the sign-up mail links to: it sends the link's token, which creates the account and signs it in, then
 * goes to the dashboard. The token leaves the address bar at once (not kept in history).
 */
export default function ConfirmEmailPage() {
  useTitle("Confirm your email");
  const navigate = useNavigate();
  const toast = useToast();
  const { markLoggedIn } = useSession();
  const [state, setState] = useState<State>({ kind: "confirming" });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = tokenFromHash(window.location.hash);
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token) {
      setState({ kind: "failed", message: "This page needs the link from your sign-up email. Open the link in that email." });
      return;
    }
    confirmSignup(token).then(
      (user) => {
        markLoggedIn(user);
        toast({ title: "Account created!", description: "Redirecting to your dashboard...", variant: "success" });
        navigate("/dashboard", { replace: true });
      },
      (err: unknown) => {
        const fields = err instanceof ApiError ? err.fieldErrors() : {};
        const message =
          fields.token ??
          (err instanceof ApiError && err.status === 429
            ? err.message
            : "We could not confirm your email right now. Please open the link again in a moment.");
        setState({ kind: "failed", message });
      },
    );
  }, [markLoggedIn, navigate, toast]);

  return (
    <Wrap>
      <Panel>
        {state.kind === "confirming" ? (
          <>
            <h1>Confirming your email</h1>
            <p>
              <Spinner label="Creating your account..." />
            </p>
          </>
        ) : (
          <>
            <h1>This link does not work</h1>
            <p role="alert" data-testid="confirm-error">
              {state.message}
            </p>
            <ButtonLink to="/login" $variant="primary" $size="lg" $block>
              Go to sign in
            </ButtonLink>
          </>
        )}
      </Panel>
    </Wrap>
  );
}
