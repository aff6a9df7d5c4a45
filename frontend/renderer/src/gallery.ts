import { CATALOGUE, CATEGORY_TITLES, type Category, type ComponentNode, type Screen } from "@genui/ui-runtime";

export { CATEGORY_TITLES };

/**
 * A screen with every catalogue example, one card per category, each example under a small caption with its type —
 * for screenshots and the accessibility check. Not exported from the package index (it pulls in the catalogue): its
 * own entry point, `@genui/react-renderer/gallery`.
 */
export function galleryScreen(): Screen {
  const cards: ComponentNode[] = [];
  for (const category of Object.keys(CATEGORY_TITLES) as Category[]) {
    const entries = CATALOGUE.filter((e) => e.category === category);
    if (entries.length === 0) continue;
    const content: ComponentNode[] = entries.flatMap((e): ComponentNode[] => [
      {
        name: `gallery-label-${e.type}`,
        component: "text",
        value: e.type,
        props: { size: "sm", tone: "muted", weight: "medium" },
      },
      JSON.parse(JSON.stringify(e.example)) as ComponentNode,
    ]);
    cards.push({ name: `gallery-${category}`, component: "card", value: CATEGORY_TITLES[category], content });
  }
  return {
    name: "gallery",
    screen: {
      v1: [
        { name: "gallery-title", component: "heading", value: "Component gallery", props: { level: 1 } },
        {
          name: "gallery-intro",
          component: "text",
          value: `Every GenUI component (${CATALOGUE.length}), drawn from its catalogue example.`,
          props: { tone: "muted" },
        },
        ...cards,
      ],
    },
    props: { screenProps: { title: "Component gallery", maxWidth: 960 } },
  };
}
