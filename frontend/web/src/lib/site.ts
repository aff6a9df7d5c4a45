/** Facts about the business shown in the footer, contact and legal pages (one place, so they agree). */
export const SITE = {
  name: "GenUI",
  company: "GenUI Technologies Private Limited",
  supportEmail: "support@genui.dev",
  address: ["GenUI Technologies Private Limited", "2nd Floor, 14 Residency Road", "Bengaluru, Karnataka 560025", "India"],
  model: "genui-pluto-0.1",
} as const;
