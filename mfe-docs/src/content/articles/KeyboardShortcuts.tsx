import { DataTable } from '@vton/ui';

const EDITOR: [string[], string][] = [
  [['Space + drag'], 'Pan the canvas'],
  [['Middle mouse + drag'], 'Pan the canvas'],
  [['Mouse wheel'], 'Zoom in and out (10% to 500%)'],
  [['Ctrl', '0'], 'Reset the zoom to 100%'],
  [['Ctrl', 'Z'], 'Undo the last stroke (up to 20 steps)'],
  [['Ctrl', 'Y'], 'Redo'],
  [['['], 'Smaller brush (down to 5 px)'],
  [[']'], 'Larger brush (up to 100 px)'],
  [['Delete'], 'Clear the mask'],
];

const ELSEWHERE: [string[], string][] = [
  [['←', '→'], 'Resize the sidebar by 20 px (separator focused)'],
  [['Esc'], 'Close the full-screen viewer, then the gallery drawer'],
  [['F8'], 'Move focus to the notifications'],
];

function Keys({ keys }: { keys: string[] }) {
  return (
    <>
      {keys.map((key, index) => (
        <span key={key}>
          {index > 0 && ' + '}
          <kbd>{key}</kbd>
        </span>
      ))}
    </>
  );
}

function ShortcutTable({ caption, rows }: { caption: string; rows: [string[], string][] }) {
  return (
    <DataTable
      caption={caption}
      columns={['Keys', 'Action']}
      rows={rows}
      rowKey={([keys, action]) => keys.join('+') + action}
      cells={([keys, action]) => [<Keys keys={keys} />, action]}
    />
  );
}

export default function KeyboardShortcuts() {
  return (
    <>
      <p>
        These keys work in the mask editor, where you paint where the garment goes. On a Mac, use <kbd>Cmd</kbd> wherever <kbd>Ctrl</kbd> is written.
      </p>
      <h2>Mask editor</h2>
      <ShortcutTable caption="Mask editor shortcuts" rows={EDITOR} />
      <p>
        The brush starts at 20 px with 80% hardness; hardness (0 to 100%) is set on the toolbar. A new stroke after an undo clears the
        redo steps.
      </p>
      <h2>Workspace and gallery</h2>
      <ShortcutTable caption="Workspace and gallery shortcuts" rows={ELSEWHERE} />
    </>
  );
}
