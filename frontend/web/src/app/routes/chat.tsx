import { useParams } from "react-router-dom";
import { ChatView } from "../../features/chat/components/chat-view";
import { useSession } from "../../lib/session";
import { LoginDialog } from "../login-dialog";
import { useTitle } from "../../lib/use-title";

/** SPEC §2 Chat (/chat/{appId?}): login required — a blocking login dialog when logged out. */
export default function ChatPage() {
  useTitle("Chat");
  const { appId } = useParams();
  const { isLoggedIn } = useSession();
  return (
    <>
      <ChatView appId={appId} enabled={isLoggedIn} />
      <LoginDialog
        open={!isLoggedIn}
        title="Sign in to chat"
        description="Chat needs a GenUI account: answers are billed to your balance."
      />
    </>
  );
}
