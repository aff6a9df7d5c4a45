import { Link } from "react-router-dom";
import styled from "styled-components";
import { BusinessAddress, SupportEmailLink } from "../../../components/ui/business-address";

const Box = styled.section`
  display: grid;
  gap: 24px;
  align-content: start;
  h2 {
    font-size: 20px;
    margin: 0;
  }
  h3 {
    font-size: 14px;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--fg-muted);
    margin: 0 0 6px;
  }
  p,
  address {
    margin: 0;
    font-style: normal;
    line-height: 1.6;
  }
  .email {
    font-size: 17px;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** The support e-mail and the business address beside the form (SPEC §2 Contact). */
export function ContactDetails() {
  return (
    <Box aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Other ways to reach us</h2>
      <div>
        <h3>Support e-mail</h3>
        <p>
          <SupportEmailLink className="email" />
        </p>
      </div>
      <div>
        <h3>Business address</h3>
        <BusinessAddress />
      </div>
      <div>
        <h3>Before you write</h3>
        <p>
          The <Link to="/docs">documentation</Link> answers most questions about the API; refunds are covered by the{" "}
          <Link to="/refund">Refund Policy</Link>.
        </p>
      </div>
    </Box>
  );
}
