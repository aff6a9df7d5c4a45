/**
 * GENERATED from the component catalogue (packages/ui-runtime/src/catalogue.ts) by packages/ui-runtime/src/dsl-declarations.ts:
 * do not edit; run `npm run docs:dsl-types` (a test fails when this file is not current).
 *
 * The UI code DSL as TypeScript declarations, for the code editor's completion, hover and signature help
 * (docs/ui-runtime.md; docs/components.md). Declarations only: they never constrain what runs — the sandbox reads
 * arguments by what they are, in any order, so every function also has a `(...args)` form.
 */

/** The declarations added to the JavaScript language service (Monaco's `addExtraLib`). */
export const DSL_TYPES = `// GenUI UI code: every component is a function; arguments are read by what they are, in any order.
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
/** A component made by one of the DSL's functions. Components not used as anyone's child form the screen, in order. */
interface UiNode { readonly __gu: 1; readonly component: string }
/** A child: a component, or a string / number (shown as text). */
type Child = UiNode | string | number;
type Row = Record<string, Json>;
type ListItem = string | { title: string; subtitle?: string; icon?: IconName };
type IconName = "check" | "x" | "plus" | "minus" | "arrow-right" | "arrow-left" | "search" | "user" | "settings" | "cart" | "heart" | "star" | "info" | "warning" | "error" | "mail" | "phone" | "calendar" | "clock" | "home";
/**
 * What an event does. A string tells the host (it receives { type, component: { name, value } }); an object may also
 * change another component's value (set) or open an http(s) URL in a new tab (navigate).
 */
type Action = string | { event?: string; value?: Json; set?: { name: string; value: Json }; navigate?: string };
/** Screen hooks may be lists of actions. */
type Hook = Action | Action[];
interface Style {
  padding?: number | string; margin?: number | string; gap?: number | string; color?: string; background?: string;
  borderRadius?: number | string; border?: string; width?: number | string; height?: number | string;
  maxWidth?: number | string; minHeight?: number | string; fontSize?: number | string; fontWeight?: number | string;
  textAlign?: "left" | "center" | "right"; opacity?: number; flex?: number | string; alignItems?: string; justifyContent?: string;
}
interface Animation {
  type: "none" | "fade" | "slide-up" | "slide-left" | "scale";
  /** 0–5000 ms. */ duration?: number;
  /** 0–10000 ms. */ delay?: number;
}
/** Every component takes these. */
interface CommonProps {
  /** Names the component in action events and for set; generated (button_2) when absent. A letter or _, then letters, digits, _ or -. */
  name?: string;
  /** Another package's components render as a notice until a renderer for it exists. Default "genui". */
  package?: string;
  style?: Style;
  animation?: Animation;
}
interface ScreenOptions {
  /** The screen's name (also the first string argument). */
  name?: string;
  title?: string;
  theme?: "light" | "dark" | "auto";
  /** 0–64 px. */ padding?: number;
  /** 0–64 px. */ gap?: number;
  /** 120–4000 px. */ maxWidth?: number;
  background?: string;
  style?: Style;
  /** When the screen is shown. */ onStart?: Hook;
  /** When the page becomes visible again. */ onResume?: Hook;
  /** When the page is hidden. */ onPause?: Hook;
  /** When the screen goes away. */ onEnd?: Hook;
}
/**
 * Names the screen and sets its props and lifecycle hooks; children given here come first.
 * @example screen("Checkout", {theme: "auto", onStart: "opened"})
 */
declare function screen(name: string, options?: ScreenOptions, children?: Child[]): void;
declare function screen(options: ScreenOptions, children?: Child[]): void;
declare function screen(...args: (string | ScreenOptions | Child[] | undefined)[]): void;
/** Props of one of the app's own components: the ones its declaration lists (any JSON), plus a name and actions. */
interface CustomProps {
  /** Names the component in action events; generated (ProductCard_1) when absent. */
  name?: string;
  style?: Style;
  animation?: Animation;
  /** What a press does (the developer's component runs it; its fallback's button does too). */ onPress?: Action;
  /** What a change does. */ onChangeText?: Action;
  /** What a long press does. */ onLongPress?: Action;
  [prop: string]: Json | Style | Animation | Action | undefined;
}
/**
 * One of the app's own components, by the name the app declared (its props exactly the declared ones; no children).
 * Where the developer's React component is not available (the iframe, other hosts) its declared built-in fallback is
 * drawn; a component the app does not declare, or props its schema refuses, are repaired to that fallback.
 * @example custom("ProductCard", {title: "Ceramic mug", price: 14, onPress: {event: "add_to_cart", value: "mug"}})
 */
declare function custom(name: string, props?: CustomProps): UiNode;
interface ColumnProps extends CommonProps { /** 0–64 px. */ gap?: number; align?: "start" | "center" | "end" | "stretch"; }
/**
 * Stacks its children vertically.
 * @example column({gap: 12}, [text("One")])
 */
declare function column(props: ColumnProps, children?: Child[]): UiNode;
/**
 * Stacks its children vertically.
 * @example column({gap: 12}, [text("One")])
 */
declare function column(children: Child[]): UiNode;
/**
 * Stacks its children vertically.
 * @example column({gap: 12}, [text("One")])
 */
declare function column(...args: (ColumnProps | Child[] | undefined)[]): UiNode;
interface RowProps extends CommonProps { /** 0–64 px. */ gap?: number; align?: "start" | "center" | "end" | "stretch"; justify?: "start" | "center" | "end" | "between" | "around"; wrap?: boolean; }
/**
 * Lays its children out horizontally; wraps on small screens when \`wrap\` is set.
 * @example row({gap: 8, justify: "end"}, [button("Cancel", {name: "cancel", variant: "ghost"}), button("Save", {name: "save", onPress: "save"})])
 */
declare function row(props: RowProps, children?: Child[]): UiNode;
/**
 * Lays its children out horizontally; wraps on small screens when \`wrap\` is set.
 * @example row({gap: 8, justify: "end"}, [button("Cancel", {name: "cancel", variant: "ghost"}), button("Save", {name: "save", onPress: "save"})])
 */
declare function row(children: Child[]): UiNode;
/**
 * Lays its children out horizontally; wraps on small screens when \`wrap\` is set.
 * @example row({gap: 8, justify: "end"}, [button("Cancel", {name: "cancel", variant: "ghost"}), button("Save", {name: "save", onPress: "save"})])
 */
declare function row(...args: (RowProps | Child[] | undefined)[]): UiNode;
interface GridProps extends CommonProps { /** 1–6. */ columns?: number; /** 0–64 px. */ gap?: number; }
/**
 * A responsive grid: \`columns\` on wide screens, fewer as space shrinks.
 * @example grid({columns: 2}, [stat(1204, {name: "users", label: "Users"}), stat(5400, {name: "mrr", label: "MRR", format: "currency"})])
 */
declare function grid(props: GridProps, children?: Child[]): UiNode;
/**
 * A responsive grid: \`columns\` on wide screens, fewer as space shrinks.
 * @example grid({columns: 2}, [stat(1204, {name: "users", label: "Users"}), stat(5400, {name: "mrr", label: "MRR", format: "currency"})])
 */
declare function grid(children: Child[]): UiNode;
/**
 * A responsive grid: \`columns\` on wide screens, fewer as space shrinks.
 * @example grid({columns: 2}, [stat(1204, {name: "users", label: "Users"}), stat(5400, {name: "mrr", label: "MRR", format: "currency"})])
 */
declare function grid(...args: (GridProps | Child[] | undefined)[]): UiNode;
interface CardProps extends CommonProps { /** The title (may also be given as the first plain argument). */ value?: string; subtitle?: string; elevated?: boolean; /** 0–64 px. */ padding?: number; }
/**
 * A surface grouping its children; \`value\` is the card's title.
 * @example card("Order summary", {name: "summary"}, [text("2 items", {name: "items"})])
 */
declare function card(title: string, props?: CardProps, children?: Child[]): UiNode;
/**
 * A surface grouping its children; \`value\` is the card's title.
 * @example card("Order summary", {name: "summary"}, [text("2 items", {name: "items"})])
 */
declare function card(props: CardProps, children?: Child[]): UiNode;
/**
 * A surface grouping its children; \`value\` is the card's title.
 * @example card("Order summary", {name: "summary"}, [text("2 items", {name: "items"})])
 */
declare function card(children: Child[]): UiNode;
/**
 * A surface grouping its children; \`value\` is the card's title.
 * @example card("Order summary", {name: "summary"}, [text("2 items", {name: "items"})])
 */
declare function card(...args: (string | CardProps | Child[] | undefined)[]): UiNode;
interface TabsProps extends CommonProps { /** The labels (may also be given as the first plain argument). */ value?: string[]; /** What a change does. */ onChangeText?: Action; /** The open tab's index. */ selected?: number; }
/**
 * Tabs: \`value\` lists the labels, child i is panel i. Arrow keys move between tabs.
 * @example tabs(["Overview", "Details"], {name: "views"}, [text("Overview panel"), text("Details panel")])
 */
declare function tabs(labels: string[], props?: TabsProps, children?: Child[]): UiNode;
/**
 * Tabs: \`value\` lists the labels, child i is panel i. Arrow keys move between tabs.
 * @example tabs(["Overview", "Details"], {name: "views"}, [text("Overview panel"), text("Details panel")])
 */
declare function tabs(props: TabsProps, children?: Child[]): UiNode;
/**
 * Tabs: \`value\` lists the labels, child i is panel i. Arrow keys move between tabs.
 * @example tabs(["Overview", "Details"], {name: "views"}, [text("Overview panel"), text("Details panel")])
 */
declare function tabs(children: Child[]): UiNode;
/**
 * Tabs: \`value\` lists the labels, child i is panel i. Arrow keys move between tabs.
 * @example tabs(["Overview", "Details"], {name: "views"}, [text("Overview panel"), text("Details panel")])
 */
declare function tabs(...args: (string[] | TabsProps | Child[] | undefined)[]): UiNode;
interface AccordionProps extends CommonProps { /** The labels (may also be given as the first plain argument). */ value?: string[]; multiple?: boolean; /** Indexes of the sections open at first. */ open?: number[]; }
/**
 * Collapsible sections: \`value\` lists the headers, child i is section i.
 * @example accordion(["What is GenUI?", "Is there a free plan?"], {name: "faq"}, [text("Generated UI for chat."), text("You pay for what you use.")])
 */
declare function accordion(labels: string[], props?: AccordionProps, children?: Child[]): UiNode;
/**
 * Collapsible sections: \`value\` lists the headers, child i is section i.
 * @example accordion(["What is GenUI?", "Is there a free plan?"], {name: "faq"}, [text("Generated UI for chat."), text("You pay for what you use.")])
 */
declare function accordion(props: AccordionProps, children?: Child[]): UiNode;
/**
 * Collapsible sections: \`value\` lists the headers, child i is section i.
 * @example accordion(["What is GenUI?", "Is there a free plan?"], {name: "faq"}, [text("Generated UI for chat."), text("You pay for what you use.")])
 */
declare function accordion(children: Child[]): UiNode;
/**
 * Collapsible sections: \`value\` lists the headers, child i is section i.
 * @example accordion(["What is GenUI?", "Is there a free plan?"], {name: "faq"}, [text("Generated UI for chat."), text("You pay for what you use.")])
 */
declare function accordion(...args: (string[] | AccordionProps | Child[] | undefined)[]): UiNode;
interface DividerProps extends CommonProps { /** The optional label (may also be given as the first plain argument). */ value?: string; }
/**
 * A horizontal rule, optionally labelled.
 * @example divider("or")
 */
declare function divider(label: string, props?: DividerProps): UiNode;
/**
 * A horizontal rule, optionally labelled.
 * @example divider("or")
 */
declare function divider(props: DividerProps): UiNode;
/**
 * A horizontal rule, optionally labelled.
 * @example divider("or")
 */
declare function divider(...args: (string | DividerProps | undefined)[]): UiNode;
interface SpacerProps extends CommonProps { /** The size in pixels (default 16) (may also be given as the first plain argument). */ value?: number; }
/**
 * Empty space of \`size\` pixels.
 * @example spacer(24)
 */
declare function spacer(size: number, props?: SpacerProps): UiNode;
/**
 * Empty space of \`size\` pixels.
 * @example spacer(24)
 */
declare function spacer(props: SpacerProps): UiNode;
/**
 * Empty space of \`size\` pixels.
 * @example spacer(24)
 */
declare function spacer(...args: (number | SpacerProps | undefined)[]): UiNode;
interface HeadingProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** 1–6. */ level?: number; align?: "left" | "center" | "right"; }
/**
 * A heading (\`level\` 1–6, default 2).
 * @example heading("Welcome back", {level: 1})
 */
declare function heading(text: string, props?: HeadingProps): UiNode;
/**
 * A heading (\`level\` 1–6, default 2).
 * @example heading("Welcome back", {level: 1})
 */
declare function heading(props: HeadingProps): UiNode;
/**
 * A heading (\`level\` 1–6, default 2).
 * @example heading("Welcome back", {level: 1})
 */
declare function heading(...args: (string | HeadingProps | undefined)[]): UiNode;
interface TextProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; size?: "sm" | "md" | "lg"; weight?: "normal" | "medium" | "bold"; tone?: "default" | "muted" | "primary" | "success" | "warning" | "danger"; align?: "left" | "center" | "right"; }
/**
 * A paragraph of plain text.
 * @example text("Here is what changed this week.", {tone: "muted"})
 */
declare function text(text: string, props?: TextProps): UiNode;
/**
 * A paragraph of plain text.
 * @example text("Here is what changed this week.", {tone: "muted"})
 */
declare function text(props: TextProps): UiNode;
/**
 * A paragraph of plain text.
 * @example text("Here is what changed this week.", {tone: "muted"})
 */
declare function text(...args: (string | TextProps | undefined)[]): UiNode;
interface MarkdownProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; }
/**
 * Markdown (headings, emphasis, lists, links, inline code); raw HTML is shown as text.
 * @example markdown("**Bold** and a [link](https://genui.dev).\\n\\n- one\\n- two")
 */
declare function markdown(text: string, props?: MarkdownProps): UiNode;
/**
 * Markdown (headings, emphasis, lists, links, inline code); raw HTML is shown as text.
 * @example markdown("**Bold** and a [link](https://genui.dev).\\n\\n- one\\n- two")
 */
declare function markdown(props: MarkdownProps): UiNode;
/**
 * Markdown (headings, emphasis, lists, links, inline code); raw HTML is shown as text.
 * @example markdown("**Bold** and a [link](https://genui.dev).\\n\\n- one\\n- two")
 */
declare function markdown(...args: (string | MarkdownProps | undefined)[]): UiNode;
interface BadgeProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; tone?: "neutral" | "info" | "success" | "warning" | "danger"; }
/**
 * A short status label.
 * @example badge("Paid", {tone: "success"})
 */
declare function badge(text: string, props?: BadgeProps): UiNode;
/**
 * A short status label.
 * @example badge("Paid", {tone: "success"})
 */
declare function badge(props: BadgeProps): UiNode;
/**
 * A short status label.
 * @example badge("Paid", {tone: "success"})
 */
declare function badge(...args: (string | BadgeProps | undefined)[]): UiNode;
interface CodeProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; language?: string; }
/**
 * A block of code in a monospace font, with a copy button.
 * @example code("npm install @genui/react", {language: "bash"})
 */
declare function code(text: string, props?: CodeProps): UiNode;
/**
 * A block of code in a monospace font, with a copy button.
 * @example code("npm install @genui/react", {language: "bash"})
 */
declare function code(props: CodeProps): UiNode;
/**
 * A block of code in a monospace font, with a copy button.
 * @example code("npm install @genui/react", {language: "bash"})
 */
declare function code(...args: (string | CodeProps | undefined)[]): UiNode;
interface TextInputProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** What a change does. */ onChangeText?: Action; label: string; placeholder?: string; type?: "text" | "email" | "password" | "number" | "tel" | "url" | "search"; required?: boolean; disabled?: boolean; }
/**
 * A one-line text field; reports onChangeText as the user types.
 * @example textInput({name: "email", label: "Email", type: "email", placeholder: "you@example.com"})
 */
declare function textInput(props: TextInputProps): UiNode;
/**
 * A one-line text field; reports onChangeText as the user types.
 * @example textInput({name: "email", label: "Email", type: "email", placeholder: "you@example.com"})
 */
declare function textInput(text: string, props?: TextInputProps): UiNode;
/**
 * A one-line text field; reports onChangeText as the user types.
 * @example textInput({name: "email", label: "Email", type: "email", placeholder: "you@example.com"})
 */
declare function textInput(...args: (string | TextInputProps | undefined)[]): UiNode;
interface TextAreaProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** What a change does. */ onChangeText?: Action; label: string; placeholder?: string; /** 2–20. */ rows?: number; disabled?: boolean; }
/**
 * A multi-line text field.
 * @example textArea({name: "message", label: "Message", rows: 4})
 */
declare function textArea(props: TextAreaProps): UiNode;
/**
 * A multi-line text field.
 * @example textArea({name: "message", label: "Message", rows: 4})
 */
declare function textArea(text: string, props?: TextAreaProps): UiNode;
/**
 * A multi-line text field.
 * @example textArea({name: "message", label: "Message", rows: 4})
 */
declare function textArea(...args: (string | TextAreaProps | undefined)[]): UiNode;
interface ButtonProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** What a press does. */ onPress?: Action; /** What a long press does. */ onLongPress?: Action; variant?: "primary" | "secondary" | "ghost" | "danger"; size?: "sm" | "md" | "lg"; disabled?: boolean; fullWidth?: boolean; icon?: IconName; }
/**
 * A button; \`value\` is its label. Reports onPress (and onLongPress after a 600 ms hold).
 * @example button("Buy now", {name: "buy", onPress: "buy"})
 */
declare function button(text: string, props?: ButtonProps): UiNode;
/**
 * A button; \`value\` is its label. Reports onPress (and onLongPress after a 600 ms hold).
 * @example button("Buy now", {name: "buy", onPress: "buy"})
 */
declare function button(props: ButtonProps): UiNode;
/**
 * A button; \`value\` is its label. Reports onPress (and onLongPress after a 600 ms hold).
 * @example button("Buy now", {name: "buy", onPress: "buy"})
 */
declare function button(...args: (string | ButtonProps | undefined)[]): UiNode;
interface SelectProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** What a change does. */ onChangeText?: Action; label: string; options: (string | { label: string; value: string })[]; placeholder?: string; disabled?: boolean; }
/**
 * A drop-down; \`value\` is the selected option's value.
 * @example select("m", {name: "size", label: "Size", options: [{label: "Small", value: "s"}, {label: "Medium", value: "m"}]})
 */
declare function select(text: string, props?: SelectProps): UiNode;
/**
 * A drop-down; \`value\` is the selected option's value.
 * @example select("m", {name: "size", label: "Size", options: [{label: "Small", value: "s"}, {label: "Medium", value: "m"}]})
 */
declare function select(props: SelectProps): UiNode;
/**
 * A drop-down; \`value\` is the selected option's value.
 * @example select("m", {name: "size", label: "Size", options: [{label: "Small", value: "s"}, {label: "Medium", value: "m"}]})
 */
declare function select(...args: (string | SelectProps | undefined)[]): UiNode;
interface CheckboxProps extends CommonProps { /** The checked (may also be given as the first plain argument). */ value?: boolean; /** What a change does. */ onChangeText?: Action; label: string; disabled?: boolean; }
/**
 * A checkbox; \`value\` is whether it is checked.
 * @example checkbox(false, {name: "terms", label: "I accept the terms"})
 */
declare function checkbox(checked: boolean, props?: CheckboxProps): UiNode;
/**
 * A checkbox; \`value\` is whether it is checked.
 * @example checkbox(false, {name: "terms", label: "I accept the terms"})
 */
declare function checkbox(props: CheckboxProps): UiNode;
/**
 * A checkbox; \`value\` is whether it is checked.
 * @example checkbox(false, {name: "terms", label: "I accept the terms"})
 */
declare function checkbox(...args: (boolean | CheckboxProps | undefined)[]): UiNode;
interface SwitchProps extends CommonProps { /** The checked (may also be given as the first plain argument). */ value?: boolean; /** What a change does. */ onChangeText?: Action; label: string; disabled?: boolean; }
/**
 * An on/off switch (\`switch\` is a JavaScript keyword, hence \`switch_\`).
 * @example switch_(true, {name: "notify", label: "Email me"})
 */
declare function switch_(checked: boolean, props?: SwitchProps): UiNode;
/**
 * An on/off switch (\`switch\` is a JavaScript keyword, hence \`switch_\`).
 * @example switch_(true, {name: "notify", label: "Email me"})
 */
declare function switch_(props: SwitchProps): UiNode;
/**
 * An on/off switch (\`switch\` is a JavaScript keyword, hence \`switch_\`).
 * @example switch_(true, {name: "notify", label: "Email me"})
 */
declare function switch_(...args: (boolean | SwitchProps | undefined)[]): UiNode;
interface SliderProps extends CommonProps { /** The value (may also be given as the first plain argument). */ value?: number; /** What a change does. */ onChangeText?: Action; label: string; min?: number; max?: number; step?: number; }
/**
 * A range slider.
 * @example slider(40, {name: "budget", label: "Budget", min: 0, max: 100, step: 5})
 */
declare function slider(value: number, props?: SliderProps): UiNode;
/**
 * A range slider.
 * @example slider(40, {name: "budget", label: "Budget", min: 0, max: 100, step: 5})
 */
declare function slider(props: SliderProps): UiNode;
/**
 * A range slider.
 * @example slider(40, {name: "budget", label: "Budget", min: 0, max: 100, step: 5})
 */
declare function slider(...args: (number | SliderProps | undefined)[]): UiNode;
interface DateProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** What a change does. */ onChangeText?: Action; label: string; /** YYYY-MM-DD. */ min?: string; /** YYYY-MM-DD. */ max?: string; }
/**
 * A date picker; \`value\` is an ISO date (YYYY-MM-DD).
 * @example date("2026-12-01", {name: "checkin", label: "Check-in"})
 */
declare function date(text: string, props?: DateProps): UiNode;
/**
 * A date picker; \`value\` is an ISO date (YYYY-MM-DD).
 * @example date("2026-12-01", {name: "checkin", label: "Check-in"})
 */
declare function date(props: DateProps): UiNode;
/**
 * A date picker; \`value\` is an ISO date (YYYY-MM-DD).
 * @example date("2026-12-01", {name: "checkin", label: "Check-in"})
 */
declare function date(...args: (string | DateProps | undefined)[]): UiNode;
interface FileInputProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; /** What a change does. */ onChangeText?: Action; label: string; accept?: string; multiple?: boolean; required?: boolean; disabled?: boolean; }
/**
 * A file picker (an upload field: a CV, a photo). The files stay on the user's device: \`value\` is the chosen files' names, comma-separated, and onChangeText reports them; the page embedding the screen uploads the files if it wants them. \`accept\` lists the types offered (".pdf,.doc,.docx", "image/*").
 * @example fileInput({name: "cv", label: "CV", accept: ".pdf,.doc,.docx"})
 */
declare function fileInput(props: FileInputProps): UiNode;
/**
 * A file picker (an upload field: a CV, a photo). The files stay on the user's device: \`value\` is the chosen files' names, comma-separated, and onChangeText reports them; the page embedding the screen uploads the files if it wants them. \`accept\` lists the types offered (".pdf,.doc,.docx", "image/*").
 * @example fileInput({name: "cv", label: "CV", accept: ".pdf,.doc,.docx"})
 */
declare function fileInput(text: string, props?: FileInputProps): UiNode;
/**
 * A file picker (an upload field: a CV, a photo). The files stay on the user's device: \`value\` is the chosen files' names, comma-separated, and onChangeText reports them; the page embedding the screen uploads the files if it wants them. \`accept\` lists the types offered (".pdf,.doc,.docx", "image/*").
 * @example fileInput({name: "cv", label: "CV", accept: ".pdf,.doc,.docx"})
 */
declare function fileInput(...args: (string | FileInputProps | undefined)[]): UiNode;
interface TableProps extends CommonProps { /** The rows (may also be given as the first plain argument). */ value?: Row[]; columns?: (string | { key: string; label?: string; align?: "left" | "right" | "center"; format?: "text" | "number" | "currency" | "percent" | "date" })[]; sortable?: boolean; caption?: string; }
/**
 * A table of rows (objects); columns sortable by clicking their headers.
 * @example table([{id: "A-1", total: 30, status: "paid"}, {id: "A-2", total: 12.5, status: "open"}], {name: "orders", columns: ["id", {key: "total", label: "Total", format: "currency", align: "right"}, "status"]})
 */
declare function table(rows: Row[], props?: TableProps): UiNode;
/**
 * A table of rows (objects); columns sortable by clicking their headers.
 * @example table([{id: "A-1", total: 30, status: "paid"}, {id: "A-2", total: 12.5, status: "open"}], {name: "orders", columns: ["id", {key: "total", label: "Total", format: "currency", align: "right"}, "status"]})
 */
declare function table(props: TableProps): UiNode;
/**
 * A table of rows (objects); columns sortable by clicking their headers.
 * @example table([{id: "A-1", total: 30, status: "paid"}, {id: "A-2", total: 12.5, status: "open"}], {name: "orders", columns: ["id", {key: "total", label: "Total", format: "currency", align: "right"}, "status"]})
 */
declare function table(...args: (Row[] | TableProps | undefined)[]): UiNode;
interface ListProps extends CommonProps { /** The items (may also be given as the first plain argument). */ value?: ListItem[]; /** What a press does. */ onPress?: Action; ordered?: boolean; dividers?: boolean; }
/**
 * A list of strings or \`{ title, subtitle, icon }\` items; pressable when it has onPress.
 * @example list(["Sign up", {title: "Create an app", subtitle: "Get a key"}], {name: "steps", ordered: true})
 */
declare function list(items: ListItem[], props?: ListProps): UiNode;
/**
 * A list of strings or \`{ title, subtitle, icon }\` items; pressable when it has onPress.
 * @example list(["Sign up", {title: "Create an app", subtitle: "Get a key"}], {name: "steps", ordered: true})
 */
declare function list(props: ListProps): UiNode;
/**
 * A list of strings or \`{ title, subtitle, icon }\` items; pressable when it has onPress.
 * @example list(["Sign up", {title: "Create an app", subtitle: "Get a key"}], {name: "steps", ordered: true})
 */
declare function list(...args: (ListItem[] | ListProps | undefined)[]): UiNode;
interface StatProps extends CommonProps { /** The value (may also be given as the first plain argument). */ value?: number; label: string; /** Change in percent. */ delta?: number; format?: "number" | "currency" | "percent"; /** ISO code, e.g. "USD". */ currency?: string; }
/**
 * A key figure with a label and an optional change.
 * @example stat(12400, {name: "revenue", label: "Revenue", delta: 8.2, format: "currency", currency: "USD"})
 */
declare function stat(value: number, props?: StatProps): UiNode;
/**
 * A key figure with a label and an optional change.
 * @example stat(12400, {name: "revenue", label: "Revenue", delta: 8.2, format: "currency", currency: "USD"})
 */
declare function stat(props: StatProps): UiNode;
/**
 * A key figure with a label and an optional change.
 * @example stat(12400, {name: "revenue", label: "Revenue", delta: 8.2, format: "currency", currency: "USD"})
 */
declare function stat(...args: (number | StatProps | undefined)[]): UiNode;
interface KeyValueProps extends CommonProps { /** The pairs (may also be given as the first plain argument). */ value?: Record<string, Json> | { key: string; value: Json }[]; }
/**
 * Label / value pairs (an object, or a list of \`{ key, value }\`).
 * @example keyValue({Plan: "Pluto", Renews: "2026-12-01"}, {name: "details"})
 */
declare function keyValue(pairs: Record<string, Json> | { key: string; value: Json }[], props?: KeyValueProps): UiNode;
/**
 * Label / value pairs (an object, or a list of \`{ key, value }\`).
 * @example keyValue({Plan: "Pluto", Renews: "2026-12-01"}, {name: "details"})
 */
declare function keyValue(props: KeyValueProps): UiNode;
/**
 * Label / value pairs (an object, or a list of \`{ key, value }\`).
 * @example keyValue({Plan: "Pluto", Renews: "2026-12-01"}, {name: "details"})
 */
declare function keyValue(...args: (Record<string, Json> | { key: string; value: Json }[] | KeyValueProps | undefined)[]): UiNode;
interface ProgressProps extends CommonProps { /** The value (may also be given as the first plain argument). */ value?: number; label?: string; max?: number; tone?: "neutral" | "info" | "success" | "warning" | "danger"; }
/**
 * A progress bar: \`value\` of \`max\` (default 100).
 * @example progress(64, {name: "upload", label: "Uploading"})
 */
declare function progress(value: number, props?: ProgressProps): UiNode;
/**
 * A progress bar: \`value\` of \`max\` (default 100).
 * @example progress(64, {name: "upload", label: "Uploading"})
 */
declare function progress(props: ProgressProps): UiNode;
/**
 * A progress bar: \`value\` of \`max\` (default 100).
 * @example progress(64, {name: "upload", label: "Uploading"})
 */
declare function progress(...args: (number | ProgressProps | undefined)[]): UiNode;
interface BarChartProps extends CommonProps { /** The rows (may also be given as the first plain argument). */ value?: Row[]; /** The key of each row read along the x axis. */ x: string; /** The key (or keys) plotted. */ y: string | string[]; /** 80–800 px. */ height?: number; stacked?: boolean; title?: string; }
/**
 * Bars of \`y\` (one key or several) over \`x\`.
 * @example barChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "rev", x: "month", y: ["revenue", "costs"]})
 */
declare function barChart(rows: Row[], props?: BarChartProps): UiNode;
/**
 * Bars of \`y\` (one key or several) over \`x\`.
 * @example barChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "rev", x: "month", y: ["revenue", "costs"]})
 */
declare function barChart(props: BarChartProps): UiNode;
/**
 * Bars of \`y\` (one key or several) over \`x\`.
 * @example barChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "rev", x: "month", y: ["revenue", "costs"]})
 */
declare function barChart(...args: (Row[] | BarChartProps | undefined)[]): UiNode;
interface LineChartProps extends CommonProps { /** The rows (may also be given as the first plain argument). */ value?: Row[]; /** The key of each row read along the x axis. */ x: string; /** The key (or keys) plotted. */ y: string | string[]; /** 80–800 px. */ height?: number; stacked?: boolean; title?: string; }
/**
 * Lines of \`y\` over \`x\`.
 * @example lineChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "trend", x: "month", y: "revenue"})
 */
declare function lineChart(rows: Row[], props?: LineChartProps): UiNode;
/**
 * Lines of \`y\` over \`x\`.
 * @example lineChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "trend", x: "month", y: "revenue"})
 */
declare function lineChart(props: LineChartProps): UiNode;
/**
 * Lines of \`y\` over \`x\`.
 * @example lineChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "trend", x: "month", y: "revenue"})
 */
declare function lineChart(...args: (Row[] | LineChartProps | undefined)[]): UiNode;
interface AreaChartProps extends CommonProps { /** The rows (may also be given as the first plain argument). */ value?: Row[]; /** The key of each row read along the x axis. */ x: string; /** The key (or keys) plotted. */ y: string | string[]; /** 80–800 px. */ height?: number; stacked?: boolean; title?: string; }
/**
 * Filled areas of \`y\` over \`x\` (stackable).
 * @example areaChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "area", x: "month", y: ["revenue", "costs"], stacked: true})
 */
declare function areaChart(rows: Row[], props?: AreaChartProps): UiNode;
/**
 * Filled areas of \`y\` over \`x\` (stackable).
 * @example areaChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "area", x: "month", y: ["revenue", "costs"], stacked: true})
 */
declare function areaChart(props: AreaChartProps): UiNode;
/**
 * Filled areas of \`y\` over \`x\` (stackable).
 * @example areaChart([{month: "Jan",revenue: 120,costs: 80},{month: "Feb",revenue: 150,costs: 90},{month: "Mar",revenue: 170,costs: 95}], {name: "area", x: "month", y: ["revenue", "costs"], stacked: true})
 */
declare function areaChart(...args: (Row[] | AreaChartProps | undefined)[]): UiNode;
interface PieChartProps extends CommonProps { /** The items (may also be given as the first plain argument). */ value?: { label: string; value: number }[]; donut?: boolean; /** 80–800 px. */ height?: number; title?: string; }
/**
 * Slices of \`{ label, value }\` items (a donut when \`donut\` is set).
 * @example pieChart([{label: "Chrome", value: 64}, {label: "Safari", value: 19}, {label: "Other", value: 17}], {name: "share", donut: true})
 */
declare function pieChart(items: { label: string; value: number }[], props?: PieChartProps): UiNode;
/**
 * Slices of \`{ label, value }\` items (a donut when \`donut\` is set).
 * @example pieChart([{label: "Chrome", value: 64}, {label: "Safari", value: 19}, {label: "Other", value: 17}], {name: "share", donut: true})
 */
declare function pieChart(props: PieChartProps): UiNode;
/**
 * Slices of \`{ label, value }\` items (a donut when \`donut\` is set).
 * @example pieChart([{label: "Chrome", value: 64}, {label: "Safari", value: 19}, {label: "Other", value: 17}], {name: "share", donut: true})
 */
declare function pieChart(...args: ({ label: string; value: number }[] | PieChartProps | undefined)[]): UiNode;
interface ImageProps extends CommonProps { /** The data:image/… URL or same-site path (may also be given as the first plain argument). */ value?: string; alt: string; /** 1–4000 px. */ width?: number; /** 1–4000 px. */ height?: number; fit?: "cover" | "contain"; /** Corner radius; 0–200 px. */ radius?: number; }
/**
 * An image; \`alt\` describes it. Its address is a \`data:image/…\` URL (an illustration drawn in the screen, e.g. an SVG) or a path on the embedding site itself; an image from another site is never fetched — a drawn placeholder with the alt text shows instead.
 * @example image("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 2'%3E%3Crect width='4' height='2' fill='%23a5b4fc'/%3E%3C/svg%3E", {name: "hero", alt: "A lilac banner", height: 160, fit: "cover"})
 */
declare function image(url: string, props?: ImageProps): UiNode;
/**
 * An image; \`alt\` describes it. Its address is a \`data:image/…\` URL (an illustration drawn in the screen, e.g. an SVG) or a path on the embedding site itself; an image from another site is never fetched — a drawn placeholder with the alt text shows instead.
 * @example image("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 2'%3E%3Crect width='4' height='2' fill='%23a5b4fc'/%3E%3C/svg%3E", {name: "hero", alt: "A lilac banner", height: 160, fit: "cover"})
 */
declare function image(props: ImageProps): UiNode;
/**
 * An image; \`alt\` describes it. Its address is a \`data:image/…\` URL (an illustration drawn in the screen, e.g. an SVG) or a path on the embedding site itself; an image from another site is never fetched — a drawn placeholder with the alt text shows instead.
 * @example image("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 4 2'%3E%3Crect width='4' height='2' fill='%23a5b4fc'/%3E%3C/svg%3E", {name: "hero", alt: "A lilac banner", height: 160, fit: "cover"})
 */
declare function image(...args: (string | ImageProps | undefined)[]): UiNode;
interface IconProps extends CommonProps { /** The icon name (may also be given as the first plain argument). */ value?: IconName; /** 8–128 px. */ size?: number; tone?: "neutral" | "info" | "success" | "warning" | "danger"; /** Read by screen readers; without it the icon is decorative. */ label?: string; }
/**
 * An icon from the built-in set (see ICONS).
 * @example icon("check", {name: "ok", tone: "success", label: "Done"})
 */
declare function icon(iconName: IconName, props?: IconProps): UiNode;
/**
 * An icon from the built-in set (see ICONS).
 * @example icon("check", {name: "ok", tone: "success", label: "Done"})
 */
declare function icon(props: IconProps): UiNode;
/**
 * An icon from the built-in set (see ICONS).
 * @example icon("check", {name: "ok", tone: "success", label: "Done"})
 */
declare function icon(...args: (IconName | IconProps | undefined)[]): UiNode;
interface VideoProps extends CommonProps { /** The video URL (may also be given as the first plain argument). */ value?: string; title: string; aspect?: "16:9" | "4:3" | "1:1"; }
/**
 * An embedded YouTube or Vimeo video, or an https mp4/webm file.
 * @example video("https://www.youtube.com/watch?v=dQw4w9WgXcQ", {name: "demo", title: "Demo"})
 */
declare function video(videoUrl: string, props?: VideoProps): UiNode;
/**
 * An embedded YouTube or Vimeo video, or an https mp4/webm file.
 * @example video("https://www.youtube.com/watch?v=dQw4w9WgXcQ", {name: "demo", title: "Demo"})
 */
declare function video(props: VideoProps): UiNode;
/**
 * An embedded YouTube or Vimeo video, or an https mp4/webm file.
 * @example video("https://www.youtube.com/watch?v=dQw4w9WgXcQ", {name: "demo", title: "Demo"})
 */
declare function video(...args: (string | VideoProps | undefined)[]): UiNode;
interface AlertProps extends CommonProps { /** The text (may also be given as the first plain argument). */ value?: string; title?: string; tone?: "neutral" | "info" | "success" | "warning" | "danger"; }
/**
 * A message box with a tone (info, success, warning, danger).
 * @example alert("Your changes were saved.", {name: "saved", title: "Saved", tone: "success"})
 */
declare function alert(text: string, props?: AlertProps): UiNode;
/**
 * A message box with a tone (info, success, warning, danger).
 * @example alert("Your changes were saved.", {name: "saved", title: "Saved", tone: "success"})
 */
declare function alert(props: AlertProps): UiNode;
/**
 * A message box with a tone (info, success, warning, danger).
 * @example alert("Your changes were saved.", {name: "saved", title: "Saved", tone: "success"})
 */
declare function alert(...args: (string | AlertProps | undefined)[]): UiNode;
interface SkeletonProps extends CommonProps { /** The lines (default 3) (may also be given as the first plain argument). */ value?: number; /** 4–400 px. */ height?: number; }
/**
 * A loading placeholder of \`lines\` shimmering lines.
 * @example skeleton(3)
 */
declare function skeleton(lines: number, props?: SkeletonProps): UiNode;
/**
 * A loading placeholder of \`lines\` shimmering lines.
 * @example skeleton(3)
 */
declare function skeleton(props: SkeletonProps): UiNode;
/**
 * A loading placeholder of \`lines\` shimmering lines.
 * @example skeleton(3)
 */
declare function skeleton(...args: (number | SkeletonProps | undefined)[]): UiNode;
`;

/** Every function the DSL defines (for tests and completion checks). */
export const DSL_FUNCTIONS: readonly string[] = [
  "screen",
  "custom",
  "column",
  "row",
  "grid",
  "card",
  "tabs",
  "accordion",
  "divider",
  "spacer",
  "heading",
  "text",
  "markdown",
  "badge",
  "code",
  "textInput",
  "textArea",
  "button",
  "select",
  "checkbox",
  "switch_",
  "slider",
  "date",
  "fileInput",
  "table",
  "list",
  "stat",
  "keyValue",
  "progress",
  "barChart",
  "lineChart",
  "areaChart",
  "pieChart",
  "image",
  "icon",
  "video",
  "alert",
  "skeleton",
];
