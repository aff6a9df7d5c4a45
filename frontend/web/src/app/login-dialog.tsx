import { Dialog } from "../components/ui/dialog";
import { LoginForm } from "../features/auth/components/login-form";

/**
 * SPEC §2 Login / §6: the blocking login dialog of /chat and /genui (cannot be dismissed; success stays on the page).
 * Its title says what the sign-in is for, and the form shows no heading of its own: one heading, naming the dialog.
 */
export function LoginDialog({ open, title, description }: { open: boolean; title: string; description: string }) {
  return (
    <Dialog open={open} onClose={() => undefined} dismissible={false} title={title} description={description}>
      <LoginForm onSuccess={() => undefined} showHeading={false} />
    </Dialog>
  );
}
