/**
 * The developer component the appearance tests declare: a ProductCard for the built-in generator's product-card role
 * (its name, price, photo and badge), drawn as a card where the page has no component of its own.
 */
export const productCard = (over: Record<string, unknown> = {}) => ({
  name: "ProductCard",
  description: "One product with its photo, price and an Add to cart button.",
  props: {
    type: "object",
    properties: { title: { type: "string" }, price: { type: "number" }, image: { type: "string" }, badge: { type: "string" } },
    required: ["title", "price"],
    additionalProperties: false,
  },
  example: { title: "Ceramic mug", price: 14 },
  fallback: "card",
  role: { name: "product-card" },
  ...over,
});
