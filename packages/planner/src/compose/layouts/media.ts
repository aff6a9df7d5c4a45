import { capitalize } from "../../text";
import { button, card, grid, image, list, progress, row, select, slider } from "../../ui";
import { CATALOG } from "../context";
import { header, photo } from "../sections";
import { count, type Layout, own } from "./helpers";

/**
 * The media group: a player and a gallery.
 */

export const MEDIA_LAYOUTS: Record<string, Layout> = {
  player: (ctx) => {
    const tracks = own(ctx).length
      ? own(ctx).map((t, i) => ({
          title: capitalize(t),
          by: CATALOG.tracks[i % CATALOG.tracks.length]!.by,
          duration: CATALOG.tracks[i % CATALOG.tracks.length]!.duration,
        }))
      : CATALOG.tracks.slice(0, 6);
    const now = tracks[0]!;
    return [
      ...header(ctx.title, "Now playing"),
      card(now.title, { name: "now_playing", subtitle: now.by }, [
        image(photo(`cover-${now.title}`, 600, 600), { name: "cover", alt: `Cover of ${now.title}`, height: 220, fit: "cover" }),
        progress(38, { name: "position", label: `1:24 / ${now.duration}` }),
        row(
          [
            button("Previous", { name: "previous", variant: "ghost", icon: "arrow-left", onPress: "previous" }),
            button("Play", { name: "play", variant: "primary", onPress: "play" }),
            button("Next", { name: "next", variant: "ghost", icon: "arrow-right", onPress: "next" }),
          ],
          { justify: "center", gap: 8 },
        ),
        slider(70, { name: "volume", label: "Volume", min: 0, max: 100 }),
      ]),
      card("Up next", { name: "queue_card" }, [
        list(
          tracks.slice(1).map((t) => ({ title: t.title, subtitle: `${t.by} · ${t.duration}` })),
          { name: "queue", onPress: "play_track" },
        ),
      ]),
    ];
  },
  gallery: (ctx) => {
    const subjects = own(ctx).length
      ? own(ctx).map((s) => ({ subject: capitalize(s), alt: capitalize(s) }))
      : ctx.domainMatched
        ? ctx.domain.items.map((i) => ({ subject: i.name, alt: i.name }))
        : CATALOG.photos;
    const n = count(ctx, 9, 30);
    return [
      ...header(ctx.title, `${n} photos`),
      select("all", {
        name: "filter",
        label: "Show",
        options: [
          { label: "All photos", value: "all" },
          { label: "Favourites", value: "favourites" },
          { label: "Recent", value: "recent" },
        ],
      }),
      grid(
        Array.from({ length: n }, (_, i) => subjects[i % subjects.length]!).map((s, i) =>
          card(s.subject, { name: `photo_${i + 1}`, padding: 8 }, [
            image(photo(`${s.subject}-${i}`, 480, 360), { alt: s.alt, height: 150, fit: "cover" }),
          ]),
        ),
        { columns: 3, gap: 12, name: "photos" },
      ),
    ];
  },
};
