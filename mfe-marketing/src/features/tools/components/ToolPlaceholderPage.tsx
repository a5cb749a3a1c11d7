import { usePageTitle } from '@vton/shell-sdk';
import { Badge, PageHeader } from '@vton/ui';

/** Spec §1: Storyboard, Inpaint and Enhance are announcement pages only. */
const TOOLS = {
  storyboard: { title: 'Storyboard', announcement: 'Create visual narratives and story sequences' },
  inpaint: { title: 'Inpaint', announcement: 'Remove and replace objects in images seamlessly' },
  enhance: { title: 'Enhance', announcement: 'Improve image quality and add stunning effects' },
} as const;

export type PlaceholderTool = keyof typeof TOOLS;

export function ToolPlaceholderPage({ tool }: { tool: PlaceholderTool }) {
  const { title, announcement } = TOOLS[tool];
  usePageTitle(title);
  return (
    <PageHeader title={title} description={announcement}>
      <div style={{ marginTop: 24 }}>
        <Badge>Coming soon</Badge>
      </div>
    </PageHeader>
  );
}
