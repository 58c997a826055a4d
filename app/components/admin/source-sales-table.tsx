import { DIRECT_SOURCE } from "~/shared/campaign";
import { formatCount } from "~/shared/digits";
import type { Language } from "~/shared/language";
import { formatKD } from "~/shared/money";

/** A row as the page shows it: the source's name (the direct bucket already worded), the count and the amount. */
export type SourceSalesRow = { source: string; orders: string; amount: string };

/** A loader's rows for the table: figures in the page's digits, the bucket of orders without a campaign as `direct`. */
export function sourceSalesRows(rows: { source: string; orders: number; amountFils: number }[], language: Language, direct: string): SourceSalesRow[] {
  return rows.map((row) => ({ source: row.source === DIRECT_SOURCE ? direct : row.source, orders: formatCount(row.orders, language), amount: formatKD(row.amountFils, language) }));
}

/**
 * Paid sales by the campaign source the orders came from (decision 0089), on the sales report and the dashboard.
 * The texts come worded from the loader, so the two pages each keep their own. A source is isolated (`bdi`): a Latin
 * name on an Arabic page must not reorder its row.
 */
export function SourceSalesTable(props: { testId: string; caption: string; columns: [string, string, string]; rows: SourceSalesRow[]; empty: string }) {
  if (props.rows.length === 0) return <p className="admin-empty">{props.empty}</p>;
  // Its own scrolling box, as the other report tables: a long campaign source must not widen a phone's page.
  return (
    <div className="admin-table-scroll">
      <table className="admin-table" data-testid={props.testId}>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.source} data-testid="source-row">
              <th scope="row">
                <bdi>{row.source}</bdi>
              </th>
              <td>{row.orders}</td>
              <td>
                <bdi dir="ltr">{row.amount}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
