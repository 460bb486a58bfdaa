import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a {@link DataTable}: its header and what a row shows in it. */
export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
}

/** A plain table of rows, one column per entry of `columns`. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string | number;
}) {
  return (
    <Table>
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
