import { render, screen, within } from '@testing-library/react';
import styled from 'styled-components';
import { ThemeRoot } from './ThemeRoot';
import { DataTable } from './DataTable';

const SHORTCUTS = [
  { keys: 'Ctrl + Z', action: 'Undo the last stroke' },
  { keys: 'Ctrl + Y', action: 'Redo' },
];

describe('DataTable', () => {
  it('names the table by its caption, with one column heading per column and one row per record', () => {
    render(<DataTable caption="Mask editor shortcuts" columns={['Keys', 'Action']} rows={SHORTCUTS} rowKey={(row) => row.keys} cells={(row) => [<kbd>{row.keys}</kbd>, row.action]} />);
    const table = screen.getByRole('table', { name: 'Mask editor shortcuts' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Keys', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Ctrl + Z', 'Undo the last stroke'],
      ['Ctrl + Y', 'Redo'],
    ]);
    expect(within(table).queryByRole('rowheader')).toBeNull();
  });

  it('makes the first cell of each row its header when asked', () => {
    render(<DataTable caption="Account errors" columns={['Message or symptom', 'What to do']} rows={[['Invalid password', 'Try again']]} rowKey={([message]) => message} cells={(row) => row} rowHeaders />);
    const table = screen.getByRole('table', { name: 'Account errors' });
    expect(within(table).getByRole('rowheader').textContent).toBe('Invalid password');
    expect(within(table).getByRole('cell').textContent).toBe('Try again');
  });

  it('renders as the table it is given, with its attributes, and no caption when it has none', () => {
    const Styled = styled.table`
      width: 100%;
    `;
    render(
      <ThemeRoot>
        <DataTable as={Styled} data-testid="ledger" columns={['When']} rows={['today']} rowKey={(row) => row} cells={(row) => [row]} />
      </ThemeRoot>,
    );
    const table = screen.getByTestId('ledger');
    expect(table.tagName).toBe('TABLE');
    expect(table.querySelector('caption')).toBeNull();
    expect(within(table).getByRole('cell').textContent).toBe('today');
  });
});
