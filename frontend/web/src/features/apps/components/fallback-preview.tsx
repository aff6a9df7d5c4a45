import { useMemo } from "react";
import { ScreenView } from "@genui/react-renderer";
import { fallbackNode, type AppComponent, type AppTheme, type Screen } from "@genui/ui-runtime";
import styled from "styled-components";
import { useTheme } from "../../../lib/theme";
import { withoutStylesheet } from "../appearance";

const Frame = styled.div`
  border: 1px solid var(--border);
  border-radius: 8px;
  overflow: hidden;
  background: var(--bg-subtle);
  > .gu-root {
    --gu-screen-padding: 12px;
  }
`;

/**
 * What hosts without the developer's React code draw for a component: its declared built-in fallback, made from the
 * example props (the same `fallbackNode` the renderers use), in the app's saved theme.
 */
export function FallbackPreview({
  name,
  fallback,
  example,
  brand,
}: {
  name: string;
  fallback: AppComponent["fallback"];
  example: AppComponent["example"];
  brand: AppTheme;
}) {
  const mode = useTheme().resolved;
  // The dashboard loads no style sheets from other sites (its CSP): the fonts this device has show.
  const shown = useMemo(() => withoutStylesheet(brand), [brand]);
  const screen = useMemo<Screen>(
    () => ({
      name: `fallback-${name}`,
      screen: { v1: [fallbackNode(fallback, { name: name.slice(0, 55), component: name, props: example })] },
    }),
    [name, fallback, example],
  );
  return (
    <Frame data-testid={`fallback-preview-${name}`}>
      <ScreenView screen={screen} theme={mode} brand={shown} />
    </Frame>
  );
}
