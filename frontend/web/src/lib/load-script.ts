import { useEffect, useState } from "react";

/** SPEC §4: payment script loading states. */
export type ScriptStatus = "initial" | "pending" | "resolved" | "rejected";

const cache = new Map<string, Promise<void>>();

/** Adds a <script> once per URL; a failed load is forgotten so a later attempt tries again. */
export function loadScript(src: string, timeoutMs = 15_000): Promise<void> {
  const known = cache.get(src);
  if (known) return known;
  const p = new Promise<void>((resolve, reject) => {
    const el = document.createElement("script");
    el.src = src;
    el.async = true;
    const timer = window.setTimeout(() => {
      el.remove();
      reject(new Error(`timed out loading ${src}`));
    }, timeoutMs);
    el.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    el.onerror = () => {
      window.clearTimeout(timer);
      el.remove();
      reject(new Error(`failed to load ${src}`));
    };
    document.head.append(el);
  });
  cache.set(src, p);
  p.catch(() => cache.delete(src));
  return p;
}

/** Loads `src` when given; its status follows SPEC's four states. */
export function useScript(src: string | undefined): ScriptStatus {
  const [status, setStatus] = useState<ScriptStatus>("initial");
  useEffect(() => {
    if (!src) {
      setStatus("initial");
      return;
    }
    let live = true;
    setStatus("pending");
    loadScript(src).then(
      () => live && setStatus("resolved"),
      () => live && setStatus("rejected"),
    );
    return () => {
      live = false;
    };
  }, [src]);
  return status;
}
