import type { ComponentProps, ReactNode } from "react";
import { Ltr } from "~/components/ltr";

/**
 * `dir: "ltr"` isolates the cell's text (phone numbers, e-mails); `cellProps` go on the cell itself; `label` names the
 * cell in a card (`cards`), where the column's header is not shown.
 */
export type AdminColumn<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  dir?: "ltr";
  cellProps?: { className?: string; dir?: "ltr" };
  label?: string;
};

type RowProps = ComponentProps<"tr"> & { [attribute: `data-${string}`]: string };

/**
 * An admin table: the empty message when there are no rows (if one is given), else the scrolling wrapper (a table
 * wider than a phone scrolls inside it instead of widening the page), one header per column and one row per item.
 * `cards` draws each row as a card on a phone instead (admin.css), its cells named by their columns' `label`s, so
 * nothing there needs a sideways scroll.
 */
export function AdminTable<Row>({
  rows,
  columns,
  rowKey,
  rowProps,
  empty,
  testId,
  cards = false,
}: {
  rows: Row[];
  columns: AdminColumn<Row>[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => RowProps;
  empty?: string;
  testId?: string;
  cards?: boolean;
}) {
  if (rows.length === 0 && empty !== undefined) return <p className="admin-empty">{empty}</p>;
  return (
    <div className={cards ? "admin-table-wrap admin-table-wrap--cards" : "admin-table-wrap"}>
      <table className={cards ? "admin-table admin-table--cards" : "admin-table"} data-testid={testId}>
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
                <td key={index} {...column.cellProps} data-label={cards ? column.label : undefined}>
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
