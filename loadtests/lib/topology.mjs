// Addresses of the local platform (dev profile) for benchmark scripts, read from the one topology
// (deploy/topology.json), so a moved port cannot leave a script talking to nothing. Environment variables win.
import { readFileSync } from "node:fs";

const topology = JSON.parse(readFileSync(new URL("../../deploy/topology.json", import.meta.url), "utf8"));
const port = (name) => {
  const p = topology.processes.find((x) => x.name === name);
  if (!p?.port) throw new Error(`no process ${name} with a port in deploy/topology.json`);
  return p.port;
};

export const LOCAL = {
  /** The BFF: the SPA's origin and the public API. */
  base: process.env.BASE_URL ?? `http://127.0.0.1:${port("bff")}`,
  /** The payment providers' local stand-in (PayPal and Cashfree APIs, approval endpoints). */
  payments: process.env.PAYMENTS_URL ?? `http://127.0.0.1:${port("payments-sim")}`,
  /** The mail stand-in's mailbox (`GET /api/messages?to=`): where identity's sign-up mails land. */
  mailbox: process.env.MAILBOX_URL ?? `http://127.0.0.1:${port("mail-sim")}`,
  /** The generation API process itself, where the BFF forwards the published API (no BFF in front of it). */
  generation: process.env.GENERATION_URL ?? `http://127.0.0.1:${port("generation")}`,
  nats: process.env.NATS_URL ?? `nats://127.0.0.1:${topology.infrastructure.nats.hostPort}`,
};

/** The Node options the topology gives a process (its `env.NODE_OPTIONS`): the floor's hops and the module weights run with them. */
export function topologyNodeOptions(name) {
  return topology.processes.find((p) => p.name === name)?.env?.NODE_OPTIONS ?? "";
}

/** The database the topology gives a process (`database`), or undefined: such a process connects to the store when it starts. */
export function topologyDatabase(name) {
  return topology.processes.find((p) => p.name === name)?.database;
}
