import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

export type RefundSummary = { left: number; summary: string } | null;
export type RefundRow = { id: string; when: string; who: string; amount: string; status: "pending" | "refunded" | "failed" };
/** The asked refund, as the page's loader read it from `?refund=`: its amount and what stays paid, or why it cannot be. */
export type RefundConfirmation = { amountInput: string; amount: string; remaining: string } | { amountInput: string; problem: string } | null;

/**
 * Refund all that is left or a part of it, and the refunds made so far with who asked for them and when.
 *
 * A refund asks first, on the server: the amount form is a GET to this page (`?refund=1.000`, empty for all that is
 * left), whose loader answers with the amount and what stays paid; only the confirmation's POST refunds. It reads the
 * same with JavaScript on and off, and Cancel is a plain link back to the order.
 */
export function RefundCard({ orderId, refund, refunds, confirm }: { orderId: string; refund: RefundSummary; refunds: RefundRow[]; confirm: RefundConfirmation }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "refund";
  const asking = confirm && "amount" in confirm ? confirm : null;
  const problem = confirm && "problem" in confirm ? confirm.problem : null;
  return (
    <section className="admin-card" data-testid="refund-card">
      <h2>{t("admin.refund.title")}</h2>
      {refund && refund.left > 0 && asking ? (
        // Posts to the page without `?refund=`, so the answer shows the order as it now is, not the question again.
        <Form method="post" action={pathname} className="refund-confirm" data-testid="refund-confirm">
          <p role="status">
            {t("admin.refund.confirmQuestion", { amount: asking.amount })} {t("admin.refund.confirmRemaining", { remaining: asking.remaining })}
          </p>
          <p className="admin-note">{t("admin.refund.confirmNote")}</p>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="amount" value={asking.amountInput} />
          <div className="refund-confirm__actions">
            <button type="submit" className="button button--danger" disabled={busy}>
              {t("admin.refund.confirm", { amount: asking.amount })}
            </button>
            <Link to={pathname} className="button button--secondary" replace>
              {t("admin.refund.cancel")}
            </Link>
          </div>
        </Form>
      ) : refund && refund.left > 0 ? (
        // Keyed by what is left: after a refund the amount field starts empty again ("all that is left"), as it
        // does without JavaScript, instead of offering the same partial amount a second time.
        <Form method="get" className="refund-form" key={refund.left}>
          <p>{refund.summary}</p>
          {problem ? (
            <p className="field-error" role="alert" data-testid="refund-problem">
              {problem}
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="refund-amount">{t("admin.refund.amount")}</label>
            <input
              id="refund-amount"
              name="refund"
              type="text"
              inputMode="decimal"
              dir="ltr"
              autoComplete="off"
              defaultValue={confirm?.amountInput ?? ""}
              aria-invalid={problem ? true : undefined}
              pattern={"[0-9٠-٩۰-۹]{1,7}([.,٫][0-9٠-٩۰-۹]{0,3})?"}
            />
          </div>
          <button type="submit" className="button button--danger">
            {t("admin.refund.submit")}
          </button>
        </Form>
      ) : refund ? (
        <p>{refund.summary}</p>
      ) : null}
      {refunds.length > 0 ? (
        // Wider than a phone with an e-mail in it: it scrolls inside its wrapper, not the page (probe 10).
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="refund-history">
            <caption>{t("admin.refund.history")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("admin.order.historyWhen")}</th>
                <th scope="col">{t("admin.order.historyWho")}</th>
                <th scope="col">{t("admin.order.total")}</th>
                <th scope="col">{t("admin.order.paymentState")}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((row) => (
                <tr key={row.id}>
                  <td>{row.when}</td>
                  <td dir="ltr">{row.who}</td>
                  <td>{row.amount}</td>
                  <td>{t(`admin.refund.status.${row.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
