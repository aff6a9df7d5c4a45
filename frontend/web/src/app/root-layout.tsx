import { Outlet, ScrollRestoration, useMatches } from "react-router-dom";
import styled from "styled-components";
import { SessionProvider } from "../lib/session";
import { Footer } from "./shell/footer";
import { Header } from "./shell/header";

const Page = styled.div`
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  main {
    flex: 1;
  }
`;

const SkipLink = styled.a`
  position: absolute;
  left: 8px;
  top: -48px;
  z-index: 100;
  padding: 8px 12px;
  background: var(--accent);
  color: var(--accent-fg);
  border-radius: 6px;
  &:focus {
    top: 8px;
  }
`;

/** The shell every page shares: header, the page, footer. Pages that fill the screen opt out of the footer with `handle.fullscreen`. */
export function RootLayout() {
  // Pages that fill the screen (chat, GenUI) have no footer.
  const fullscreen = useMatches().some((m) => (m.handle as { fullscreen?: boolean } | undefined)?.fullscreen);
  return (
    <SessionProvider>
      <Page>
        <SkipLink href="#main">Skip to content</SkipLink>
        <Header />
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
        {!fullscreen && <Footer />}
      </Page>
      <ScrollRestoration />
    </SessionProvider>
  );
}
