import { useId } from "react";
import { useLocation, useParams } from "react-router-dom";
import {
  ActionLog,
  CodeEditor,
  describeEvent,
  EditorHint,
  preloadCodeEditor,
  PreviewPane,
  TEMPLATE_PREVIEW_DEBOUNCE_MS,
  useActionLog,
  useLiveScreen,
} from "../../features/editor";
import { useAppearance } from "../../features/apps";
import { TemplateEditor, useTemplateEditor, type EditorNavigationState } from "../../features/templates";
import { LoginScreen } from "../login-screen";
import { useSession } from "../../lib/session";
import { useTheme } from "../../lib/theme";
import { useTitle } from "../../lib/use-title";

// Monaco is a chunk of its own: start fetching it with this page.
preloadCodeEditor();

function Editor({ appId, templateId }: { appId: string; templateId: string }) {
  const nav = (useLocation().state ?? {}) as EditorNavigationState;
  const state = useTemplateEditor(appId, templateId, nav.template);
  const { resolved } = useTheme();
  // SPEC §9: the template preview is evaluated 600 ms after the last change.
  const live = useLiveScreen(state.code, { delayMs: TEMPLATE_PREVIEW_DEBOUNCE_MS, prefixWhileTyping: false });
  const log = useActionLog();
  const previewHeading = useId();
  // The app's look: its theme and its own components (drawn as their fallbacks), as the app's screens are.
  const { data: appearance } = useAppearance(appId);
  useTitle(state.template ? `${state.template.name.trim() || "Untitled template"} · Template editor` : "Template editor");
  return (
    <TemplateEditor
      state={state}
      appUrl={nav.app?.id === appId ? nav.app.url : undefined}
      codeEditor={
        <CodeEditor
          value={state.code}
          onChange={state.setCode}
          label="Template UI code"
          theme={resolved}
          path={`file:///template-${templateId}.js`}
          placeholder={'screen("My template")'}
        />
      }
      codeHint={<EditorHint />}
      preview={
        <PreviewPane
          headingId={previewHeading}
          live={live}
          theme={resolved}
          brand={appearance?.theme}
          appComponents={appearance?.components}
          notice={state.aiError}
          onAction={(e) => log.record(describeEvent(e))}
          footer={<ActionLog entries={log.entries} />}
        />
      }
      onAnswer={(answer) => live.show(answer.json)}
    />
  );
}

function SignIn() {
  useTitle("Template editor");
  return <LoginScreen />;
}

/** SPEC §2 /preview/{appId}/{templateId}: the template editor; the login form when logged out (as the dashboard). */
export default function PreviewPage() {
  const { appId = "", templateId = "" } = useParams();
  const { isLoggedIn } = useSession();
  if (!isLoggedIn) return <SignIn />;
  return <Editor key={`${appId}/${templateId}`} appId={appId} templateId={templateId} />;
}
