/** The landing feature's public API (the landing page's sections). Import it from here, not its files. */
export { ClosingBanner } from "./components/closing-banner";
export { DemoWindow } from "./components/demo-window";
export { Hero } from "./components/hero";
export { HowItWorks } from "./components/how-it-works";
export { Integrate } from "./components/integrate";
