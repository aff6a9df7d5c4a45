import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { RootLayout } from "./root-layout";
import { RouteError } from "./routes/route-error";

/** Each page is its own chunk: the landing page loads only what it shows. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import("./routes/landing")) },
      { path: "pricing", lazy: page(() => import("./routes/pricing")) },
      { path: "docs", lazy: page(() => import("./routes/docs")) },
      { path: "login", lazy: page(() => import("./routes/login")) },
      { path: "confirm-email", lazy: page(() => import("./routes/confirm-email")) },
      { path: "contact", lazy: page(() => import("./routes/contact")) },
      { path: "dashboard", lazy: page(() => import("./routes/dashboard")) },
      // An agent host's authorization request (MCP): OAUTH_CONSENT_PAGE of @genui/contracts/http.
      { path: "oauth/consent", lazy: page(() => import("./routes/oauth-consent")) },
      { path: "privacy", lazy: page(() => import("./routes/privacy")) },
      { path: "terms", lazy: page(() => import("./routes/terms")) },
      { path: "refund", lazy: page(() => import("./routes/refund")) },
      { path: "chat/:appId?", lazy: page(() => import("./routes/chat")), handle: { fullscreen: true } },
      { path: "genui", lazy: page(() => import("./routes/genui")), handle: { fullscreen: true } },
      { path: "playground", lazy: page(() => import("./routes/playground")) },
      { path: "preview/:appId/:templateId", lazy: page(() => import("./routes/preview")) },
      { path: "*", lazy: page(() => import("./routes/not-found")) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
