import { isRouteErrorResponse, useRouteError } from "react-router-dom";

/**
 * The routing fallback (SPEC §2: "Unexpected Application Error!"). It renders outside the shell's providers, so it
 * uses plain markup and the theme's CSS variables only.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  console.error(error);
  return (
    <main
      id="main"
      style={{ minHeight: "100dvh", display: "grid", placeContent: "center", gap: 16, padding: 24, textAlign: "center" }}
    >
      <h1 style={{ fontSize: 32 }}>Unexpected Application Error!</h1>
      <p style={{ color: "var(--fg-muted)", maxWidth: 560 }}>{detail}</p>
      <p>
        <a href="/">Return to Home</a>
      </p>
    </main>
  );
}
