import { useTranslation } from "~/i18n/translation";

/**
 * A delete that asks first, with or without JavaScript: its button opens a disclosure (`<details>`) holding the
 * question and the button that deletes, so deleting takes a second, deliberate click. The deleting button posts the
 * form it sits in with `intent=delete`.
 */
export function ConfirmDelete({ label, question }: { label: string; question: string }) {
  const { t } = useTranslation();
  return (
    <details className="confirm-delete">
      <summary className="button button--danger button--small">{label}</summary>
      <div className="confirm-delete__panel">
        <p>{question}</p>
        <button type="submit" name="intent" value="delete" className="button button--danger button--small">
          {t("admin.common.yesDelete")}
        </button>
      </div>
    </details>
  );
}
