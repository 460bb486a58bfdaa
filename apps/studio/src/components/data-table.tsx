import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a {@link DataTable}: its header and what a row shows in it. */
export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

/**
 * A table of rows, one column per entry of `columns`; other props (`striped`,
 * `highlightOnHover`) go to Mantine's `Table`.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  ...table
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
} & Omit<TableProps, 'children'>) {
  return (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
