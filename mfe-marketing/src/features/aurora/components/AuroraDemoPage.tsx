import { useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { Container } from '@vton/ui';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Follows the visitor's system setting, live. */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia(REDUCED_MOTION).matches);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

const drift = keyframes`
  0% { transform: translate3d(-8%, -4%, 0) rotate(0deg); }
  50% { transform: translate3d(8%, 4%, 0) rotate(8deg); }
  100% { transform: translate3d(-8%, -4%, 0) rotate(0deg); }
`;

const pulse = keyframes`
  0%, 100% { transform: scale(1); opacity: 0.75; }
  50% { transform: scale(1.18); opacity: 1; }
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

/** Animations stop entirely (not just shorten) when reduced motion is asked for. */
const calm = `@media ${REDUCED_MOTION} { animation: none !important; }`;

const Page = styled(Container)`
  padding-top: 56px;
  padding-bottom: 80px;
  h1 { font-size: clamp(30px, 4vw, 44px); }
  > p { margin-top: 12px; max-width: 640px; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 20px;
  margin: 32px 0 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled.li`
  position: relative;
  overflow: hidden;
  display: flex;
  align-items: flex-end;
  min-height: 260px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  isolation: isolate;
  h2 { font-size: 18px; }
  p { margin-top: 4px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 14px; }
`;

const Aurora = styled.div`
  position: absolute;
  inset: -40%;
  z-index: -1;
  background:
    radial-gradient(40% 35% at 30% 40%, rgba(139, 108, 255, 0.55), transparent 70%),
    radial-gradient(35% 30% at 70% 55%, rgba(255, 122, 182, 0.45), transparent 70%),
    radial-gradient(30% 25% at 50% 30%, rgba(198, 244, 50, 0.22), transparent 70%);
  filter: blur(40px);
  animation: ${drift} 18s ease-in-out infinite;
  ${calm}
`;

const Orb = styled.div<{ $x: number; $y: number; $size: number; $color: string; $delay: number }>`
  position: absolute;
  z-index: -1;
  left: ${({ $x }) => $x}%;
  top: ${({ $y }) => $y}%;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ $color }) => $color};
  filter: blur(24px);
  animation: ${pulse} 6s ease-in-out ${({ $delay }) => $delay}s infinite;
  ${calm}
`;

const Ring = styled.div`
  position: absolute;
  z-index: -1;
  inset: 0;
  border-radius: inherit;
  padding: 2px;
  overflow: hidden;
  &::before {
    content: '';
    position: absolute;
    inset: -50%;
    background: conic-gradient(from 0deg, #8b6cff, #ff7ab6, #c6f432, #8b6cff);
    animation: ${spin} 8s linear infinite;
    ${calm}
  }
  &::after {
    content: '';
    position: absolute;
    inset: 2px;
    border-radius: 16px;
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Status = styled.p`
  && { margin-top: 20px; color: ${({ theme }) => theme.colors.text}; font-size: 14px; }
`;

/** /aurora-demo: the decorative backgrounds used around the studio, still when reduced motion is preferred. */
export default function AuroraDemoPage() {
  usePageTitle('Aurora demo');
  const reduced = usePrefersReducedMotion();
  return (
    <Page>
      <h1>Aurora demo</h1>
      <p>The decorative background effects used across the studio. They sit behind content, never carry information, and hold still for visitors who prefer reduced motion.</p>
      <Status role="status">
        {reduced ? 'Motion is paused: your system asks for reduced motion.' : 'Motion is on. Turn on “reduce motion” in your system settings to pause it.'}
      </Status>
      <Grid>
        <Tile>
          <Aurora aria-hidden="true" />
          <div>
            <h2>Aurora</h2>
            <p>Soft blurred gradients drifting behind hero sections.</p>
          </div>
        </Tile>
        <Tile>
          <Orb aria-hidden="true" $x={10} $y={12} $size={120} $color="rgba(139, 108, 255, 0.7)" $delay={0} />
          <Orb aria-hidden="true" $x={55} $y={20} $size={90} $color="rgba(255, 122, 182, 0.6)" $delay={1.5} />
          <Orb aria-hidden="true" $x={35} $y={40} $size={70} $color="rgba(198, 244, 50, 0.45)" $delay={3} />
          <div>
            <h2>Glow orbs</h2>
            <p>Breathing lights behind cards and empty states.</p>
          </div>
        </Tile>
        <Tile>
          <Ring aria-hidden="true" />
          <div>
            <h2>Gradient ring</h2>
            <p>A turning brand-gradient border for highlighted panels.</p>
          </div>
        </Tile>
      </Grid>
    </Page>
  );
}
