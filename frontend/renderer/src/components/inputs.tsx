import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from "react";
import type { ComponentNode, JsonValue } from "@genui/ui-runtime";
import { useNodeValue, useRenderer, type NodeComponentProps, type RootProps } from "../context";
import { isIconName, SvgIcon } from "../icons";
import { asNumber, asText, cx, isObject, num, str } from "../util";
import { oneOf, propsOf, withRoot } from "./shared";

/** Hold this long (pointer down) for onLongPress. */
export const LONG_PRESS_MS = 600;

/** An input's value and a change handler that keeps it on screen and reports onChangeText. */
function useInput(node: ComponentNode): [JsonValue | undefined, (v: JsonValue) => void] {
  const [value, set] = useNodeValue(node);
  const { fire } = useRenderer();
  const change = (v: JsonValue) => {
    set(v);
    fire(node, "onChangeText", { report: true, value: v });
  };
  return [value, change];
}

function Field({
  root,
  id,
  label,
  required,
  children,
}: {
  root: RootProps;
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div {...withRoot(root, "gu-field")}>
      {label && (
        <label className="gu-label" htmlFor={id}>
          {label}
          {required && (
            <span className="gu-required" aria-hidden="true">
              {" "}
              *
            </span>
          )}
        </label>
      )}
      {children}
    </div>
  );
}

/** The visible label, or an accessible name when the screen gave none. */
const labelOf = (node: ComponentNode, p: Record<string, unknown>): { label: string; ariaLabel?: string } => {
  const label = str(p.label) ?? "";
  return label ? { label } : { label: "", ariaLabel: str(p.placeholder) ?? node.name };
};

const INPUT_TYPES = ["text", "email", "password", "number", "tel", "url", "search"] as const;

export function TextInput({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const id = useId();
  const [value, change] = useInput(node);
  const { label, ariaLabel } = labelOf(node, p);
  const type = oneOf(p.type, INPUT_TYPES) ?? "text";
  const autoComplete = type === "email" ? "email" : type === "tel" ? "tel" : type === "url" ? "url" : undefined;
  return (
    <Field root={root} id={id} label={label} required={p.required === true}>
      <input
        id={id}
        className="gu-input"
        type={type}
        name={node.name}
        value={asText(value)}
        placeholder={str(p.placeholder)}
        required={p.required === true}
        disabled={p.disabled === true}
        autoComplete={autoComplete}
        aria-label={ariaLabel}
        onChange={(e) => change(e.target.value)}
      />
    </Field>
  );
}

export function TextArea({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const id = useId();
  const [value, change] = useInput(node);
  const { label, ariaLabel } = labelOf(node, p);
  return (
    <Field root={root} id={id} label={label}>
      <textarea
        id={id}
        className="gu-textarea"
        name={node.name}
        rows={Math.max(2, Math.min(20, Math.round(asNumber(p.rows, 3))))}
        value={asText(value)}
        placeholder={str(p.placeholder)}
        disabled={p.disabled === true}
        aria-label={ariaLabel}
        onChange={(e) => change(e.target.value)}
      />
    </Field>
  );
}

export function Button({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value] = useNodeValue(node);
  const { fire } = useRenderer();
  const variant = oneOf(p.variant, ["primary", "secondary", "ghost", "danger"] as const) ?? "primary";
  const size = oneOf(p.size, ["sm", "md", "lg"] as const);
  const disabled = p.disabled === true;
  const hasLongPress = node.onLongPress !== undefined;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longPressed = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const cancel = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    longPressed.current = false;
    if (!hasLongPress || disabled || e.button > 0) return; // primary button / touch / pen only
    cancel();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      longPressed.current = true;
      fire(node, "onLongPress", { report: true });
    }, LONG_PRESS_MS);
  };
  const onClick = () => {
    // The click that ends a long press is not a press.
    if (longPressed.current) {
      longPressed.current = false;
      return;
    }
    fire(node, "onPress", { report: true });
  };
  const label = asText(value);
  const icon = isIconName(p.icon) ? p.icon : undefined;
  return (
    <button
      {...withRoot(
        root,
        cx(
          "gu-button",
          variant !== "primary" && `gu-button-${variant}`,
          size && size !== "md" && `gu-button-${size}`,
          p.fullWidth === true && "gu-button-full",
        ),
      )}
      type="button"
      disabled={disabled}
      aria-label={!label && icon ? icon : undefined}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerUp={cancel}
      onPointerLeave={cancel}
      onPointerCancel={cancel}
      onContextMenu={hasLongPress ? (e) => e.preventDefault() : undefined}
    >
      {icon && <SvgIcon name={icon} size={18} />}
      {label}
    </button>
  );
}

type Option = { label: string; value: string };
const optionsOf = (v: unknown): Option[] =>
  Array.isArray(v)
    ? v.flatMap((o): Option[] => {
        if (typeof o === "string" || typeof o === "number") return [{ label: String(o), value: String(o) }];
        if (isObject(o) && (typeof o.value === "string" || typeof o.value === "number"))
          return [{ label: asText(o.label ?? o.value), value: String(o.value) }];
        return [];
      })
    : [];

export function Select({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const id = useId();
  const [value, change] = useInput(node);
  const { label, ariaLabel } = labelOf(node, p);
  const options = optionsOf(p.options);
  const current = asText(value);
  const placeholder = str(p.placeholder);
  const known = options.some((o) => o.value === current);
  return (
    <Field root={root} id={id} label={label}>
      <select
        id={id}
        // The "Choose…" hint is shown in the placeholder colour, not as a chosen value.
        className={cx("gu-select", !known && "gu-empty")}
        name={node.name}
        value={known ? current : ""}
        disabled={p.disabled === true}
        aria-label={ariaLabel}
        onChange={(e) => change(e.target.value)}
      >
        {(!known || placeholder) && (
          <option value="" disabled>
            {placeholder ?? "Choose…"}
          </option>
        )}
        {options.map((o, i) => (
          <option key={`${i}:${o.value}`} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function Checkbox({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value, change] = useInput(node);
  return (
    <label {...withRoot(root, "gu-check")}>
      <input
        type="checkbox"
        name={node.name}
        checked={value === true}
        disabled={p.disabled === true}
        onChange={(e) => change(e.target.checked)}
      />
      <span>{str(p.label) ?? node.name}</span>
    </label>
  );
}

export function Switch({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const [value, change] = useInput(node);
  return (
    <label {...withRoot(root, "gu-switch")}>
      <input
        type="checkbox"
        role="switch"
        name={node.name}
        checked={value === true}
        disabled={p.disabled === true}
        onChange={(e) => change(e.target.checked)}
      />
      <span className="gu-switch-track" aria-hidden="true" />
      <span>{str(p.label) ?? node.name}</span>
    </label>
  );
}

export function Slider({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const id = useId();
  const [value, change] = useInput(node);
  const min = num(p.min) ?? 0;
  const max = Math.max(min, num(p.max) ?? 100);
  const rawStep = num(p.step);
  const step = rawStep !== undefined && rawStep > 0 ? rawStep : 1;
  const current = Math.max(min, Math.min(max, asNumber(value, min)));
  const { label, ariaLabel } = labelOf(node, p);
  return (
    <Field root={root} id={id} label={label}>
      <div className="gu-slider-row">
        <input
          id={id}
          type="range"
          name={node.name}
          min={min}
          max={max}
          step={step}
          value={current}
          aria-label={ariaLabel}
          onChange={(e) => change(Number(e.target.value))}
        />
        <output className="gu-slider-value" htmlFor={id}>
          {current}
        </output>
      </div>
    </Field>
  );
}

export function DateInput({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const id = useId();
  const [value, change] = useInput(node);
  const { label, ariaLabel } = labelOf(node, p);
  const iso = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  return (
    <Field root={root} id={id} label={label}>
      <input
        id={id}
        className={cx("gu-input", !iso(value) && "gu-empty")}
        type="date"
        name={node.name}
        value={iso(value) ?? ""}
        min={iso(p.min)}
        max={iso(p.max)}
        aria-label={ariaLabel}
        onChange={(e) => change(e.target.value)}
      />
    </Field>
  );
}

/**
 * A file picker. The files stay in the browser: the screen's value is the chosen files' names (comma-separated), which
 * is what onChangeText reports; a browser cannot set a file input's files, so a value already on the screen is shown
 * under it as text.
 */
export function FileInput({ node, root }: NodeComponentProps) {
  const p = propsOf(node);
  const id = useId();
  const [value, change] = useInput(node);
  const { label, ariaLabel } = labelOf(node, p);
  // Names the screen holds that were not picked here (the browser already shows the ones picked here).
  const [picked, setPicked] = useState(false);
  const chosen = picked ? "" : asText(value);
  return (
    <Field root={root} id={id} label={label} required={p.required === true}>
      <input
        id={id}
        className="gu-file"
        type="file"
        name={node.name}
        accept={str(p.accept)}
        multiple={p.multiple === true}
        required={p.required === true}
        disabled={p.disabled === true}
        aria-label={ariaLabel}
        aria-describedby={chosen ? `${id}-chosen` : undefined}
        onChange={(e) => {
          setPicked((e.target.files?.length ?? 0) > 0);
          change([...(e.target.files ?? [])].map((f) => f.name).join(", "));
        }}
      />
      {chosen && (
        <span id={`${id}-chosen`} className="gu-file-chosen">
          {chosen}
        </span>
      )}
    </Field>
  );
}
