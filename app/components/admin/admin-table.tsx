import type { ComponentProps, ReactNode } from "react";
import { Ltr } from "~/components/ltr";

/** `dir: "ltr"` isolates the cell's text (phone numbers, e-mails); `cellProps` go on the cell itself. */
export type AdminColumn<Row> = { header: ReactNode; cell: (row: Row) => ReactNode; dir?: "ltr"; cellProps?: { className?: string; dir?: "ltr" } };

type RowProps = ComponentProps<"tr"> & { [attribute: `data-${string}`]: string };

/**
 * An admin table: the empty message when there are no rows (if one is given), else the scrolling wrapper (a table
 * wider than a phone scrolls inside it instead of widening the page), one header per column and one row per item.
 */
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
  empty?: string;
  testId?: string;
}) {
  if (rows.length === 0 && empty !== undefined) return <p className="admin-empty">{empty}</p>;
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
                <td key={index} {...column.cellProps}>
                  {column.dir === "ltr" ? <Ltr>{column.cell(row)}</Ltr> : column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
