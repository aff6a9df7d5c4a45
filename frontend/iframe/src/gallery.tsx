import { ScreenView, injectStyles } from "@genui/react-renderer";
import { galleryScreen } from "@genui/react-renderer/gallery";
import { createRoot } from "react-dom/client";

// Every catalogue component, rendered from its documented example (`?theme=light|dark`): the visual reference, and
// the page the accessibility check runs on.
const theme = new URL(window.location.href).searchParams.get("theme") === "dark" ? "dark" : "light";
document.documentElement.style.colorScheme = theme;
injectStyles(document);
createRoot(document.getElementById("root")!).render(<ScreenView screen={galleryScreen()} theme={theme} />);
