import styled from "styled-components";
import { Container } from "../../../components/ui/layout";
import { ContactDetails } from "./contact-details";
import { ContactForm } from "./contact-form";

const Page = styled(Container)`
  padding-top: 48px;
  padding-bottom: 72px;
  @media (max-width: 640px) {
    padding-top: 32px;
    padding-bottom: 48px;
  }
`;

const Head = styled.header`
  max-width: 680px;
  margin-bottom: 32px;
  h1 {
    font-size: clamp(32px, 5vw, 44px);
    margin-bottom: 12px;
  }
  p {
    font-size: 17px;
    color: var(--fg-muted);
    margin: 0;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1.5fr) minmax(0, 1fr);
  gap: 48px;
  align-items: start;
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
    gap: 40px;
  }
`;

/** /contact (SPEC §2 Contact). */
export function ContactPage() {
  return (
    <Page>
      <Head>
        <h1>Contact us</h1>
        <p>Questions about the API, billing or your account? Send us a message and we'll reply by e-mail.</p>
      </Head>
      <Grid>
        <ContactForm />
        <ContactDetails />
      </Grid>
    </Page>
  );
}
