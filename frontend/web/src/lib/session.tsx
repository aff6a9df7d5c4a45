import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { CONFIG_KEY } from "./config";
import { useNavigate } from "react-router-dom";
import useSWR, { useSWRConfig } from "swr";
import { ApiError, api, setUnauthorizedHandler } from "./api-client";
import { THEME_KEY } from "./theme";

/** SPEC §3: the login flag in local storage ('1' or '0'). */
export const LOGIN_FLAG_KEY = "is_logged_in";
export const ME_KEY = "/accounts/api/v1/me/";

export interface User {
  id: string;
  email?: string;
  name?: string;
  picture?: string;
}

const readFlag = () => {
  try {
    return localStorage.getItem(LOGIN_FLAG_KEY) === "1";
  } catch {
    return false;
  }
};

function writeFlag(on: boolean) {
  try {
    localStorage.setItem(LOGIN_FLAG_KEY, on ? "1" : "0");
  } catch {
    // Storage unavailable: the in-memory flag still works for this tab.
  }
}

/**
 * Clears local storage as SPEC §4's logout asks, except the theme preference: it belongs to the device, not the
 * account, and losing it on every logout would flash the other theme (decision recorded in docs/decisions.md).
 */
function clearStorage() {
  try {
    const theme = localStorage.getItem(THEME_KEY);
    localStorage.clear();
    if (theme !== null) localStorage.setItem(THEME_KEY, theme);
  } catch {
    // ignore
  }
}

interface SessionState {
  /** The shared logged-in flag (SPEC §3), set from is_logged_in === '1' and kept in step with it. */
  isLoggedIn: boolean;
  user: User | undefined;
  loggingOut: boolean;
  /** After a successful sign-in: flag on, user cached. */
  markLoggedIn(user: User): void;
  /** SPEC §4's logout sequence. */
  logout(): Promise<void>;
}

const SessionContext = createContext<SessionState | undefined>(undefined);

export async function fetchMe(): Promise<User | undefined> {
  try {
    const user = await api.get<User>(ME_KEY);
    return user && typeof user.id === "string" ? user : undefined;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return undefined;
    throw err;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const [isLoggedIn, setLoggedIn] = useState(readFlag);
  const [loggingOut, setLoggingOut] = useState(false);
  const loggedInRef = useRef(isLoggedIn);
  loggedInRef.current = isLoggedIn;
  const endingRef = useRef(false);

  // The current user (SPEC: 200 with data marks logged in). Asked once at start and after sign-in.
  const { data: user, mutate } = useSWR<User | undefined>(ME_KEY, fetchMe, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  const finishLogout = useCallback(() => {
    setLoggedIn(false);
    loggedInRef.current = false;
    clearStorage();
    writeFlag(false);
    window.google?.accounts?.id?.disableAutoSelect?.();
    // Forget every cached answer of the account (balance, apps…), then go to the site root.
    void globalMutate((key) => key !== CONFIG_KEY && key !== ME_KEY, undefined, { revalidate: false });
    void mutate(undefined, { revalidate: false });
    navigate("/", { replace: false });
  }, [globalMutate, mutate, navigate]);

  const logout = useCallback(async () => {
    if (endingRef.current) return;
    endingRef.current = true;
    setLoggingOut(true);
    try {
      await api.post("/accounts/api/v1/logout/");
    } catch (err) {
      console.error("logout failed", err);
    } finally {
      finishLogout();
      setLoggingOut(false);
      endingRef.current = false;
    }
  }, [finishLogout]);

  // Any 401 while signed in: the session ended elsewhere (expired, logged out in another tab) → the same sequence.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!loggedInRef.current || endingRef.current) return;
      finishLogout();
    });
    return () => setUnauthorizedHandler(() => undefined);
  }, [finishLogout]);

  useEffect(() => {
    if (user && !loggedInRef.current) {
      writeFlag(true);
      setLoggedIn(true);
    }
  }, [user]);

  // Another tab signed in or out.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== LOGIN_FLAG_KEY && e.key !== null) return;
      const on = readFlag();
      setLoggedIn(on);
      void mutate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [mutate]);

  const markLoggedIn = useCallback(
    (u: User) => {
      writeFlag(true);
      setLoggedIn(true);
      loggedInRef.current = true;
      void mutate(u, { revalidate: false });
    },
    [mutate],
  );

  const value = useMemo(
    () => ({ isLoggedIn, user: isLoggedIn ? user : undefined, loggingOut, markLoggedIn, logout }),
    [isLoggedIn, user, loggingOut, markLoggedIn, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}
