import styled from "styled-components";

export const Container = styled.div`
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  padding: 0 24px;
  @media (max-width: 480px) {
    padding: 0 16px;
  }
`;

export const Card = styled.div`
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
  padding: 24px;
`;

export const Section = styled.section`
  padding: 72px 0;
  @media (max-width: 640px) {
    padding: 48px 0;
  }
`;

export const SectionTitle = styled.h2`
  font-size: clamp(26px, 4vw, 36px);
  text-align: center;
  margin-bottom: 12px;
`;

export const SectionLead = styled.p`
  text-align: center;
  color: var(--fg-muted);
  max-width: 640px;
  margin: 0 auto 40px;
  font-size: 17px;
`;

export const Badge = styled.span<{ $tone?: "gray" | "green" | "orange" | "accent" | "red" }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: 13px;
  font-weight: 600;
  border: 1px solid;
  ${(p) =>
    ({
      gray: "background: var(--gray-soft); color: var(--fg-muted); border-color: var(--border-strong);",
      green: "background: var(--success-soft); color: var(--success); border-color: var(--success);",
      orange: "background: var(--orange-soft); color: var(--orange); border-color: var(--orange);",
      red: "background: var(--danger-soft); color: var(--danger); border-color: var(--danger);",
      accent: "background: var(--accent-soft); color: var(--accent-text); border-color: var(--accent);",
    })[p.$tone ?? "accent"]}
`;

export const Skeleton = styled.div<{ $h?: number; $w?: string }>`
  height: ${(p) => p.$h ?? 16}px;
  width: ${(p) => p.$w ?? "100%"};
  border-radius: 6px;
  background: linear-gradient(90deg, var(--bg-muted) 25%, var(--border) 37%, var(--bg-muted) 63%);
  background-size: 400% 100%;
  animation: shimmer 1.4s ease infinite;
  @keyframes shimmer {
    0% {
      background-position: 100% 50%;
    }
    100% {
      background-position: 0 50%;
    }
  }
`;
