import styled from 'styled-components';
import { Badge, Container, brandGradientText } from '@vton/ui';
import { DemoBox } from './DemoBox';
import { PrimaryCta } from './PrimaryCta';

const Band = styled.section`
  padding: 88px 0 72px;
  background: ${({ theme }) => theme.gradients.glow};
  text-align: center;
`;

const Headline = styled.h1`
  margin-top: 20px;
  font-size: clamp(38px, 6vw, 68px);
  font-weight: 800;
  ${brandGradientText}
`;

const Lead = styled.p`
  max-width: 640px;
  margin: 18px auto 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 18px;
`;

const Bullets = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px 24px;
  margin: 24px 0 32px;
  padding: 0;
  list-style: none;
  li::before { content: '✓ '; color: ${({ theme }) => theme.colors.accent}; }
`;

const Note = styled.p`
  margin-top: 14px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function Hero() {
  return (
    <Band aria-labelledby="hero-heading">
      <Container>
        <Badge>For e-commerce sellers &amp; content creators</Badge>
        <Headline id="hero-heading">Product Placement Wizardry</Headline>
        <Lead>
          Put any garment on your own model photos in 30-60 seconds — studio-quality visuals for about 80% less than a
          traditional shoot.
        </Lead>
        <Bullets>
          <li>Any product works</li>
          <li>No size limits</li>
          <li>4K export quality</li>
        </Bullets>
        <PrimaryCta />
        <Note>No credit card required • 7-day free trial • Cancel anytime</Note>
        <DemoBox />
      </Container>
    </Band>
  );
}
