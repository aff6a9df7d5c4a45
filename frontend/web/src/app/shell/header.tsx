import { useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import styled from "styled-components";
import { Button } from "../../components/ui/button";
import { CloseIcon, LogoMark, MenuIcon } from "../../components/ui/icons";
import { Container } from "../../components/ui/layout";
import { useSession } from "../../lib/session";
import { ThemeToggle } from "./theme-toggle";

export const NAV_LINKS = [
  { to: "/pricing", label: "Pricing" },
  { to: "/docs", label: "Docs" },
  { to: "/playground", label: "Playground" },
  { to: "/chat", label: "Chat" },
  { to: "/genui", label: "GenUI" },
  { to: "/contact", label: "Contact" },
] as const;

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  height: var(--header-h);
  background: color-mix(in srgb, var(--bg) 88%, transparent);
  backdrop-filter: saturate(180%) blur(10px);
  border-bottom: 1px solid var(--border);
`;

const Inner = styled(Container)`
  height: 100%;
  display: flex;
  align-items: center;
  gap: 24px;
`;

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 20px;
  color: var(--fg);
  text-decoration: none;
`;

const Nav = styled.nav`
  display: flex;
  gap: 4px;
  @media (max-width: 959px) {
    display: none;
  }
  a {
    padding: 6px 10px;
    border-radius: 6px;
    color: var(--fg-muted);
    text-decoration: none;
    font-weight: 500;
    font-size: 15px;
    &:hover {
      color: var(--fg);
      background: var(--bg-muted);
    }
    &.active {
      color: var(--fg);
    }
  }
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 8px;
  .wide {
    display: flex;
    gap: 8px;
    align-items: center;
    @media (max-width: 959px) {
      display: none;
    }
  }
`;

const MenuToggle = styled.button`
  display: none;
  width: 40px;
  height: 40px;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: transparent;
  cursor: pointer;
  align-items: center;
  justify-content: center;
  @media (max-width: 959px) {
    display: inline-flex;
  }
`;

const Drawer = styled.div`
  position: fixed;
  inset: var(--header-h) 0 auto 0;
  z-index: 39;
  background: var(--bg);
  border-bottom: 1px solid var(--border);
  box-shadow: var(--shadow-lg);
  padding: 12px 16px 20px;
  display: grid;
  gap: 4px;
  @media (min-width: 960px) {
    display: none;
  }
  a {
    padding: 12px;
    border-radius: 8px;
    color: var(--fg);
    text-decoration: none;
    font-weight: 500;
    &:hover,
    &.active {
      background: var(--bg-muted);
    }
  }
  .row {
    display: flex;
    gap: 8px;
    flex-wrap: wrap;
    padding-top: 8px;
    align-items: center;
  }
`;

export function Header() {
  const { isLoggedIn, loggingOut, logout } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const onDashboard = location.pathname.startsWith("/dashboard");

  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  // SPEC: logged out, "Get Api Key" is a full page navigation to /login; logged in it goes to /dashboard.
  const getApiKey = () => {
    if (isLoggedIn) navigate("/dashboard");
    else window.location.assign("/login");
  };

  const sessionButtons = (
    <>
      {isLoggedIn && !onDashboard && (
        <Button variant="outline" size="sm" onClick={() => navigate("/dashboard")}>
          Dashboard
        </Button>
      )}
      {isLoggedIn && (
        <Button variant="ghost" size="sm" busy={loggingOut} onClick={() => void logout()}>
          {loggingOut ? "Logging out..." : "Log Out"}
        </Button>
      )}
      <Button size="sm" onClick={getApiKey}>
        Get Api Key
      </Button>
    </>
  );

  return (
    <Bar>
      <Inner>
        <Logo to={isLoggedIn ? "/dashboard" : "/"} aria-label="GenUI home">
          <LogoMark />
          <span>GenUI</span>
        </Logo>
        <Nav aria-label="Main">
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to}>
              {l.label}
            </NavLink>
          ))}
        </Nav>
        <Actions>
          <ThemeToggle />
          <div className="wide">{sessionButtons}</div>
          <MenuToggle
            type="button"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </MenuToggle>
        </Actions>
      </Inner>
      {menuOpen && (
        <Drawer id="mobile-menu">
          <nav aria-label="Mobile" style={{ display: "grid", gap: 4 }}>
            {NAV_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to}>
                {l.label}
              </NavLink>
            ))}
          </nav>
          <div className="row">{sessionButtons}</div>
        </Drawer>
      )}
    </Bar>
  );
}
