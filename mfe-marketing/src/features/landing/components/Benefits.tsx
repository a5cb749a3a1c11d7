import styled from 'styled-components';
import { CardGrid, GridCard, LandingSection } from '../../../components/Section';

const BENEFITS = [
  {
    icon: '✦',
    title: 'About 80% cheaper than a shoot',
    text: 'No studio, models or retouching to book. Reuse the model photos you already have and dress them in every new garment.',
  },
  {
    icon: '⚡',
    title: 'Results in 30-60 seconds',
    text: 'Each model photo is processed in parallel, so a batch of 5-10 models is ready in about the time of one.',
  },
  {
    icon: '◎',
    title: 'Up to 4K, no size limits',
    text: 'Upload JPG, PNG or WebP of any size. Results are PNG files that keep your photo’s dimensions, ready for any storefront.',
  },
] as const;

const Card = styled(GridCard)`
  padding: 28px;
  h3 { margin-top: 16px; font-size: 20px; }
  p { margin-top: 8px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Icon = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(139, 108, 255, 0.16);
  color: ${({ theme }) => theme.colors.accent};
  font-size: 20px;
`;

export function Benefits() {
  return (
    <LandingSection
      id="benefits"
      eyebrow="Why VTON Studio"
      title="A photo studio that fits in your browser"
      lead="Commercial use without restriction on every plan, and your unused credits never expire."
    >
      <CardGrid $minWidth={260}>
        {BENEFITS.map((b) => (
          <Card key={b.title}>
            <Icon aria-hidden="true">{b.icon}</Icon>
            <h3>{b.title}</h3>
            <p>{b.text}</p>
          </Card>
        ))}
      </CardGrid>
    </LandingSection>
  );
}
