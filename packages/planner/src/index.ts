/**
 * The built-in generator as a library: a conversation in, one screen's UI code out. The worker's offline provider
 * streams what `plan` returns; the evaluation harness (`npm run eval:offline`) measures it.
 */
export { MAX_REQUEST_CHARS, plan, type Planned, type PlanOptions, type Turn } from "./plan";
export { FAMILIES, type FamilyId } from "./families";
export { hash32, Rng } from "./text";
