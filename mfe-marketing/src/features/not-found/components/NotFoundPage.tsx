import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { Button, brandGradientText } from '@vton/ui';

const Wrap = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  min-height: 60vh;
  padding: 48px 24px;
  text-align: center;
`;

const Code = styled.p`
  font-size: 72px;
  font-weight: 800;
  line-height: 1;
  ${brandGradientText}
`;

const Message = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Exposed as `marketing/NotFound`: the shell shows it for any path no app claims (spec §2). */
export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  const navigate = useNavigate();
  return (
    <Wrap>
      <Code aria-hidden="true">404</Code>
      <h1>Page Not Found</h1>
      <Message>The page you&apos;re looking for doesn&apos;t exist.</Message>
      <Button onClick={() => navigate('/')}>Go Home</Button>
    </Wrap>
  );
}
