import { useParams } from "react-router-dom";
import { Dialog } from "../../components/ui/dialog";
import { LoginForm } from "../../features/auth/components/login-form";
import { ChatView } from "../../features/chat/components/chat-view";
import { useSession } from "../../lib/session";
import { useTitle } from "../../lib/use-title";

/** SPEC §2 Chat (/chat/{appId?}): login required — a blocking login dialog when logged out. */
export default function ChatPage() {
  useTitle("Chat");
  const { appId } = useParams();
  const { isLoggedIn } = useSession();
  return (
    <>
      <ChatView appId={appId} enabled={isLoggedIn} />
      <Dialog
        open={!isLoggedIn}
        onClose={() => undefined}
        dismissible={false}
        title="Sign in to chat"
        description="Chat needs a GenUI account: answers are billed to your balance."
      >
        <LoginForm onSuccess={() => undefined} />
      </Dialog>
    </>
  );
}
