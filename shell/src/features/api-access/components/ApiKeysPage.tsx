import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { Container, PageHeader } from '@vton/ui';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

const Body = styled(Container)`
  padding-bottom: 64px;
`;

const DocsLink = styled(Link)`
  color: ${({ theme }) => theme.colors.accent};
`;

/** /account/api-keys: personal API keys and webhook endpoints (a signed-in page, loaded on visit). */
export default function ApiKeysPage() {
  usePageTitle('API keys');
  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="API keys"
        description={
          <>
            Call the studio from your own code: upload garments and model photos, start try-ons and get a webhook when they finish. See the{' '}
            <DocsLink to="/docs/api-quick-start">API quick start</DocsLink> and the <DocsLink to="/docs/api-reference">API reference</DocsLink>.
          </>
        }
      />
      <Body>
        <ApiKeysSection />
        <WebhooksSection />
      </Body>
    </>
  );
}
