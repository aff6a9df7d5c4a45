import { readFileSync } from "node:fs";
import { Catalogue } from "../domain/catalogue";

/** Reads the plan catalogue from its JSON file (PLANS_FILE); the domain validates it. Throws a readable reason. */
export function loadCatalogue(path: string): Catalogue {
  const json: unknown = JSON.parse(readFileSync(path, "utf8"));
  return new Catalogue(json);
}
