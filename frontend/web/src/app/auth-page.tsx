import styled from "styled-components";
import { Card, Container } from "../components/ui/layout";

/** The centred page the sign-in and the sign-up's confirmation share. */
export const AuthPageWrap = styled(Container)`
  display: grid;
  place-items: center;
  padding-block: 56px;
  min-height: calc(100dvh - var(--header-h) - 200px);
`;

/** Its card: one column, narrow. */
export const AuthPanel = styled(Card)`
  width: min(440px, 100%);
  padding: 32px;
  @media (max-width: 480px) {
    padding: 20px;
  }
`;
