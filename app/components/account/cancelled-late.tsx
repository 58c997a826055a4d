import { useTranslation } from "~/i18n/translation";
import { Ltr, Money } from "~/components/ltr";
import { formatAdminDate } from "~/shared/admin-dates";
import type { Language } from "~/shared/language";
import { formatKD } from "~/shared/money";

// A file of its own, apart from late-cancel.tsx: only the order's page by phone shows it, and My Orders, which loads
// the late-cancel form, stays within its JavaScript budget (scripts/js-budget.test.ts).
/**
 * A late order its shopper cancelled, on the order's page by phone: when, what was refunded, and the credit notes,
 * each opening its PDF (signed links: the page's reader may have no session).
 */
export function CancelledLate({
  at,
  refundedFils,
  creditNotes,
  language,
}: {
  at: string;
  refundedFils: number;
  creditNotes: { number: string; amountFils: number; createdAt: string; url: string }[];
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <div className="late-cancelled" data-testid="order-cancelled-late">
      <p className="order-promise">{t("lateOrder.cancelledLate", { date: formatAdminDate(new Date(at), language), amount: formatKD(refundedFils, language) })}</p>
      {creditNotes.length ? (
        <section className="order-card__notes" data-testid="order-credit-notes">
          <h2>{t("lateOrder.creditNotes")}</h2>
          <ul>
            {creditNotes.map((note) => (
              <li key={note.number}>
                <a href={note.url} target="_blank" rel="noopener noreferrer" aria-label={t("lateOrder.creditNote", { number: note.number, amount: formatKD(note.amountFils, language) })}>
                  <Ltr>{note.number}</Ltr>
                </a>
                <span>{formatAdminDate(new Date(note.createdAt), language)}</span>
                <Money fils={note.amountFils} language={language} sign="−" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
