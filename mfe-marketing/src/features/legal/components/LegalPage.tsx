import { usePageTitle } from '@vton/shell-sdk';
import { PageHeader } from '@vton/ui';

const LEGAL_TITLES = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  gdpr: 'GDPR',
} as const;

export type LegalDocument = keyof typeof LEGAL_TITLES;

export function LegalPage({ document }: { document: LegalDocument }) {
  const title = LEGAL_TITLES[document];
  usePageTitle(title);
  return <PageHeader eyebrow="Legal" title={title} description="The full text is on its way." />;
}
