import type { ReactNode } from "react";
import { SvgIcon } from "./icons";

/** A small inline note shown instead of something that cannot be drawn (unknown type, error, unsafe URL). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="gu-notice" role="note">
      <SvgIcon name="info" size={16} />
      <span>{children}</span>
    </div>
  );
}
