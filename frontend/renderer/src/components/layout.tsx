import { useId, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { Children, UnderHeading, useNodeValue, useRenderer, type NodeComponentProps } from "../context";
import { SvgIcon } from "../icons";
import { asNumber, asText, cx, num } from "../util";
import { oneOf, propsOf, withRoot } from "./shared";

const ALIGN = ["start", "center", "end", "stretch"] as const;
const JUSTIFY = ["start", "center", "end", "between", "around"] as const;

export function Column({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const align = oneOf(p.align, ALIGN);
  return (
    <div {...withRoot(root, cx("gu-column", align && `gu-align-${align}`), { gap: num(p.gap) })}>
      <Children nodes={node.content} />
    </div>
  );
}

export function Row({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const align = oneOf(p.align, ALIGN);
  const justify = oneOf(p.justify, JUSTIFY);
  return (
    <div
      {...withRoot(
        root,
        cx("gu-row", align && `gu-align-${align}`, justify && `gu-justify-${justify}`, p.wrap === true && "gu-wrap"),
        {
          gap: num(p.gap),
        },
      )}
    >
      <Children nodes={node.content} />
    </div>
  );
}

export function Grid({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const columns = Math.max(1, Math.min(6, Math.round(asNumber(p.columns, 2))));
  // Without a gap of its own the grid takes the style sheet's, scaled by the theme's density.
  const gap = p.gap === undefined ? undefined : Math.max(0, Math.min(64, asNumber(p.gap, 12)));
  const vars = { "--gu-cols": columns, ...(gap !== undefined ? { "--gu-gap": `${gap}px` } : {}) } as CSSProperties;
  return (
    <div {...withRoot(root, "gu-grid", vars)}>
      <Children nodes={node.content} />
    </div>
  );
}

export function Card({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [title] = useNodeValue(node);
  const titleId = useId();
  const text = asText(title);
  const subtitle = typeof p.subtitle === "string" ? p.subtitle : "";
  return (
    <section
      {...withRoot(root, cx("gu-card", p.elevated === true && "gu-elevated"), { padding: num(p.padding) })}
      aria-labelledby={text ? titleId : undefined}
    >
      {(text || subtitle) && (
        <header className="gu-card-header">
          {text && (
            <h2 className="gu-card-title" id={titleId}>
              {text}
            </h2>
          )}
          {subtitle && <p className="gu-card-subtitle">{subtitle}</p>}
        </header>
      )}
      <div className="gu-card-body">
        <UnderHeading title={text}>
          <Children nodes={node.content} />
        </UnderHeading>
      </div>
    </section>
  );
}

const labelsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(asText) : typeof v === "string" && v ? [v] : []);

export function Tabs({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const { fire, NodeView } = useRenderer();
  const [value] = useNodeValue(node);
  const panels = Array.isArray(node.content) ? node.content : [];
  const labels = labelsOf(value);
  const count = Math.max(labels.length, panels.length);
  const initial = Math.max(0, Math.min(count - 1, Math.round(asNumber(p.selected, 0))));
  const [selected, setSelected] = useState(initial);
  // A new `selected` from the screen re-initialises the choice.
  const [lastInitial, setLastInitial] = useState(initial);
  if (lastInitial !== initial) {
    setLastInitial(initial);
    setSelected(initial);
  }
  const current = Math.max(0, Math.min(count - 1, selected));
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (i: number, focus: boolean) => {
    if (i !== current) {
      setSelected(i);
      fire(node, "onChangeText", { value: labels[i] ?? `Tab ${i + 1}` });
    }
    if (focus) tabs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next =
      e.key === "ArrowRight"
        ? (current + 1) % count
        : e.key === "ArrowLeft"
          ? (current - 1 + count) % count
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? count - 1
              : undefined;
    if (next === undefined || count === 0) return;
    e.preventDefault();
    select(next, true);
  };

  return (
    <div {...withRoot(root, "gu-tabs")}>
      <div className="gu-tablist" role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            className="gu-tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === current}
            aria-controls={`${base}-panel-${i}`}
            tabIndex={i === current ? 0 : -1}
            onClick={() => select(i, false)}
          >
            {labels[i] ?? `Tab ${i + 1}`}
          </button>
        ))}
      </div>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className="gu-tabpanel"
          role="tabpanel"
          id={`${base}-panel-${i}`}
          aria-labelledby={`${base}-tab-${i}`}
          hidden={i !== current}
          tabIndex={0}
        >
          {panels[i] !== undefined && (
            <UnderHeading title={labels[i] ?? ""}>
              <NodeView node={panels[i]} />
            </UnderHeading>
          )}
        </div>
      ))}
    </div>
  );
}

export function Accordion({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const sections = Array.isArray(node.content) ? node.content : [];
  const labels = labelsOf(value);
  const count = Math.max(labels.length, sections.length);
  const multiple = p.multiple === true;
  const [open, setOpen] = useState<Set<number>>(() => {
    const initial = Array.isArray(p.open) ? p.open.filter((i): i is number => typeof i === "number") : [];
    return new Set(multiple ? initial : initial.slice(0, 1));
  });
  const { NodeView } = useRenderer();
  const base = useId();
  const toggle = (i: number) =>
    setOpen((prev) => {
      const next = new Set(multiple ? prev : []);
      if (prev.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  return (
    <div {...withRoot(root, "gu-accordion")}>
      {Array.from({ length: count }, (_, i) => {
        const isOpen = open.has(i);
        return (
          <div className="gu-accordion-item" key={i}>
            <h3 className="gu-accordion-heading">
              <button
                type="button"
                className="gu-accordion-trigger"
                id={`${base}-h-${i}`}
                aria-expanded={isOpen}
                aria-controls={`${base}-s-${i}`}
                onClick={() => toggle(i)}
              >
                <span>{labels[i] ?? `Section ${i + 1}`}</span>
                <SvgIcon name="chevron-right" size={18} />
              </button>
            </h3>
            <div
              className="gu-accordion-panel"
              id={`${base}-s-${i}`}
              role="region"
              aria-labelledby={`${base}-h-${i}`}
              hidden={!isOpen}
            >
              {sections[i] !== undefined && (
                <UnderHeading title={labels[i] ?? ""}>
                  <NodeView node={sections[i]} />
                </UnderHeading>
              )}
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function Divider({ node, root }: NodeComponentProps) {
  const [value] = useNodeValue(node);
  const label = asText(value);
  if (!label) return <hr {...withRoot(root, "gu-divider")} />;
  return (
    <div {...withRoot(root, "gu-divider-labelled")} role="separator" aria-label={label}>
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

export function Spacer({ node, root }: NodeComponentProps) {
  const [value] = useNodeValue(node);
  const size = Math.max(0, Math.min(400, asNumber(value, 16)));
  return <div {...withRoot(root, "gu-spacer", { height: size, width: size })} aria-hidden="true" />;
}
