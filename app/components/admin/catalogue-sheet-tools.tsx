import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** The list's checkboxes belong to this form by their `form` attribute, so the table stays one table. */
export const BULK_FORM_ID = "bulk-change";

/** The catalogue as a spreadsheet: the download, and the way to the import with its preview. */
export function SheetLinks() {
  const { t } = useTranslation();
  return (
    <p className="admin-form__actions sheet-links">
      <a href="/api/admin/products/export.csv" download className="button button--secondary" data-testid="export-csv">
        {t("admin.sheet.export")}
      </a>
      <Link to="/admin/timsar/products/import" className="button button--secondary">
        {t("admin.sheet.import")}
      </Link>
    </p>
  );
}

/**
 * A price or stock change for the products ticked in the list, by percent or amount; it posts to the import's page,
 * which shows its preview and applies it when confirmed, as a file's.
 */
export function BulkChangeForm() {
  const { t } = useTranslation();
  return (
    <Form id={BULK_FORM_ID} method="post" action="/admin/timsar/products/import" encType="multipart/form-data" className="admin-filters bulk-change">
      <strong>{t("admin.sheet.bulkTitle")}</strong>
      <div className="field">
        <label htmlFor="bulk-field">{t("admin.sheet.bulkField")}</label>
        <select id="bulk-field" name="field" defaultValue="price">
          <option value="price">{t("admin.sheet.bulkPrice")}</option>
          <option value="stock">{t("admin.sheet.bulkStock")}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="bulk-mode">{t("admin.sheet.bulkMode")}</label>
        <select id="bulk-mode" name="mode" defaultValue="percent">
          <option value="percent">{t("admin.sheet.bulkPercent")}</option>
          <option value="amount">{t("admin.sheet.bulkAmount")}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="bulk-value">{t("admin.sheet.bulkValue")}</label>
        <input id="bulk-value" name="value" inputMode="decimal" dir="ltr" required size={8} />
      </div>
      <button type="submit" name="intent" value="bulk" className="button button--secondary">
        {t("admin.sheet.bulkPreview")}
      </button>
    </Form>
  );
}
