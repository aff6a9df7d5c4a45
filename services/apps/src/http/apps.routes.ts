import { notFound, operationRouter, requireIdentity, userId } from "@genui/chassis";
import type { Request, RequestHandler, Router } from "express";
import type { Apps } from "../use-cases/apps";
import type { Appearances } from "../use-cases/appearance";
import { putComponentInput, updateThemeInput } from "../domain/appearance";
import { createAppInput, isId, pagination, updateAppInput, updateTemplateInput } from "../domain/validation";
import type { Templates } from "../use-cases/templates";
import type { OAuthServer } from "../use-cases/oauth";
import type { OAuthLimits } from "../use-cases/oauth-limits";
import { oauthRoutes } from "./oauth.routes";

/**
 * Every signed-in route acts on the signed user's own apps; another user's app or template is a 404, never a 403.
 * The OAuth authorization server's rows (agent hosts connecting to the MCP server) are open: oauth.routes.ts.
 */
export function appRoutes(
  apps: Apps,
  templates: Templates,
  appearances: Appearances,
  oauth: OAuthServer,
  oauthLimits: OAuthLimits,
): Router {
  /** Every route needs the signed identity. */
  const signedIn = (handler: RequestHandler): RequestHandler[] => [requireIdentity, handler];

  const appIdOf = (req: Request, param: string) => {
    const id = req.params[param];
    if (!isId(typeof id === "string" ? id : undefined)) throw notFound();
    return id as string;
  };
  /** A component's name from the path (its form is checked with the declaration). */
  const componentName = (req: Request) => String(req.params.name ?? "");
  /** The app, if the caller owns it. */
  const ownedApp = (req: Request, param = "appId") => apps.owned(userId(req), appIdOf(req, param));

  return operationRouter("apps", {
    "apps.list": signedIn(async (req, res) => {
      const { page, page_size } = pagination.parse(req.query);
      res.json(await apps.list(userId(req), page, page_size));
    }),

    "apps.create": signedIn(async (req, res) => {
      res.status(201).json(await apps.create(userId(req), createAppInput.parse(req.body ?? {})));
    }),

    "apps.delete": signedIn(async (req, res) => {
      await apps.delete(userId(req), appIdOf(req, "appId"));
      res.status(204).end();
    }),

    "apps.rotateKey": signedIn(async (req, res) => {
      res.json(await apps.rotateKey(userId(req), appIdOf(req, "appId")));
    }),

    "apps.rotatePublishableKey": signedIn(async (req, res) => {
      res.json(await apps.rotatePublishableKey(userId(req), appIdOf(req, "appId")));
    }),

    // The owner's settings of an app: the publishable key's daily spend cap (`daily_spend_cap`, dollars) and whether
    // its chat completions are kept by default (`store_completions`).
    "apps.update": signedIn(async (req, res) => {
      const id = appIdOf(req, "appId");
      const input = updateAppInput.parse(req.body ?? {});
      res.json(await apps.update(userId(req), id, input));
    }),

    "apps.listTemplates": signedIn(async (req, res) => {
      const { page, page_size } = pagination.parse(req.query);
      const app = await ownedApp(req);
      res.json(await templates.list(app._id, page, page_size));
    }),

    "apps.createTemplate": signedIn(async (req, res) => {
      const app = await ownedApp(req);
      res.status(201).json(await templates.create(app._id, app.ownerId));
    }),

    "apps.getTemplate": signedIn(async (req, res) => {
      const app = await ownedApp(req);
      res.json(await templates.get(app._id, appIdOf(req, "templateId")));
    }),

    "apps.updateTemplate": signedIn(async (req, res) => {
      const input = updateTemplateInput.parse(req.body ?? {});
      const app = await ownedApp(req);
      res.json(await templates.update(app._id, appIdOf(req, "templateId"), input));
    }),

    "apps.deleteTemplate": signedIn(async (req, res) => {
      const app = await ownedApp(req);
      await templates.delete(app._id, appIdOf(req, "templateId"));
      res.status(204).end();
    }),

    // The app's look (brand theme and the developer's own components): every answer is the whole Appearance.
    "apps.getAppearance": signedIn(async (req, res) => {
      res.json(await appearances.get(userId(req), appIdOf(req, "appId")));
    }),

    "apps.updateTheme": signedIn(async (req, res) => {
      const id = appIdOf(req, "appId");
      const input = updateThemeInput.parse(req.body);
      res.json(await appearances.updateTheme(userId(req), id, input));
    }),

    "apps.putComponent": signedIn(async (req, res) => {
      const id = appIdOf(req, "appId");
      const input = putComponentInput.parse(req.body);
      res.json(await appearances.putComponent(userId(req), id, componentName(req), input));
    }),

    "apps.deleteComponent": signedIn(async (req, res) => {
      res.json(await appearances.deleteComponent(userId(req), appIdOf(req, "appId"), componentName(req)));
    }),

    ...oauthRoutes(oauth, oauthLimits),
  });
}
