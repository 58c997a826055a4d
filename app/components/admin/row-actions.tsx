import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/**
 * The show/hide and delete buttons of a category or product: two plain POST forms to the page's own action, which
 * switches on `intent`. With JavaScript the delete asks first; without it the form posts straight away.
 */
export function RowActions({ idField, id, isVisible, confirmDelete }: { idField: "categoryId" | "productId"; id: string; isVisible: boolean; confirmDelete: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form method="post">
        <input type="hidden" name={idField} value={id} />
        <button type="submit" name="intent" value="toggle" className="button button--secondary button--small">
          {isVisible ? t("admin.products.hide") : t("admin.products.show")}
        </button>
      </Form>
      <Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm(confirmDelete)) event.preventDefault();
        }}
      >
        <input type="hidden" name={idField} value={id} />
        <button type="submit" name="intent" value="delete" className="button button--danger button--small">
          {t("admin.products.delete")}
        </button>
      </Form>
    </>
  );
}
