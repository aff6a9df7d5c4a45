import { useEffect } from "react";

/** Each page names itself in the tab title (and for screen readers announcing the new page). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · GenUI` : "GenUI — Bring chat to life with real-time visualizations";
  }, [title]);
}
