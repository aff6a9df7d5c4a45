/** The contact feature's public API (the contact page). Import it from here, not its files. */
export { ContactPage } from "./components/contact-page";
