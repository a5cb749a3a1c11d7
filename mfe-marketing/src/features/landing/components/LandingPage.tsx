import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useAuth, usePageTitle } from '@vton/shell-sdk';
import { Badge, Button, Container } from '@vton/ui';

const Hero = styled.section`
  padding: 96px 0 72px;
  background: ${({ theme }) => theme.gradients.glow};
  text-align: center;
`;

const Headline = styled.h1`
  margin-top: 20px;
  font-size: clamp(36px, 6vw, 64px);
  font-weight: 800;
  background: ${({ theme }) => theme.gradients.brand};
  -webkit-background-clip: text;
  background-clip: text;
  color: transparent;
`;

const Bullets = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px 24px;
  margin: 24px 0 32px;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  li::before { content: '✓ '; color: ${({ theme }) => theme.colors.accent}; }
`;

const Note = styled.p`
  margin-top: 14px;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const DemoBox = styled.div`
  margin: 56px auto 0;
  max-width: 880px;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
`;

/** Landing placeholder: the hero only; the later sections arrive with the marketing issue. */
export function LandingPage() {
  usePageTitle('Product Placement Wizardry');
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  return (
    <Hero>
      <Container>
        <Badge>For e-commerce sellers &amp; content creators</Badge>
        <Headline>Product Placement Wizardry</Headline>
        <Bullets>
          <li>Any product works</li>
          <li>No size limits</li>
          <li>4K export quality</li>
        </Bullets>
        <Button size="lg" onClick={() => navigate(isAuthenticated ? '/app' : '/auth?tab=register')}>
          {isAuthenticated ? 'Start Creating' : 'Get Started Free'}
        </Button>
        <Note>No credit card required • 7-day free trial • Cancel anytime</Note>
        <DemoBox role="img" aria-label="Demo preview" />
      </Container>
    </Hero>
  );
}
