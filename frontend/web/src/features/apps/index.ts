/** The apps feature's public API (the dashboard's apps, keys and templates). Import it from here, not its files. */
export { AppsSection } from "./components/apps-section";
export { GettingStarted } from "./components/getting-started";
