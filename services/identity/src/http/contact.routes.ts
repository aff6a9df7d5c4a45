import type { Request, Response } from "express";
import type { Handlers } from "@genui/chassis";
import { contactInput } from "../domain/validation";
import type { Contacts } from "../use-cases/contacts";

export function contactHandlers(contacts: Contacts): Pick<Handlers<"identity">, "identity.createContact"> {
  return {
    "identity.createContact": async (req: Request, res: Response) => {
      res.status(201).json(await contacts.create(contactInput.parse(req.body ?? {}), req.identity?.sub));
    },
  };
}
