import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import styled from "styled-components";
import { Button } from "../../../components/ui/button";
import { FieldError, TextField } from "../../../components/ui/field";
import { useToast, type ToastInput } from "../../../components/ui/toast";
import { ApiError } from "../../../lib/api-client";
import { useSession, type User } from "../../../lib/session";
import { loginWithGoogle, loginWithPassword, register, type SignupStarted } from "../api";
import { GoogleSignIn, type GoogleOutcome } from "./google-sign-in";

const Form = styled.form`
  display: grid;
  gap: 16px;
`;

const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  color: var(--fg-muted);
  font-size: 14px;
  &::before,
  &::after {
    content: "";
    flex: 1;
    border-top: 1px solid var(--border);
  }
`;

const Errors = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 4px;
`;

const Switch = styled.p`
  margin: 0;
  text-align: center;
  font-size: 15px;
  color: var(--fg-muted);
`;

const FIELD_LABELS: Record<string, string> = { email: "Email", password: "Password", name: "Name", access_token: "Google" };

type Mode = "login" | "signup";

/** "24 hours", "2 days", "30 minutes". */
const linkLifetime = (minutes: number) =>
  minutes % 1440 === 0
    ? minutes === 1440
      ? "24 hours"
      : `${minutes / 1440} days`
    : minutes % 60 === 0
      ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
      : `${minutes} minutes`;

/**
 * Email and password sign-in (and sign-up), plus Google. Every toast and state is SPEC §4/§5/§8's. The caller decides
 * where success leads (the login page and the dashboard go to /dashboard; the chat's dialog stays).
 */
export function LoginForm({
  onSuccess,
  headingLevel = 2,
  showHeading = true,
}: {
  onSuccess(user: User): void;
  headingLevel?: 1 | 2;
  /** False inside a dialog whose own title names the sign-in: the form then shows no heading of its own. */
  showHeading?: boolean;
}) {
  const showToast = useToast();
  /** The form's last error toast: dismissed once it is stale (a newer attempt, or a newer toast of this form). */
  const errorToast = useRef<(() => void) | undefined>(undefined);
  const dismissErrorToast = () => {
    errorToast.current?.();
    errorToast.current = undefined;
  };
  const toast = (t: ToastInput) => {
    dismissErrorToast();
    const dismiss = showToast(t);
    if (t.variant === "destructive") errorToast.current = dismiss;
  };
  const { markLoggedIn } = useSession();
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A sign-up sent: the form gives way to "check your inbox". */
  const [sent, setSent] = useState<SignupStarted>();
  const [resending, setResending] = useState(false);

  const clearErrors = () => setErrors((e) => (Object.keys(e).length ? {} : e));
  /** A field's change handler: the new value is kept and the shown errors go. */
  const edit = (setValue: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    setValue(e.target.value);
    clearErrors();
  };

  const succeed = (user: User, title: string) => {
    markLoggedIn(user);
    toast({ title, description: "Redirecting to your dashboard...", variant: "success" });
    onSuccess(user);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    if (!email.trim() || !password) {
      toast({ title: "Login failed", description: "Please fill in all fields.", variant: "destructive" });
      return;
    }
    dismissErrorToast();
    setSubmitting(true);
    setErrors({});
    try {
      if (mode === "signup") {
        const started = await register(email.trim(), password, name.trim() || undefined);
        setSent({
          email: started?.email || email.trim(),
          message: started?.message ?? "",
          expiresInMinutes: started?.expiresInMinutes ?? 0,
        });
        return;
      }
      const user = await loginWithPassword(email.trim(), password);
      if (!user?.id) throw new Error("The sign-in answer has no user.");
      succeed(user, "Login successful!");
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (err instanceof ApiError && err.status === 429) setErrors({ non_field_errors: err.message });
      else if (Object.keys(fields).length) setErrors(fields);
      else
        toast({
          title: "Logging in failed",
          description: "There was a problem logging in. Please try again later.",
          variant: "destructive",
        });
    } finally {
      setSubmitting(false);
    }
  };

  const onGoogle = async (outcome: GoogleOutcome) => {
    if ("error" in outcome) {
      if (outcome.error === "failed")
        toast({
          title: "Sign in failed",
          description: "There was a problem signing in with Google. Please try again.",
          variant: "destructive",
        });
      return;
    }
    dismissErrorToast();
    setGoogleBusy(true);
    setErrors({});
    try {
      const user = await loginWithGoogle(outcome.token);
      if (!user?.id) throw new Error("The sign-in answer has no user.");
      succeed(user, "Google Sign In successful!");
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (Object.keys(fields).length) setErrors(fields);
      toast({
        title: "Sign in failed",
        description: "There was a problem signing in with Google. Please try again.",
        variant: "destructive",
      });
    } finally {
      setGoogleBusy(false);
    }
  };

  const H = headingLevel === 1 ? "h1" : "h2";
  const errorList = Object.entries(errors);

  /** The same sign-up again (a lost or late mail): a fresh link; the first one keeps working until it expires. */
  const resend = async () => {
    if (resending) return;
    setResending(true);
    try {
      await register(email.trim(), password, name.trim() || undefined);
      toast({
        title: "Email sent again",
        description: `Another link is on its way to ${sent?.email ?? email.trim()}.`,
        variant: "success",
      });
    } catch (err) {
      toast({
        title: "Could not send it again",
        description: err instanceof ApiError && err.status === 429 ? err.message : "Please try again in a moment.",
        variant: "destructive",
      });
    } finally {
      setResending(false);
    }
  };

  if (sent)
    return (
      <div style={{ display: "grid", gap: 16 }} data-testid="signup-sent">
        {showHeading && <H style={{ fontSize: 28, margin: 0 }}>Check your inbox</H>}
        <p style={{ margin: 0 }}>
          We sent a link to <strong>{sent.email}</strong>. Open it to confirm your address and finish creating your account; it
          works once{sent.expiresInMinutes > 0 ? `, for ${linkLifetime(sent.expiresInMinutes)}` : ""}.
        </p>
        <p style={{ margin: 0, color: "var(--fg-muted)", fontSize: 15 }}>
          Nothing there after a few minutes? Look in your spam folder, or send it again.
        </p>
        <Button variant="outline" block busy={resending} onClick={() => void resend()}>
          {resending ? "Sending..." : "Send the link again"}
        </Button>
        <Switch>
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setSent(undefined);
              setPassword("");
            }}
          >
            Use a different email
          </Button>
          {" · "}
          <Button
            variant="link"
            size="sm"
            onClick={() => {
              setSent(undefined);
              setMode("login");
              setPassword("");
            }}
          >
            Sign in instead
          </Button>
        </Switch>
      </div>
    );

  return (
    <div style={{ display: "grid", gap: 20 }}>
      {showHeading && (
        <div>
          <H style={{ fontSize: 28, margin: 0 }}>{mode === "login" ? "Sign in to GenUI" : "Create your GenUI account"}</H>
          <p style={{ color: "var(--fg-muted)", margin: "6px 0 0" }}>
            {mode === "login"
              ? "Manage your apps, API keys, templates and balance."
              : "Free to start: pay only for what you use."}
          </p>
        </div>
      )}
      <GoogleSignIn busy={googleBusy} onResult={(o) => void onGoogle(o)} />
      <Divider>or</Divider>
      <Form onSubmit={(e) => void submit(e)} noValidate>
        {mode === "signup" && (
          <TextField label="Name (optional)" name="name" autoComplete="name" value={name} onChange={edit(setName)} />
        )}
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={edit(setEmail)} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          hint={mode === "signup" ? "At least 8 characters." : undefined}
          value={password}
          onChange={edit(setPassword)}
        />
        <Button type="submit" size="lg" block busy={submitting}>
          {submitting
            ? mode === "login"
              ? "Logging in..."
              : "Creating account..."
            : mode === "login"
              ? "Sign in"
              : "Create account"}
        </Button>
        {errorList.length > 0 && (
          <Errors aria-live="assertive" data-testid="form-errors">
            {errorList.map(([field, message]) => (
              <li key={field}>
                <FieldError>
                  {FIELD_LABELS[field] && field !== "non_field_errors" ? `${FIELD_LABELS[field]}: ` : ""}
                  {message}
                </FieldError>
              </li>
            ))}
          </Errors>
        )}
      </Form>
      <Switch>
        {mode === "login" ? "New to GenUI? " : "Already have an account? "}
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            setMode(mode === "login" ? "signup" : "login");
            setErrors({});
          }}
        >
          {mode === "login" ? "Create an account" : "Sign in instead"}
        </Button>
      </Switch>
    </div>
  );
}
