import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

type Preview = {
  changedSincePreview: boolean;
  bulk: boolean;
  counts: { created: string; updated: string; unchanged: string };
  nothing: boolean;
  /** rows whose stock the import leaves as the shop has it now (sold since the file was exported), as a count */
  stockKept: string | null;
  changes: { row: string; product: string; column: string; from: string; to: string }[];
  moreChanges: number;
  creations: { row: string; product: string; values: string; newProduct: boolean }[];
  moreCreations: number;
  text: string;
  seal: string;
  planDigest: string;
};

/**
 * What a file (or a bulk change) would do, and the confirmation that carries the same text back: new rows, each
 * changed cell old → new, and the counts.
 */
export function SheetPreview({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  return (
    <div className="sheet-preview" data-testid="sheet-preview">
      <h2>{t(preview.bulk ? "admin.sheet.bulkPreviewTitle" : "admin.sheet.previewTitle")}</h2>
      {preview.changedSincePreview ? (
        <p className="form-error" role="alert">
          {t("admin.sheet.changedSincePreview")}
        </p>
      ) : null}
      <p className="sheet-preview__counts" data-testid="sheet-counts">
        {t("admin.sheet.counts", preview.counts)}
      </p>
      {preview.nothing ? <p>{t("admin.sheet.nothing")}</p> : null}
      {preview.stockKept ? (
        <p className="sheet-preview__note" data-testid="sheet-stock-kept">
          {t("admin.sheet.stockKept", { rows: preview.stockKept })}
        </p>
      ) : null}
      {preview.creations.length ? (
        <>
          <h3>{t("admin.sheet.createdTitle")}</h3>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="sheet-creations">
              <thead>
                <tr>
                  {preview.bulk ? null : <th scope="col">{t("admin.sheet.row")}</th>}
                  <th scope="col">{t("admin.sheet.product")}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {preview.creations.map((creation) => (
                  <tr key={creation.row}>
                    {preview.bulk ? null : <td>{creation.row}</td>}
                    <td>
                      {creation.product}
                      {creation.values ? <span className="sheet-preview__values"> ({creation.values})</span> : null}
                    </td>
                    <td>{creation.newProduct ? t("admin.sheet.newProduct") : t("admin.sheet.newVariant")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.moreCreations ? <p>{t("admin.sheet.moreChanges", { count: preview.moreCreations })}</p> : null}
        </>
      ) : null}
      {preview.changes.length ? (
        <>
          <h3>{t("admin.sheet.changesTitle")}</h3>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="sheet-changes">
              <thead>
                <tr>
                  {preview.bulk ? null : <th scope="col">{t("admin.sheet.row")}</th>}
                  <th scope="col">{t("admin.sheet.product")}</th>
                  <th scope="col">{t("admin.sheet.column")}</th>
                  <th scope="col">{t("admin.sheet.before")}</th>
                  <th scope="col">{t("admin.sheet.after")}</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((change) => (
                  <tr key={`${change.row}-${change.column}`} data-testid="sheet-change">
                    {preview.bulk ? null : <td>{change.row}</td>}
                    <td>{change.product}</td>
                    <td>
                      <ColumnName column={change.column} />
                    </td>
                    <td>{change.from}</td>
                    <td>{change.to}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.moreChanges ? <p>{t("admin.sheet.moreChanges", { count: preview.moreChanges })}</p> : null}
        </>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form__actions sheet-preview__actions">
        <input type="hidden" name="text" value={preview.text} />
        <input type="hidden" name="seal" value={preview.seal} />
        <input type="hidden" name="planDigest" value={preview.planDigest} />
        {preview.nothing ? null : (
          <button type="submit" name="intent" value="confirm" className="button button--primary">
            {t("admin.sheet.confirm")}
          </button>
        )}
        <Link to="/admin/timsar/products" className="button button--secondary">
          {t("admin.sheet.cancel")}
        </Link>
      </Form>
    </div>
  );
}

/**
 * A column by its name in the page's language, with the header as the owner's file writes it beside it (left to
 * right inside the Arabic sentence), so she finds the column in her spreadsheet and an Arabic page reads in Arabic.
 */
function ColumnName({ column }: { column: string }) {
  const { t } = useTranslation();
  if (!column) return null;
  return (
    <>
      {t(`admin.sheet.columns.${column}` as "admin.sheet.columns.price", { defaultValue: column })} (<bdi dir="ltr">{column}</bdi>)
    </>
  );
}

/**
 * The file refused: every bad cell by its spreadsheet row and column; a bulk change of the list (`bulk`) by the product
 * each row is, as `row` then holds its name.
 */
export function SheetErrors({ message, errors, more, bulk = false }: { message: string; errors: { row: string; column: string; message: string }[]; more: number; bulk?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="sheet-errors" role="alert" data-testid="sheet-errors">
      <p className="form-error">{message}</p>
      {errors.length ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t(bulk ? "admin.sheet.product" : "admin.sheet.row")}</th>
                <th scope="col">{t("admin.sheet.column")}</th>
                <th scope="col">{t("admin.sheet.problem")}</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((error) => (
                <tr key={`${error.row}-${error.column}-${error.message}`} data-testid="sheet-error">
                  <td>{error.row}</td>
                  <td>
                    <ColumnName column={error.column} />
                  </td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {more ? <p>{t("admin.sheet.moreErrors", { count: more })}</p> : null}
    </div>
  );
}
