import type { ReactNode } from "react";
import styled from "styled-components";

const List = styled.div`
  max-width: 760px;
  margin: 0 auto;
  display: grid;
  gap: 12px;
  details {
    background: var(--surface);
    border: 1px solid var(--border);
    border-radius: 12px;
    padding: 0 20px;
  }
  summary {
    list-style: none;
    cursor: pointer;
    padding: 18px 0;
    font-weight: 600;
    font-size: 17px;
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 16px;
    border-radius: 8px;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary::after {
    content: "+";
    flex: none;
    font-size: 22px;
    line-height: 1;
    color: var(--fg-muted);
    transition: transform 0.2s;
  }
  details[open] summary::after {
    transform: rotate(45deg);
  }
  details > div {
    padding: 0 0 18px;
    color: var(--fg-muted);
  }
  details > div p:last-child {
    margin-bottom: 0;
  }
`;

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** SPEC §2 Pricing: how billing works, app limits, payment methods. */
export const FAQ: FaqItem[] = [
  {
    question: "How does billing work?",
    answer: (
      <>
        <p>
          GenUI is pay as you go: you pay only for the requests you make and the tokens they use, at the prices per 1M tokens
          shown on each plan. There is no monthly fee.
        </p>
        <p>
          Add credits to a prepaid balance in USD or INR from your dashboard; each request is charged to that balance as it
          completes.
        </p>
      </>
    ),
  },
  {
    question: "How many apps can I create?",
    answer: <p>As many as you need: all plans allow unlimited apps, each with its own API key and templates.</p>,
  },
  {
    question: "Which payment methods do you accept?",
    answer: <p>All major credit cards and PayPal. Balances in INR are topped up through Cashfree; PayPal payments are in USD.</p>,
  },
];

/** Questions as native disclosure widgets: keyboard and screen readers know them without any script. */
export function Faq({ items = FAQ }: { items?: FaqItem[] }) {
  return (
    <List>
      {items.map((item) => (
        <details key={item.question}>
          <summary>{item.question}</summary>
          <div>{item.answer}</div>
        </details>
      ))}
    </List>
  );
}
