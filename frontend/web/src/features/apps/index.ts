/** The apps feature's public API (the dashboard's apps, keys, templates and agent hosts; the agent hosts' consent page). Import it from here, not its files. */
export { AppsSection } from "./components/apps-section";
export { GettingStarted } from "./components/getting-started";
export { ConsentPage } from "./components/consent-page";
export { useAppearance } from "./api";
