import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { ConfirmDelete } from "./confirm-delete";

/**
 * The show/hide and delete buttons of a category or product: two plain POST forms to the page's own action, which
 * switches on `intent`. The delete asks first, with or without JavaScript (ConfirmDelete).
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
      <Form method="post">
        <input type="hidden" name={idField} value={id} />
        <ConfirmDelete label={t("admin.products.delete")} question={confirmDelete} />
      </Form>
    </>
  );
}
