/**
 * The fragments of the docs' "Theming" and "Your own components" (in "Rendering"): the signed-in API with curl (a
 * session, as the dashboard has), a developer component in UI code and in React, and the per-embed override. They
 * are not executed against the API by the snippets test (they need a signed-in account), only shown.
 */
import { API_PATHS } from "../api-paths";
import { PUBLISHABLE_KEY_PLACEHOLDER, apiBase } from "../snippets";
import { PACKAGE_NAME } from "./rendering";

export interface AppearanceSnippets {
  /** Sign in with curl (a cookie jar and the CSRF header, like the dashboard). */
  signIn: string;
  theme: string;
  themeRefused: string;
  component: string;
  read: string;
  customCode: string;
  customJson: string;
  react: string;
  screenView: string;
  override: string;
  loaderOverride: string;
}

export function appearanceSnippets(origin: string): AppearanceSnippets {
  const host = origin.replace(/\/+$/, "");
  const base = apiBase(origin);
  return {
    signIn: `# The signed-in API (the dashboard's) takes a session: sign in once into a cookie jar.
HOST=${host}
curl -s -c jar -b jar "$HOST/get-csrf/" > /dev/null
# The CSRF cookie's value, sent back as the X-CSRFToken header:
csrf() { awk '$6 ~ /csrftoken$/ { print $7 }' jar | tail -n 1; }
curl -s -c jar -b jar "$HOST/accounts/api/v1/login-password/" \\
  -H "X-CSRFToken: $(csrf)" -H "Content-Type: application/json" \\
  -d '{"email": "you@example.com", "password": "your password"}'`,
    theme: `# Your app's id is on the dashboard (and in GET $HOST/apps/api/v1/list/).
curl -s -b jar -X PUT "$HOST/apps/api/v1/appearance/$APP_ID/theme/" \\
  -H "X-CSRFToken: $(csrf)" -H "Content-Type: application/json" -d '{
  "theme": {
    "light": { "primary": "#6d28d9", "accent": "#be185d" },
    "dark": { "accent": "#f9a8d4" },
    "radius": 8,
    "density": "comfortable",
    "fonts": { "body": "\\"Inter\\", system-ui, sans-serif" }
  }
}'
# 200: { "app_id": "…", "version": 1, "theme": { … }, "components": [],
#        "updated_at": "…" }`,
    themeRefused: `{
  "theme.light.primary": [
    "In light mode, primary (links and buttons) (#ffd700) on the background (#ffffff)
     has a contrast of 1.40:1; WCAG AA needs 4.5:1.",
    "In light mode, primary (links and buttons) (#ffd700) on cards (#f8fafc) has a
     contrast of 1.34:1; WCAG AA needs 4.5:1."
  ]
}`,
    component: `curl -s -b jar -X PUT "$HOST/apps/api/v1/appearance/$APP_ID/components/ProductCard/" \\
  -H "X-CSRFToken: $(csrf)" -H "Content-Type: application/json" -d '{
  "component": {
    "name": "ProductCard",
    "description": "One product with its photo, price and an Add to cart button.",
    "props": {
      "type": "object",
      "properties": {
        "title": { "type": "string" },
        "price": { "type": "number" },
        "image": { "type": "string" }
      },
      "required": ["title", "price"],
      "additionalProperties": false
    },
    "example": { "title": "Ceramic mug", "price": 14 },
    "fallback": "card",
    "role": { "name": "product-card" }
  }
}'`,
    read: `curl ${base}/appearance -H "Authorization: Bearer $GENUI_KEY"
# { "object": "genui.appearance", "version": 2, "theme": { … },
#   "components": [{ "name": "ProductCard", "description": "…", "props": { … },
#                    "fallback": "card" }] }`,
    customCode: `grid({columns: 3}, [
  custom("ProductCard", {name: "mug", title: "Ceramic mug", price: 14, onPress: "add-mug"}),
  custom("ProductCard", {name: "bowl", title: "Oak bowl", price: 22, onPress: "add-bowl"}),
])`,
    customJson: `{
  "name": "mug",
  "component": "ProductCard",
  "package": "app",
  "props": { "title": "Ceramic mug", "price": 14 },
  "onPress": "add-mug",
  "fallback": { "name": "mug_fallback", "component": "card", "value": "Ceramic mug", … }
}`,
    react: `import { GenUI, type AppComponentRenderProps, type Screen } from "${PACKAGE_NAME}";

// Your component gets its declared props and \`genui\`: the node's name, the screen's
// theme ("light" | "dark") and action(), which runs the node's action (onPress by
// default) like a built-in button.
type ProductCardProps = AppComponentRenderProps<{ title: string; price: number; image?: string }>;

function ProductCard({ title, price, image, genui }: ProductCardProps) {
  return (
    <article className={\`product product-\${genui.theme}\`}>
      {image && <img src={image} alt="" />}
      <h3>{title}</h3>
      <p>{price.toLocaleString("en-US", { style: "currency", currency: "USD" })}</p>
      <button onClick={() => genui.action()}>Add to cart</button>
    </article>
  );
}

// The json of an answer (written out here). Its app node is drawn by ProductCard in your
// page: json needs no sandbox, so no iframe. The fallback is for hosts without your code.
const screen: Screen = {
  name: "shop",
  screen: {
    v1: [
      { name: "title", component: "heading", value: "New arrivals" },
      {
        name: "mug",
        component: "ProductCard",
        package: "app",
        props: { title: "Ceramic mug", price: 14 },
        onPress: "add-mug",
        fallback: { name: "mug_fallback", component: "card", value: "Ceramic mug" },
      },
    ],
  },
};

export function Shop() {
  return (
    <GenUI
      apiBase="${host}"
      json={screen}
      components={{ ProductCard }}
      // Add to cart: { type: "onPress", component: { name: "mug", … } }
      onActionListener={(event) => console.log(event)}
    />
  );
}`,
    screenView: `import { ScreenView } from "@genui/react-renderer";

// The renderer itself: your components, the app's theme as brand, light or dark as theme.
<ScreenView
  screen={screen}
  components={{ ProductCard }}
  brand={appearance.theme}
  theme="dark"
  onAction={send}
/>`,
    override: `import { GenUI } from "${PACKAGE_NAME}";

// This page only: tokens laid over the app's theme (the rest stays the app's).
// An override that fails the contrast check is not applied; onError says why.
<GenUI
  apiBase="${host}"
  apiKey="${PUBLISHABLE_KEY_PLACEHOLDER}"
  code={code}
  brand={{ light: { primary: "#0f766e" }, radius: 4 }}
  onError={(message) => console.error(message)}
/>`,
    loaderOverride: `<script src="${base}${API_PATHS.embedLoader}"></script>

<genui-screen id="screen" api-base="${host}" api-key="${PUBLISHABLE_KEY_PLACEHOLDER}"
  code='heading("Hello")'></genui-screen>

<script>
  const el = document.getElementById("screen");
  // Over the app's theme, this page only:
  el.brand = { light: { primary: "#0f766e" }, radius: 4 };
  el.addEventListener("genui-error", (event) => console.error(event.detail.message));
</script>`,
  };
}
