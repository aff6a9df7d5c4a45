import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import express from "express";
import { LISTEN_BACKLOG } from "./backlog";
import { closeServer, listen } from "./http";

/** A listener's accept queue from `ss`: connections completed and waiting to be accepted (Recv-Q), and its limit (Send-Q). */
function acceptQueue(port: number): { waiting: number; limit: number } {
  const [, recvQ, sendQ] = execFileSync("ss", ["-ltnH", `sport = :${port}`], { encoding: "utf8" })
    .trim()
    .split(/\s+/);
  return { waiting: Number(recvQ), limit: Number(sendQ) };
}

describe("a service's listener", () => {
  it("when a burst of a thousand connections arrives while the event loop is busy, then the kernel completes every one (none dropped, to be retried a second later)", async () => {
    const { server, port } = await listen(express(), "127.0.0.1", 0);
    const somaxconn = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
    const limit = Math.min(LISTEN_BACKLOG, somaxconn);
    expect(acceptQueue(port).limit).toBe(limit);
    // A thousand (fewer only where the kernel caps every listener below that).
    const burst = Math.min(1_000, somaxconn);
    const sockets: net.Socket[] = [];
    try {
      // This thread does not return to its event loop until the end of the burst: nothing is accepted meanwhile, as
      // when a busy service reads its connections late. The kernel completes each handshake on its own.
      for (let i = 0; i < burst; i++) sockets.push(net.connect(port, "127.0.0.1").on("error", () => {}));
      // Each socket's connect() runs on the next tick, still before the event loop could accept anything.
      await new Promise((resolve) => process.nextTick(resolve));
      let queue = acceptQueue(port);
      for (let polls = 0; queue.waiting < burst && polls < 1_000; polls++) queue = acceptQueue(port);
      // Node's default backlog (511) holds 512: the rest would have had their SYN dropped.
      expect(queue.waiting).toBe(burst);
    } finally {
      for (const s of sockets) s.destroy();
      await closeServer(server);
    }
  });
});
