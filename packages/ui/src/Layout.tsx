import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** Text painted with the brand gradient: the landing headline, the 404 code, the auth pages' brand name. */
export const brandGradientText = css`
  background: ${({ theme }) => theme.gradients.brand};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

/** Centred content column used by every page. */
export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: 0 24px;
`;

export const Badge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: rgba(139, 108, 255, 0.12);
  color: ${({ theme }) => theme.colors.text};
  font-size: 13px;
  font-weight: 500;
`;

/** A small lime pill of dark bold text: the landing's "Save 20%", a new result's "New", the crop's size. */
export const AccentBadge = styled.span`
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accent};
  color: #10130a;
  font-size: 12px;
  font-weight: 700;
`;

/**
 * Text laid over a photo (a tile's label, the demo's Before / After, a result's caption): a dark
 * translucent pill the photo shows through, which lets a click through to the photo. The caller
 * places it and sets its padding.
 */
export const photoCaption = css`
  position: absolute;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.overlay};
  color: ${({ theme }) => theme.colors.text};
  font-size: 12px;
  pointer-events: none;
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

const Section = styled.section`
  padding: 64px 0;
`;

const Eyebrow = styled.p`
  margin-bottom: 8px;
  color: ${({ theme }) => theme.colors.accent};
  font-size: 13px;
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Title = styled.h1`
  font-size: clamp(28px, 4vw, 44px);
  font-weight: 700;
`;

const Lead = styled.p`
  margin-top: 12px;
  max-width: 640px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 18px;
`;

export interface PageHeaderProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/** A page's heading block: the one h1 of the page, an optional eyebrow and lead text. */
export function PageHeader({ title, eyebrow, description, children }: PageHeaderProps) {
  return (
    <Section>
      <Container>
        {eyebrow && <Eyebrow>{eyebrow}</Eyebrow>}
        <Title>{title}</Title>
        {description && <Lead>{description}</Lead>}
        {children}
      </Container>
    </Section>
  );
}
