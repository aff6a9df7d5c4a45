import { Router } from "express";
import { contactInput } from "../domain/validation";
import type { ContactRepository } from "../store/contact.repository";

export function contactRoutes(contacts: ContactRepository): Router {
  const router = Router();
  router.post("/contact/api/v1/create/", async (req, res) => {
    res.status(201).json(await contacts.create(contactInput.parse(req.body ?? {}), req.identity?.sub));
  });
  return router;
}
