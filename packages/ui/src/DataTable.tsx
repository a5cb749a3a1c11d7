import type { ComponentPropsWithoutRef, ElementType, Key, ReactNode } from 'react';

export interface DataTableProps<Row> extends Omit<ComponentPropsWithoutRef<'table'>, 'children'> {
  /** The table element: a styled table of the app, or a plain `<table>` (the default). */
  as?: ElementType;
  caption?: ReactNode;
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** A row's cells, one per column. */
  cells: (row: Row) => readonly ReactNode[];
  /** The first cell of each row names it (a row header), as in a list of messages and what to do. */
  rowHeaders?: boolean;
}

/** A table of records: optional caption, one heading per column, one row per record. */
export function DataTable<Row>({ as: Table = 'table', caption, columns, rows, rowKey, cells, rowHeaders, ...rest }: DataTableProps<Row>) {
  return (
    <Table {...rest}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {cells(row).map((cell, index) =>
              rowHeaders && index === 0 ? (
                <th key={index} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={index}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
