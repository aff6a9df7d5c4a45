import { notFound, requireIdentity, userId } from "@genui/chassis";
import { Router, type Request } from "express";
import type { Apps } from "../use-cases/apps";
import { createAppInput, isId, pagination, updateAppInput, updateTemplateInput } from "../domain/validation";
import type { Templates } from "../use-cases/templates";

/** Every route acts on the signed user's own apps; another user's app or template is a 404, never a 403. */
export function appRoutes(apps: Apps, templates: Templates): Router {
  const router = Router();
  router.use("/apps/api/v1", requireIdentity);

  const appIdOf = (req: Request, param: string) => {
    const id = req.params[param];
    if (!isId(typeof id === "string" ? id : undefined)) throw notFound();
    return id as string;
  };
  /** The app, if the caller owns it. */
  const ownedApp = (req: Request, param = "appId") => apps.owned(userId(req), appIdOf(req, param));

  router.get("/apps/api/v1/list/", async (req, res) => {
    const { page, page_size } = pagination.parse(req.query);
    res.json(await apps.list(userId(req), page, page_size));
  });

  router.post("/apps/api/v1/create/", async (req, res) => {
    res.status(201).json(await apps.create(userId(req), createAppInput.parse(req.body ?? {})));
  });

  router.delete("/apps/api/v1/delete/:appId/", async (req, res) => {
    await apps.delete(userId(req), appIdOf(req, "appId"));
    res.status(204).end();
  });

  router.post("/apps/api/v1/rotate-key/:appId/", async (req, res) => {
    res.json(await apps.rotateKey(userId(req), appIdOf(req, "appId")));
  });

  router.post("/apps/api/v1/rotate-publishable-key/:appId/", async (req, res) => {
    res.json(await apps.rotatePublishableKey(userId(req), appIdOf(req, "appId")));
  });

  // The owner's settings of an app: today the publishable key's daily spend cap (`daily_spend_cap`, dollars).
  router.patch("/apps/api/v1/update/:appId/", async (req, res) => {
    const id = appIdOf(req, "appId");
    const input = updateAppInput.parse(req.body ?? {});
    res.json(await apps.setDailySpendCap(userId(req), id, input.dailySpendCapMicros));
  });

  router.get("/apps/api/v1/templates/:appId/", async (req, res) => {
    const { page, page_size } = pagination.parse(req.query);
    const app = await ownedApp(req);
    res.json(await templates.list(app._id, page, page_size));
  });

  router.post("/apps/api/v1/templates/:appId/create/", async (req, res) => {
    const app = await ownedApp(req);
    res.status(201).json(await templates.create(app._id, app.ownerId));
  });

  router.get("/apps/api/v1/templates/:appId/retrieve/:templateId/", async (req, res) => {
    const app = await ownedApp(req);
    res.json(await templates.get(app._id, appIdOf(req, "templateId")));
  });

  router.patch("/apps/api/v1/templates/:appId/update/:templateId/", async (req, res) => {
    const input = updateTemplateInput.parse(req.body ?? {});
    const app = await ownedApp(req);
    res.json(await templates.update(app._id, appIdOf(req, "templateId"), input));
  });

  router.delete("/apps/api/v1/templates/:appId/delete/:templateId/", async (req, res) => {
    const app = await ownedApp(req);
    await templates.delete(app._id, appIdOf(req, "templateId"));
    res.status(204).end();
  });

  return router;
}
