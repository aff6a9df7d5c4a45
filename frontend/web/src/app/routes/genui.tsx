import { GenuiView } from "../../features/chat/components/genui-view";
import { useSession } from "../../lib/session";
import { LoginDialog } from "../login-dialog";
import { useTitle } from "../../lib/use-title";

/** SPEC §2 GenUI (/genui): login required — a blocking login dialog when logged out. */
export default function GenuiPage() {
  useTitle("GenUI");
  const { isLoggedIn } = useSession();
  return (
    <>
      <GenuiView enabled={isLoggedIn} />
      <LoginDialog
        open={!isLoggedIn}
        title="Sign in to use GenUI"
        description="GenUI needs a GenUI account: screens are billed to your balance."
      />
    </>
  );
}
