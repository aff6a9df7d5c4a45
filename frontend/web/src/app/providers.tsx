import type { ReactNode } from "react";
import { StyleSheetManager } from "styled-components";
import { SWRConfig } from "swr";
import { ToastProvider } from "../components/ui/toast";
import { TooltipProvider } from "../components/ui/tooltip";
import { ThemeProvider } from "../lib/theme";
import { GlobalStyle } from "./global-style";

/** Only props that are valid HTML attributes reach the DOM ($-prefixed props are styled-components' own). */
const shouldForwardProp = (prop: string) => !prop.startsWith("$");

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StyleSheetManager shouldForwardProp={shouldForwardProp}>
      <ThemeProvider>
        <GlobalStyle />
        <SWRConfig value={{ revalidateOnFocus: false, errorRetryCount: 2 }}>
          <TooltipProvider>
            <ToastProvider>{children}</ToastProvider>
          </TooltipProvider>
        </SWRConfig>
      </ThemeProvider>
    </StyleSheetManager>
  );
}
