import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Tabs } from "../../../components/ui/tabs";
import { appearanceKey, fetchAppearance, type App, type Appearance } from "../api";
import { ComponentsManager } from "./components-manager";
import { ThemeEditor } from "./theme-editor";

/**
 * The Appearance editor of one app (a chunk of its own: it brings the renderer and the theme checks): the theme and
 * the app's components, both based on one loaded `version` of the app's look. The base follows what the server says
 * unless the owner is editing; each change made here answers the next version, which becomes the base. A change made
 * elsewhere meanwhile is refused (409): the editor says so and offers to reload.
 */
export default function AppearanceEditor({ app, appearance }: { app: App; appearance: Appearance }) {
  const { mutate } = useSWRConfig();
  const [base, setBase] = useState<Appearance>(appearance);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [tab, setTab] = useState("theme");
  /** Raised by a reload: the theme form starts again from what is stored. */
  const [generation, setGeneration] = useState(0);
  const dirty = useRef({ theme: false, components: false });

  // A newer look from the server (another tab, a reload of the list) becomes the base while nothing is being edited.
  useEffect(() => {
    if (appearance.version !== base.version && !dirty.current.theme && !dirty.current.components) setBase(appearance);
  }, [appearance, base.version]);

  const saved = useCallback(
    (updated: Appearance) => {
      setBase(updated);
      setStale(false);
      void mutate(appearanceKey(app.id), updated, { revalidate: false });
    },
    [app.id, mutate],
  );

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await fetchAppearance(appearanceKey(app.id));
      dirty.current = { theme: false, components: false };
      setBase(fresh);
      setStale(false);
      setGeneration((g) => g + 1);
      void mutate(appearanceKey(app.id), fresh, { revalidate: false });
    } catch {
      // The banner stays; the owner may try again.
    } finally {
      setReloading(false);
    }
  };

  const themeDirty = useCallback((d: boolean) => {
    dirty.current.theme = d;
  }, []);
  const componentsDirty = useCallback((d: boolean) => {
    dirty.current.components = d;
  }, []);

  return (
    <div data-testid="appearance-editor">
      {stale && (
        <div style={{ marginBottom: 16 }}>
          <Banner type="warning" testId="appearance-stale">
            This app's appearance was changed elsewhere (another tab, or the API) after this page loaded it, so your change was
            not saved. Reload it to see the current one, then make your change again.{" "}
            <Button size="sm" variant="link" busy={reloading} onClick={() => void reload()}>
              Reload appearance
            </Button>
          </Banner>
        </div>
      )}
      <Tabs
        label={`Appearance of ${app.url}`}
        value={tab}
        onChange={setTab}
        keepMounted
        items={[
          {
            id: "theme",
            label: "Theme",
            content: (
              <ThemeEditor
                // A reload after a refusal starts the form again from what is stored.
                key={generation}
                app={app}
                base={base}
                onDirty={themeDirty}
                onSaved={saved}
                onStale={() => setStale(true)}
                stale={stale}
              />
            ),
          },
          {
            id: "components",
            label: `Components (${base.components.length})`,
            content: (
              <ComponentsManager
                key={generation}
                app={app}
                base={base}
                onSaved={saved}
                onStale={() => setStale(true)}
                stale={stale}
                onDirty={componentsDirty}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
