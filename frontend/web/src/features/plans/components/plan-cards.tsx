import { useId } from "react";
import styled from "styled-components";
import { Button, ButtonLink } from "../../../components/ui/button";
import { CheckIcon } from "../../../components/ui/icons";
import { Skeleton } from "../../../components/ui/layout";
import { useSession } from "../../../lib/session";
import { COST_UNIT, type ModelPlan, type PlansState } from "../api";
import { formatCost, formatLimits } from "../format";

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 320px), 1fr));
  gap: 24px;
  max-width: 960px;
  margin: 0 auto;
`;

const CardBox = styled.article`
  display: flex;
  flex-direction: column;
  gap: 20px;
  min-width: 0;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 16px;
  box-shadow: var(--shadow);
  padding: 28px;
  @media (max-width: 480px) {
    padding: 20px;
  }
`;

const Head = styled.div`
  h2,
  h3 {
    font-size: 22px;
    margin: 0 0 6px;
  }
  p {
    margin: 0;
    color: var(--fg-muted);
  }
`;

const Headline = styled.p`
  margin: 0;
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 4px 8px;
  strong {
    font-size: 34px;
    letter-spacing: -0.02em;
    line-height: 1.1;
  }
  span {
    color: var(--fg-muted);
    font-size: 14px;
  }
`;

const Group = styled.div`
  border-top: 1px solid var(--border);
  padding-top: 16px;
  h3,
  h4 {
    font-size: 13px;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--fg-muted);
    margin: 0 0 8px;
  }
  dl {
    margin: 0;
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 6px 16px;
  }
  dt {
    color: var(--fg-muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
`;

const Features = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
  li {
    display: flex;
    gap: 8px;
    align-items: center;
  }
  svg {
    width: 18px;
    height: 18px;
    color: var(--success);
    flex: none;
  }
`;

const CtaLink = styled(ButtonLink)`
  margin-top: auto;
`;

const Calm = styled.div`
  max-width: 520px;
  margin: 0 auto;
  text-align: center;
  padding: 32px 24px;
  border: 1px dashed var(--border-strong);
  border-radius: 16px;
  p {
    color: var(--fg-muted);
  }
`;

type HeadingLevel = 2 | 3;

function PlanCard({ plan, headingLevel }: { plan: ModelPlan; headingLevel: HeadingLevel }) {
  const { isLoggedIn } = useSession();
  const titleId = useId();
  const H = headingLevel === 2 ? "h2" : "h3";
  const Sub = headingLevel === 2 ? "h3" : "h4";
  const money = (v: number | string) => formatCost(v, plan.currency);
  return (
    <CardBox aria-labelledby={titleId}>
      <Head>
        <H id={titleId}>{plan.name}</H>
        <p>{plan.description}</p>
      </Head>
      <Headline>
        <strong>{money(plan.input_text_cost)}</strong>
        <span>{`${COST_UNIT} of text input`}</span>
      </Headline>
      <Group>
        <Sub>{`Input cost · ${COST_UNIT}`}</Sub>
        <dl>
          <dt>Text</dt>
          <dd>{money(plan.input_text_cost)}</dd>
          <dt>Image</dt>
          <dd>{money(plan.input_image_cost)}</dd>
          <dt>Video</dt>
          <dd>{money(plan.input_video_cost)}</dd>
          <dt>Audio</dt>
          <dd>{money(plan.input_audio_cost)}</dd>
        </dl>
      </Group>
      <Group>
        <Sub>{`Output cost · ${COST_UNIT}`}</Sub>
        <dl>
          <dt>Text</dt>
          <dd>{money(plan.output_text_cost)}</dd>
        </dl>
      </Group>
      <Group>
        <Sub>Context (input / output)</Sub>
        <p style={{ margin: 0, fontWeight: 600 }}>{formatLimits(plan.input_text_limit, plan.output_text_limit)}</p>
      </Group>
      <Group>
        <Sub>Features</Sub>
        <Features>
          {(plan.features?.features ?? []).map((f) => (
            <li key={f}>
              <CheckIcon />
              {f}
            </li>
          ))}
        </Features>
      </Group>
      <CtaLink to={isLoggedIn ? "/dashboard" : "/login"} $variant="primary" $size="lg" $block aria-describedby={titleId}>
        Get Api Key
      </CtaLink>
    </CardBox>
  );
}

function SkeletonCard() {
  return (
    <CardBox aria-hidden="true">
      <Skeleton $h={26} $w="55%" />
      <Skeleton $h={14} />
      <Skeleton $h={14} $w="80%" />
      <Skeleton $h={36} $w="45%" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} $h={16} />
      ))}
      <Skeleton $h={48} />
    </CardBox>
  );
}

/**
 * The model plan cards (SPEC §2 Pricing, §3): name, description, the four input costs and the output cost, the token
 * limits, the features and Get Api Key. While the list loads (or reloads after a currency switch) skeleton cards
 * hold its place; a failure was already logged, and only a calm note with a retry shows.
 */
export function PlanCards({ state, headingLevel = 3 }: { state: PlansState; headingLevel?: HeadingLevel }) {
  const { plans, error, retry } = state;
  if (!plans && error)
    return (
      <Calm role="status">
        <p>Plans could not be loaded right now.</p>
        <Button variant="outline" onClick={() => void retry()}>
          Try again
        </Button>
      </Calm>
    );
  if (!plans)
    return (
      <Grid aria-busy="true">
        <p role="status" className="visually-hidden">
          Loading plans…
        </p>
        <SkeletonCard />
        <SkeletonCard />
      </Grid>
    );
  if (plans.length === 0)
    return (
      <Calm role="status">
        <p>No plans are offered right now.</p>
      </Calm>
    );
  return (
    <Grid>
      {plans.map((p) => (
        <PlanCard key={p.id} plan={p} headingLevel={headingLevel} />
      ))}
    </Grid>
  );
}
