import { closeSync, openSync, readlinkSync, readSync } from "node:fs";

/**
 * A thread's CPU clock on Linux: the time the kernel has run it (`/proc/<pid>/task/<tid>/schedstat`'s first field, in
 * nanoseconds), read with one `pread` (about 2 µs). Node 20 has no per-thread CPU clock of its own
 * (`process.threadCpuUsage` came with Node 23.9; `process.cpuUsage` counts every thread of the process).
 */
export interface CpuClock {
  /** CPU time the thread has had so far, ms; undefined once the clock cannot be read (the thread is gone). */
  ms(): number | undefined;
  close(): void;
}

function openClock(path: string): CpuClock | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  const buf = Buffer.alloc(64);
  const clock: CpuClock = {
    ms() {
      if (fd === undefined) return undefined;
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, 0);
      } catch {
        return undefined;
      }
      let ns = 0;
      let digits = 0;
      for (; digits < n; digits++) {
        const c = buf[digits]!;
        if (c < 48 || c > 57) break;
        ns = ns * 10 + (c - 48);
      }
      return digits > 0 ? ns / 1e6 : undefined;
    },
    close() {
      if (fd === undefined) return;
      try {
        closeSync(fd);
      } catch {
        // Already closed.
      }
      fd = undefined;
    },
  };
  return clock.ms() === undefined ? (clock.close(), undefined) : clock;
}

/** The calling thread's own CPU clock (`/proc/thread-self`), or undefined where there is none (not Linux). */
export function ownThreadCpuClock(): CpuClock | undefined {
  return openClock("/proc/thread-self/schedstat");
}

/** The calling thread's kernel thread id, or undefined where it cannot be read. */
export function ownThreadId(): number | undefined {
  try {
    const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);
    return Number.isInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/** The CPU clock of thread `tid` of this process (e.g. a worker thread's, read from the thread that supervises it). */
export function threadCpuClock(tid: number): CpuClock | undefined {
  return openClock(`/proc/self/task/${tid}/schedstat`);
}
