import families from "../data/families.json";

/** A UI family the planner recognises (data/families.json): what a request is for. */
export type FamilyId = string;

/** Every family, with its group and what it is about (data/families.json). */
export const FAMILIES: readonly { id: FamilyId; group: string; about: string }[] = families;
