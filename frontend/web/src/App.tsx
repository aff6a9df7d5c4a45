import { useEffect, useState } from "react";

type Status = "checking" | "signed-out" | "signed-in" | "unreachable";

/** The walking skeleton's page: the product's promise, and a live round trip through the BFF to identity. */
export function App() {
  const [status, setStatus] = useState<Status>("checking");

  useEffect(() => {
    const controller = new AbortController();
    fetch("/get-csrf/", { credentials: "include", signal: controller.signal })
      .then(() => fetch("/accounts/api/v1/me/", { credentials: "include", signal: controller.signal }))
      .then((res) => setStatus(res.ok ? "signed-in" : res.status === 401 ? "signed-out" : "unreachable"))
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === "AbortError")) setStatus("unreachable");
      });
    return () => controller.abort();
  }, []);

  return (
    <main className="hero">
      <span className="badge">Transform your chat experiences</span>
      <h1>Bring chat to life with real-time visualizations</h1>
      <p className="lead">
        GenUI makes chat visually interactive: describe an interface in plain language and turn plain text conversations into
        immersive experiences.
      </p>
      <p className="status" data-testid="session-status" data-status={status}>
        {status === "checking" && "Checking your session…"}
        {status === "signed-out" && "You are signed out."}
        {status === "signed-in" && "You are signed in."}
        {status === "unreachable" && "The platform is not reachable right now."}
      </p>
    </main>
  );
}
