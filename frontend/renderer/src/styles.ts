/**
 * The renderer's one static style sheet: CSS variables per theme on `.gu-root[data-theme]`, `gu-` classes, keyframes
 * for the animations (off under prefers-reduced-motion). No CSS-in-JS runtime: the string is injected once into the
 * document (see `injectStyles`) or inlined by the iframe page.
 *
 * What an app's brand theme controls is a variable here (ScreenView sets the theme's values inline on the root, see
 * `brandStyle`): the palette (`--gu-bg`, `--gu-primary`, …, `--gu-accent`), `--gu-radius` (cards, stats, tables,
 * accordions, alerts), `--gu-radius-control` (fields, buttons, code, image stand-ins), `--gu-radius-small` (notices,
 * skeletons), `--gu-density` (multiplies the screen's, cards' and layouts' spacing), `--gu-font`, `--gu-font-heading`
 * (headings and card titles; the body font when unset) and `--gu-font-mono`. The defaults below are GenUI's own look,
 * and the same variables are there for a developer's own components to use.
 */
import { BASE_PALETTES, CONTRAST_PAIRS, PLACEHOLDER_DISTINCTION, type ThemeMode } from "@genui/ui-runtime";

export type ThemeName = ThemeMode;

/** The theme palettes (@genui/ui-runtime's); every text colour is at least WCAG AA (4.5:1) on its backgrounds. */
export const THEMES: Record<ThemeName, Readonly<Record<string, string>>> = BASE_PALETTES;

/**
 * Text / background pairs the style sheet uses (checked for AA contrast by the tests and by every brand theme).
 * `placeholder` (a field's hint text, on the field's `bg`) is held to the same 4.5:1, and kept clearly lighter than
 * `fg` so it never reads as a typed value (see PLACEHOLDER_DISTINCTION).
 */
export { CONTRAST_PAIRS, PLACEHOLDER_DISTINCTION };

/** GenUI's own font stacks (the defaults of `--gu-font` and `--gu-font-mono`). */
export const FONT_STACK = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif';
export const MONO_STACK = "ui-monospace,SFMono-Regular,Menlo,Consolas,monospace";

/** The mode-independent defaults: radius 12 px (controls 4 px less, small parts at most 6 px), density 1. */
const SHARED = `--gu-radius:12px;--gu-radius-control:8px;--gu-radius-small:6px;--gu-density:1;--gu-font:${FONT_STACK};--gu-font-mono:${MONO_STACK};`;

/** `px` of spacing, scaled by the theme's density. */
const sp = (px: number): string => `calc(${px}px * var(--gu-density))`;
/** The radius of cards' smaller siblings (stats, tables, accordions, alerts): 2 px under the card's. */
const R_BOX = "max(0px,calc(var(--gu-radius) - 2px))";
/** A pill, unless the theme asks for square corners (radius 0). */
const R_PILL = "calc(var(--gu-radius) * 999)";
/** What shows progress or the current choice: the theme's accent when it sets one (see brandStyle), else primary. */
const INDICATOR = "var(--gu-indicator,var(--gu-primary))";

const vars = (t: ThemeName): string =>
  Object.entries(THEMES[t])
    .map(([k, v]) => `--gu-${k}:${v};`)
    .join("");

const tones = ["neutral", "info", "success", "warning", "danger"] as const;
const toneRules = tones
  .map(
    (t) =>
      `.gu-tone-${t}{color:var(--gu-${t}-fg);background:var(--gu-${t}-bg);}` +
      `.gu-fg-${t}{color:var(--gu-${t === "neutral" ? "muted" : `${t}-fg`});}`,
  )
  .join("\n");

export const RENDERER_CSS = `
.gu-root{${vars("light")}${SHARED}color-scheme:light;}
.gu-root[data-theme="dark"]{${vars("dark")}color-scheme:dark;}
.gu-root{box-sizing:border-box;color:var(--gu-fg);background:var(--gu-bg);font-family:var(--gu-font);font-size:16px;line-height:1.5;display:flex;flex-direction:column;gap:var(--gu-screen-gap,${sp(16)});padding:var(--gu-screen-padding,${sp(16)});max-width:var(--gu-screen-max,none);margin:0 auto;width:100%;-webkit-font-smoothing:antialiased;}
.gu-root *,.gu-root *::before,.gu-root *::after{box-sizing:border-box;}
.gu-root :where(h1,h2,h3,h4,h5,h6,p,ul,ol,dl,dd,figure,pre,blockquote){margin:0;}
.gu-root :focus-visible{outline:3px solid var(--gu-focus);outline-offset:2px;border-radius:min(4px,var(--gu-radius-small));}
.gu-root a{color:var(--gu-primary);text-underline-offset:2px;}
.gu-sr-only{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0;}
.gu-notice{display:inline-flex;align-items:center;gap:6px;font-size:13px;color:var(--gu-warning-fg);background:var(--gu-warning-bg);border:1px dashed var(--gu-border);border-radius:var(--gu-radius-small);padding:4px 8px;}
.gu-column{display:flex;flex-direction:column;gap:var(--gu-gap,${sp(12)});}
.gu-row{display:flex;flex-direction:row;gap:var(--gu-gap,${sp(12)});align-items:center;}
.gu-row.gu-wrap{flex-wrap:wrap;}
@media (max-width:480px){.gu-row.gu-wrap{flex-direction:column;flex-wrap:nowrap;align-items:stretch;}}
.gu-align-start{align-items:flex-start;}.gu-align-center{align-items:center;}.gu-align-end{align-items:flex-end;}.gu-align-stretch{align-items:stretch;}
.gu-justify-start{justify-content:flex-start;}.gu-justify-center{justify-content:center;}.gu-justify-end{justify-content:flex-end;}.gu-justify-between{justify-content:space-between;}.gu-justify-around{justify-content:space-around;}
.gu-grid{display:grid;gap:var(--gu-gap,${sp(12)});grid-template-columns:repeat(auto-fill,minmax(max(10rem,calc((100% - (var(--gu-cols,2) - 1) * var(--gu-gap,${sp(12)})) / var(--gu-cols,2))),1fr));}
@media (max-width:480px){.gu-grid>:has(.gu-table-wrap){grid-column:1/-1;}}
.gu-card{display:flex;flex-direction:column;gap:${sp(12)};background:var(--gu-surface);border:1px solid var(--gu-border);border-radius:var(--gu-radius);padding:var(--gu-card-padding,${sp(16)});min-width:0;}
.gu-card.gu-elevated{background:var(--gu-raised);box-shadow:0 1px 2px rgba(15,23,42,.12),0 4px 16px rgba(15,23,42,.12);}
.gu-card-header{display:flex;flex-direction:column;gap:2px;}
.gu-card-title{font-family:var(--gu-font-heading);font-size:18px;font-weight:600;line-height:1.3;}
.gu-card-subtitle{font-size:14px;color:var(--gu-muted);}
.gu-card-body{display:flex;flex-direction:column;gap:${sp(12)};}
.gu-tablist{display:flex;gap:4px;border-bottom:1px solid var(--gu-border);overflow-x:auto;}
.gu-tab{appearance:none;font:inherit;font-weight:500;color:var(--gu-muted);background:transparent;border:0;border-bottom:3px solid transparent;padding:8px 12px;cursor:pointer;white-space:nowrap;}
.gu-tab[aria-selected="true"]{color:var(--gu-primary);border-bottom-color:${INDICATOR};}
.gu-tab:hover{color:var(--gu-fg);}
.gu-tabpanel{padding-top:${sp(12)};}
.gu-accordion{border:1px solid var(--gu-border);border-radius:${R_BOX};overflow:hidden;}
.gu-accordion-item+.gu-accordion-item{border-top:1px solid var(--gu-border);}
.gu-accordion-heading{font-size:inherit;font-weight:inherit;}
.gu-accordion-trigger{appearance:none;display:flex;width:100%;justify-content:space-between;align-items:center;gap:8px;font:inherit;font-weight:600;text-align:left;color:var(--gu-fg);background:var(--gu-surface);border:0;padding:${sp(12)} ${sp(16)};cursor:pointer;}
.gu-accordion-trigger svg{transition:transform .15s ease;flex:none;}
.gu-accordion-trigger[aria-expanded="true"] svg{transform:rotate(90deg);}
.gu-accordion-panel{padding:${sp(12)} ${sp(16)};}
.gu-divider{border:0;border-top:1px solid var(--gu-border);margin:4px 0;width:100%;}
.gu-divider-labelled{display:flex;align-items:center;gap:12px;color:var(--gu-muted);font-size:14px;}
.gu-divider-labelled::before,.gu-divider-labelled::after{content:"";flex:1;border-top:1px solid var(--gu-border);}
.gu-heading{font-family:var(--gu-font-heading);font-weight:700;line-height:1.25;}
h1.gu-heading{font-size:32px;}h2.gu-heading{font-size:24px;}h3.gu-heading{font-size:20px;}h4.gu-heading{font-size:18px;}h5.gu-heading{font-size:16px;}h6.gu-heading{font-size:14px;text-transform:uppercase;letter-spacing:.04em;}
.gu-text-left{text-align:left;}.gu-text-center{text-align:center;}.gu-text-right{text-align:right;}
.gu-size-sm{font-size:14px;}.gu-size-md{font-size:16px;}.gu-size-lg{font-size:18px;}
.gu-weight-normal{font-weight:400;}.gu-weight-medium{font-weight:500;}.gu-weight-bold{font-weight:700;}
.gu-tone-default{color:var(--gu-fg);}.gu-tone-muted{color:var(--gu-muted);}.gu-tone-primary{color:var(--gu-primary);}
.gu-text.gu-tone-success{color:var(--gu-success-fg);background:none;}.gu-text.gu-tone-warning{color:var(--gu-warning-fg);background:none;}.gu-text.gu-tone-danger{color:var(--gu-danger-fg);background:none;}
${toneRules}
.gu-markdown{display:flex;flex-direction:column;gap:8px;}
.gu-markdown ul,.gu-markdown ol{padding-left:24px;}
.gu-markdown ul.gu-list-plain{list-style:none;padding-left:0;}
.gu-list>li.gu-list-own{list-style:none;}
.gu-markdown code,.gu-code code{font-family:var(--gu-font-mono);font-size:.9em;}
.gu-markdown :not(pre)>code{background:var(--gu-code-bg);padding:1px 4px;border-radius:min(4px,var(--gu-radius-small));}
.gu-markdown pre{background:var(--gu-code-bg);padding:12px;border-radius:var(--gu-radius-control);overflow-x:auto;}
.gu-markdown blockquote{border-left:3px solid var(--gu-border);padding-left:12px;color:var(--gu-muted);}
.gu-badge{display:inline-flex;align-items:center;align-self:flex-start;width:max-content;font-size:12px;font-weight:600;line-height:1.5;padding:2px 8px;border-radius:${R_PILL};}
.gu-code{position:relative;background:var(--gu-code-bg);border:1px solid var(--gu-border);border-radius:var(--gu-radius-control);min-width:0;}
.gu-code pre{margin:0;padding:12px;overflow-x:auto;}
.gu-code-bar{display:flex;justify-content:space-between;align-items:center;gap:8px;padding:4px 8px 4px 12px;border-bottom:1px solid var(--gu-border);font-size:12px;color:var(--gu-muted);}
.gu-field{display:flex;flex-direction:column;gap:4px;min-width:0;}
.gu-label{font-size:14px;font-weight:500;}
.gu-required{color:var(--gu-danger-fg);}
.gu-input,.gu-select,.gu-textarea{font:inherit;color:var(--gu-fg);background:var(--gu-bg);border:1px solid var(--gu-muted);border-radius:var(--gu-radius-control);padding:8px 10px;min-height:40px;width:100%;}
.gu-textarea{resize:vertical;}
.gu-input::placeholder,.gu-textarea::placeholder{color:var(--gu-placeholder);opacity:1;font-style:normal;}
.gu-select.gu-empty,.gu-input.gu-empty:not(:focus){color:var(--gu-placeholder);}
.gu-select.gu-empty option{color:var(--gu-fg);}
.gu-input:disabled,.gu-select:disabled,.gu-textarea:disabled{opacity:.6;cursor:not-allowed;}
.gu-file{font:inherit;color:var(--gu-fg);width:100%;max-width:100%;min-height:40px;padding:4px 0;}
.gu-file::file-selector-button{font:inherit;font-weight:600;margin-right:12px;border-radius:var(--gu-radius-control);border:1px solid var(--gu-border);padding:6px 14px;min-height:36px;background:var(--gu-surface);color:var(--gu-fg);cursor:pointer;}
.gu-file:disabled{opacity:.6;cursor:not-allowed;}
.gu-file-chosen{font-size:14px;color:var(--gu-muted-fg,var(--gu-fg));overflow-wrap:anywhere;}
.gu-check{display:inline-flex;align-items:center;gap:8px;cursor:pointer;min-height:32px;}
.gu-check input{width:18px;height:18px;accent-color:var(--gu-primary);margin:0;}
.gu-switch{position:relative;display:inline-flex;align-items:center;gap:10px;cursor:pointer;min-height:32px;}
.gu-switch input{position:absolute;opacity:0;width:40px;height:24px;margin:0;cursor:pointer;}
.gu-switch-track{position:relative;width:40px;height:24px;border-radius:999px;background:var(--gu-neutral-bg);border:1px solid var(--gu-muted);transition:background .15s ease;flex:none;}
.gu-switch-track::after{content:"";position:absolute;top:2px;left:2px;width:18px;height:18px;border-radius:50%;background:var(--gu-muted);transition:transform .15s ease,background .15s ease;}
.gu-switch input:checked+.gu-switch-track{background:var(--gu-primary);border-color:var(--gu-primary);}
.gu-switch input:checked+.gu-switch-track::after{transform:translateX(16px);background:var(--gu-primary-fg);}
.gu-switch input:focus-visible+.gu-switch-track{outline:3px solid var(--gu-focus);outline-offset:2px;}
.gu-slider-row{display:flex;align-items:center;gap:12px;}
.gu-slider-row input{flex:1;accent-color:${INDICATOR};}
.gu-slider-value{min-width:3ch;text-align:right;font-variant-numeric:tabular-nums;}
.gu-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;font:inherit;font-weight:600;border-radius:var(--gu-radius-control);border:1px solid transparent;padding:8px 16px;min-height:40px;cursor:pointer;user-select:none;-webkit-user-select:none;touch-action:manipulation;background:var(--gu-primary);color:var(--gu-primary-fg);}
.gu-button:hover{filter:brightness(1.08);}
.gu-button:disabled{opacity:.55;cursor:not-allowed;filter:none;}
.gu-button-secondary{background:var(--gu-surface);color:var(--gu-fg);border-color:var(--gu-border);}
.gu-button-ghost{background:transparent;color:var(--gu-primary);}
.gu-button-ghost:hover{background:var(--gu-primary-soft);filter:none;color:var(--gu-fg);}
.gu-button-danger{background:var(--gu-danger-solid);color:var(--gu-danger-solid-fg);}
.gu-button-sm{min-height:32px;padding:4px 10px;font-size:14px;}
.gu-button-lg{min-height:48px;padding:12px 20px;font-size:18px;}
.gu-button-full{width:100%;}
.gu-button-copy{min-height:28px;padding:2px 8px;font-size:12px;}
.gu-table-wrap{overflow-x:auto;max-width:100%;min-width:0;border:1px solid var(--gu-border);border-radius:${R_BOX};-webkit-overflow-scrolling:touch;}
.gu-table-wrap[data-more-end]{box-shadow:inset -16px 0 12px -12px var(--gu-scroll-shadow);}
.gu-table-wrap[data-more-start]{box-shadow:inset 16px 0 12px -12px var(--gu-scroll-shadow);}
.gu-table-wrap[data-more-start][data-more-end]{box-shadow:inset 16px 0 12px -12px var(--gu-scroll-shadow),inset -16px 0 12px -12px var(--gu-scroll-shadow);}
.gu-table{border-collapse:collapse;width:100%;font-size:14px;}
.gu-table caption{caption-side:top;text-align:left;font-weight:600;padding:8px 12px;}
.gu-table th,.gu-table td{padding:${sp(8)} ${sp(12)};border-bottom:1px solid var(--gu-border);text-align:left;vertical-align:top;}
.gu-table tbody tr:last-child td{border-bottom:0;}
.gu-table th{background:var(--gu-surface);font-weight:600;white-space:nowrap;}
.gu-table .gu-align-right{text-align:right;}.gu-table .gu-align-center{text-align:center;}
.gu-table td.gu-align-right{font-variant-numeric:tabular-nums;white-space:nowrap;}
.gu-sort{appearance:none;font:inherit;color:inherit;background:none;border:0;padding:0;cursor:pointer;display:inline-flex;align-items:center;gap:4px;}
.gu-sort-icon{color:var(--gu-muted);}
.gu-list{padding-left:24px;display:flex;flex-direction:column;gap:4px;}
.gu-list-plain{list-style:none;padding-left:0;}
.gu-list>li.gu-list-own{list-style:none;}
.gu-list.gu-dividers>li+li{border-top:1px solid var(--gu-border);padding-top:4px;}
.gu-list-item{display:flex;align-items:flex-start;gap:10px;}
.gu-list-button{appearance:none;font:inherit;color:inherit;text-align:left;background:none;border:0;border-radius:var(--gu-radius-control);width:100%;padding:6px 8px;cursor:pointer;display:flex;gap:10px;align-items:flex-start;}
.gu-list-button:hover{background:var(--gu-surface);}
.gu-list-title{font-weight:500;}
.gu-list-subtitle{display:block;font-size:14px;color:var(--gu-muted);}
.gu-stat{display:flex;flex-direction:column;gap:2px;padding:${sp(12)} ${sp(16)};border:1px solid var(--gu-border);border-radius:${R_BOX};background:var(--gu-surface);min-width:0;}
.gu-stat-label{font-size:14px;color:var(--gu-muted);}
.gu-stat-value{font-size:28px;font-weight:700;line-height:1.2;font-variant-numeric:tabular-nums;}
.gu-stat-delta{font-size:14px;font-weight:600;}
.gu-kv{display:grid;grid-template-columns:minmax(6rem,max-content) 1fr;gap:6px 16px;}
.gu-kv dt{color:var(--gu-muted);}
.gu-kv dd{font-weight:500;overflow-wrap:anywhere;}
.gu-progress{display:flex;flex-direction:column;gap:4px;}
.gu-progress-head{display:flex;justify-content:space-between;font-size:14px;}
.gu-progress-track{height:10px;border-radius:${R_PILL};background:var(--gu-neutral-bg);overflow:hidden;}
.gu-progress-bar{height:100%;border-radius:${R_PILL};background:${INDICATOR};transition:width .3s ease;}
.gu-progress-success .gu-progress-bar{background:var(--gu-success-fg);}
.gu-progress-warning .gu-progress-bar{background:var(--gu-warning-fg);}
.gu-progress-danger .gu-progress-bar{background:var(--gu-danger-fg);}
.gu-progress-neutral .gu-progress-bar{background:var(--gu-muted);}
.gu-chart{display:flex;flex-direction:column;gap:8px;min-width:0;}
.gu-chart-title{font-weight:600;}
.gu-chart-canvas{width:100%;height:var(--gu-chart-h,240px);min-width:0;}
.gu-image{display:block;max-width:100%;height:auto;}
.gu-image-placeholder{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:8px;max-width:100%;min-height:64px;padding:12px;overflow:hidden;color:var(--gu-muted);background:var(--gu-surface);border:1px dashed var(--gu-border);border-radius:var(--gu-radius-control);text-align:center;font-size:14px;line-height:1.35;}
.gu-image-placeholder-art{flex:none;max-height:50%;width:auto;}
.gu-image-placeholder-text{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden;max-width:36ch;overflow-wrap:anywhere;}
.gu-icon{display:inline-block;vertical-align:middle;flex:none;}
.gu-video{position:relative;width:100%;border-radius:${R_BOX};overflow:hidden;background:#000;}
.gu-video iframe,.gu-video video{position:absolute;inset:0;width:100%;height:100%;border:0;}
.gu-alert{display:flex;gap:10px;align-items:flex-start;padding:${sp(12)} ${sp(16)};border-radius:${R_BOX};border:1px solid currentColor;}
.gu-alert-title{display:block;font-weight:700;}
.gu-skeleton{display:flex;flex-direction:column;gap:8px;}
.gu-skeleton-line{height:var(--gu-skeleton-h,14px);border-radius:var(--gu-radius-small);background:linear-gradient(90deg,var(--gu-skeleton) 25%,var(--gu-skeleton-shine) 50%,var(--gu-skeleton) 75%);background-size:200% 100%;animation:gu-shimmer 1.4s ease-in-out infinite;}
.gu-skeleton-line:last-child:not(:first-child){width:60%;}
.gu-spacer{flex:none;}
.gu-app{min-width:0;}
@keyframes gu-shimmer{0%{background-position:200% 0;}100%{background-position:-200% 0;}}
@keyframes gu-fade{from{opacity:0;}to{opacity:1;}}
@keyframes gu-slide-up{from{opacity:0;transform:translateY(12px);}to{opacity:1;transform:none;}}
@keyframes gu-slide-left{from{opacity:0;transform:translateX(16px);}to{opacity:1;transform:none;}}
@keyframes gu-scale{from{opacity:0;transform:scale(.94);}to{opacity:1;transform:none;}}
.gu-anim{animation-duration:var(--gu-anim-duration,300ms);animation-delay:var(--gu-anim-delay,0ms);animation-timing-function:cubic-bezier(.2,.7,.3,1);animation-fill-mode:both;}
.gu-anim-fade{animation-name:gu-fade;}.gu-anim-slide-up{animation-name:gu-slide-up;}.gu-anim-slide-left{animation-name:gu-slide-left;}.gu-anim-scale{animation-name:gu-scale;}
@media (prefers-reduced-motion:reduce){.gu-root .gu-anim,.gu-root .gu-skeleton-line{animation:none!important;}.gu-root *{transition:none!important;}}
`;

const STYLE_ID = "gu-renderer-styles";

/** Adds RENDERER_CSS to `doc`'s head once (idempotent; a page that inlines it with this id is left alone). */
export function injectStyles(doc: Document | undefined = typeof document === "undefined" ? undefined : document): void {
  if (!doc || doc.getElementById(STYLE_ID)) return;
  const el = doc.createElement("style");
  el.id = STYLE_ID;
  el.textContent = RENDERER_CSS;
  doc.head.appendChild(el);
}
