import { Link } from "react-router-dom";
import styled from "styled-components";
import { BusinessAddress } from "../../components/ui/business-address";
import { LogoMark } from "../../components/ui/icons";
import { Container } from "../../components/ui/layout";
import { SITE } from "../../lib/site";

const Foot = styled.footer`
  border-top: 1px solid var(--border);
  background: var(--bg-subtle);
  padding: 48px 0 24px;
  font-size: 15px;
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1.5fr repeat(3, 1fr);
  gap: 32px;
  @media (max-width: 800px) {
    grid-template-columns: 1fr 1fr;
  }
  @media (max-width: 420px) {
    grid-template-columns: 1fr;
  }
  h2 {
    font-size: 14px;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--fg-muted);
    margin-bottom: 12px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 8px;
  }
  a {
    color: var(--fg);
    text-decoration: none;
    &:hover {
      text-decoration: underline;
    }
  }
  address {
    font-style: normal;
    color: var(--fg-muted);
    line-height: 1.6;
  }
`;

const Bottom = styled.p`
  margin: 32px 0 0;
  padding-top: 24px;
  border-top: 1px solid var(--border);
  color: var(--fg-muted);
  font-size: 14px;
`;

/** The footer's columns of links, each a navigation landmark named by its heading. */
const LINK_GROUPS = [
  {
    id: "footer-product",
    title: "Product",
    links: [
      { to: "/pricing", label: "Pricing" },
      { to: "/docs", label: "Documentation" },
    ],
  },
  {
    id: "footer-resources",
    title: "Resources",
    links: [
      { to: "/contact", label: "Contact" },
      { to: "/refund", label: "Refund" },
    ],
  },
  {
    id: "footer-legal",
    title: "Legal",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Service" },
    ],
  },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Foot>
      <Container>
        <Grid>
          <div>
            <p style={{ display: "flex", alignItems: "center", gap: 8, fontWeight: 800, fontSize: 18 }}>
              <LogoMark /> GenUI
            </p>
            <BusinessAddress label="Business address" />
          </div>
          {LINK_GROUPS.map((group) => (
            <nav key={group.id} aria-labelledby={group.id}>
              <h2 id={group.id}>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Grid>
        <Bottom data-testid="copyright">
          © {year} {SITE.name}. All rights reserved.
        </Bottom>
      </Container>
    </Foot>
  );
}
