import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, brandGradientText } from '@vton/ui';

const Page = styled.div`
  display: grid;
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight});
  @media (min-width: ${({ theme }) => theme.breakpoints.toolLayout}px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Brand = styled.aside`
  display: none;
  @media (min-width: ${({ theme }) => theme.breakpoints.toolLayout}px) {
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    gap: 32px;
    padding: 48px;
    background: ${({ theme }) => theme.gradients.glow}, ${({ theme }) => theme.colors.surface};
    border-right: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const BrandName = styled.p`
  font-size: 20px;
  font-weight: 700;
  ${brandGradientText}
`;

const BrandTagline = styled.p`
  margin-top: 16px;
  font-size: 32px;
  font-weight: 700;
  line-height: 1.2;
`;

const BrandPoints = styled.ul`
  display: grid;
  gap: 10px;
  margin-top: 24px;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  li::before { content: '✦ '; color: ${({ theme }) => theme.colors.accent}; }
`;

const Column = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 32px 16px;
`;

export const AuthCard = styled(Card)`
  width: 100%;
  max-width: 440px;
  display: grid;
  gap: 20px;
`;

export const AuthTitle = styled.h1`
  font-size: 26px;
  font-weight: 700;
`;

export const AuthLead = styled.p`
  margin-top: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const AuthForm = styled.form`
  display: grid;
  gap: 16px;
`;

export const LinkButton = styled.button`
  justify-self: start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.accent};
  font-size: 14px;
  cursor: pointer;
  &:hover, &:focus-visible { text-decoration: underline; outline: none; }
`;

/** The auth pages' frame: on desktop a brand panel with Back to Home, beside the card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Page>
      <Brand aria-label="VTON Studio">
        <div>
          <BrandName>VTON Studio</BrandName>
          <BrandTagline>Product Placement Wizardry</BrandTagline>
          <BrandPoints>
            <li>Studio-quality try-ons in 30-60 seconds per model</li>
            <li>Export up to 4K, no image size limits</li>
            <li>Trusted by 1,800+ brands</li>
          </BrandPoints>
        </div>
        <Button variant="outline" onClick={() => navigate('/')} style={{ justifySelf: 'start', alignSelf: 'flex-start' }}>
          Back to Home
        </Button>
      </Brand>
      <Column>{children}</Column>
    </Page>
  );
}
