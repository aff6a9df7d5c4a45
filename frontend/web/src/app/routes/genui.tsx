import { Dialog } from "../../components/ui/dialog";
import { LoginForm } from "../../features/auth/components/login-form";
import { GenuiView } from "../../features/chat/components/genui-view";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

/** SPEC §2 GenUI (/genui): login required — a blocking login dialog when logged out. */
export default function GenuiPage() {
  useTitle("GenUI");
  const { isLoggedIn } = useSession();
  return (
    <>
      <GenuiView enabled={isLoggedIn} />
      <Dialog
        open={!isLoggedIn}
        onClose={() => undefined}
        dismissible={false}
        title="Sign in to use GenUI"
        description="GenUI needs a GenUI account: screens are billed to your balance."
      >
        <LoginForm onSuccess={() => undefined} />
      </Dialog>
    </>
  );
}
