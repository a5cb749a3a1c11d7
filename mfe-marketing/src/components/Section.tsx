import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from '@vton/ui';

const Band = styled.section`
  padding: 88px 0;
  scroll-margin-top: ${({ theme }) => theme.layout.headerHeight};
`;

const Heading = styled.div`
  max-width: 720px;
  margin: 0 auto 48px;
  text-align: center;
  h2 { font-size: clamp(28px, 4vw, 40px); font-weight: 750; }
  p { margin-top: 12px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 18px; }
`;

export const Eyebrow = styled.p`
  margin-bottom: 10px;
  color: ${({ theme }) => theme.colors.accent};
  font-size: 13px;
  font-weight: 650;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

/** A band's cards: as many columns as fit, none narrower than `$minWidth` px. */
export const CardGrid = styled.ul<{ $minWidth: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $minWidth }) => $minWidth}px, 1fr));
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** One card of a CardGrid, on the raised surface. */
export const GridCard = styled.li`
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

interface LandingSectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** One band of the landing page: a labelled <section> with its h2 and lead. */
export function LandingSection({ id, eyebrow, title, lead, children }: LandingSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Band id={id} aria-labelledby={headingId}>
      <Container>
        <Heading>
          {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
          <h2 id={headingId}>{title}</h2>
          {lead && <p>{lead}</p>}
        </Heading>
        {children}
      </Container>
    </Band>
  );
}
