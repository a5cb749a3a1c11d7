import styled from 'styled-components';
import { usePageTitle } from '@vton/shell-sdk';
import { Badge, PageHeader } from '@vton/ui';
import { ButtonLink } from '../../../components/ButtonLink';

/** Spec §1: Storyboard, Inpaint and Enhance are announcement pages only. */
export const TOOLS = {
  storyboard: { title: 'Storyboard', announcement: 'Create visual narratives and story sequences' },
  inpaint: { title: 'Inpaint', announcement: 'Remove and replace objects in images seamlessly' },
  enhance: { title: 'Enhance', announcement: 'Improve image quality and add stunning effects' },
} as const;

export type PlaceholderTool = keyof typeof TOOLS;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
  margin-top: 28px;
`;

export default function ToolPlaceholderPage({ tool }: { tool: PlaceholderTool }) {
  const { title, announcement } = TOOLS[tool];
  usePageTitle(title);
  return (
    <PageHeader eyebrow="Coming soon" title={title} description={announcement}>
      <Actions>
        <Badge>In the works</Badge>
        <ButtonLink to="/app" $variant="outline">
          Try on garments today
        </ButtonLink>
      </Actions>
    </PageHeader>
  );
}
