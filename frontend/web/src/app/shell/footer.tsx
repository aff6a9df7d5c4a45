import { Link } from "react-router-dom";
import styled from "styled-components";
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
            <address aria-label="Business address">
              {SITE.address.map((line) => (
                <span key={line}>
                  {line}
                  <br />
                </span>
              ))}
            </address>
          </div>
          <nav aria-labelledby="footer-product">
            <h2 id="footer-product">Product</h2>
            <ul>
              <li>
                <Link to="/pricing">Pricing</Link>
              </li>
              <li>
                <Link to="/docs">Documentation</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-resources">
            <h2 id="footer-resources">Resources</h2>
            <ul>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
              <li>
                <Link to="/refund">Refund</Link>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal">Legal</h2>
            <ul>
              <li>
                <Link to="/privacy">Privacy Policy</Link>
              </li>
              <li>
                <Link to="/terms">Terms of Service</Link>
              </li>
            </ul>
          </nav>
        </Grid>
        <Bottom data-testid="copyright">
          © {year} {SITE.name}. All rights reserved.
        </Bottom>
      </Container>
    </Foot>
  );
}
