import type { ComponentProps, ReactNode } from "react";
import { Ltr } from "~/components/ltr";

export type AdminColumn<Row> = { header: ReactNode; cell: (row: Row) => ReactNode; dir?: "ltr" };

type RowProps = ComponentProps<"tr"> & { [attribute: `data-${string}`]: string };

/** A list page's table: the empty message when there are no rows, else the scrolling wrapper, one header per column and one row per item. */
export function AdminTable<Row>({
  rows,
  columns,
  rowKey,
  rowProps,
  empty,
  testId,
}: {
  rows: Row[];
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => RowProps;
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, index) => (
                <td key={index}>{column.dir === "ltr" ? <Ltr>{column.cell(row)}</Ltr> : column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
