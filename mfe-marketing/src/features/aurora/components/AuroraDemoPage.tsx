import styled, { keyframes } from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { PageHeader } from '@vton/ui';

const drift = keyframes`
  0% { transform: translate3d(-10%, -5%, 0) rotate(0deg); }
  50% { transform: translate3d(10%, 5%, 0) rotate(8deg); }
  100% { transform: translate3d(-10%, -5%, 0) rotate(0deg); }
`;

const Stage = styled.div`
  position: relative;
  overflow: hidden;
  min-height: 60vh;
  &::before {
    content: '';
    position: absolute;
    inset: -30%;
    background:
      radial-gradient(40% 35% at 30% 40%, rgba(139, 108, 255, 0.45), transparent 70%),
      radial-gradient(35% 30% at 70% 55%, rgba(255, 122, 182, 0.35), transparent 70%),
      radial-gradient(30% 25% at 50% 30%, rgba(198, 244, 50, 0.18), transparent 70%);
    filter: blur(40px);
    animation: ${drift} 18s ease-in-out infinite;
  }
  > * { position: relative; }
`;

export function AuroraDemoPage() {
  usePageTitle('Aurora demo');
  return (
    <Stage>
      <PageHeader title="Aurora demo" description="The decorative background effect used across the studio." />
    </Stage>
  );
}
