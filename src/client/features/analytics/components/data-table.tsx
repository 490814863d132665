import { Table } from '@mantine/core';
import type { Column } from '../csv';

interface DataTableProps<Row> {
  label: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
}

/** The table view of a chart: the same rows the chart and the CSV show. */
export function DataTable<Row>({ label, columns, rows }: DataTableProps<Row>) {
  return (
    <Table.ScrollContainer minWidth={360} maxHeight={420}>
      <Table striped highlightOnHover stickyHeader aria-label={label} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.numeric ? 'right' : undefined} scope="col">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined}>
                  {c.format ? c.format(row) : (c.value(row) ?? '—')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
