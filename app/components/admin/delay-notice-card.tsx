import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/**
 * The owner's "Tell the shopper of a delay" (issue 30): the day the order will now arrive, a plain form post so it
 * works without JavaScript. `problem` is the server's message for the day sent, shown under the field. `notice` is
 * how many were sent and, for an order that takes none (unpaid, cancelled, delivered, or its 3 sent), why: the
 * card then says so instead of offering a form that would be refused.
 */
export function DelayNoticeCard({
  orderId,
  today,
  problem,
  notice,
}: {
  orderId: string;
  today: string;
  problem: string | null;
  notice: { sent: string; refusal: string | null };
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-card" data-testid="delay-notice">
      <h2>{t("admin.delay.title")}</h2>
      <p className="admin-note" data-testid="delay-sent">
        {notice.sent}
      </p>
      {notice.refusal ? (
        <p className="admin-note" role="status" data-testid="delay-refusal">
          {notice.refusal}
        </p>
      ) : (
        <DelayForm orderId={orderId} today={today} problem={problem} />
      )}
    </section>
  );
}

function DelayForm({
  orderId,
  today,
  problem,
}: {
  orderId: string;
  today: string;
  problem: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="refund-form">
      <input type="hidden" name="intent" value="delay" />
      <input type="hidden" name="orderId" value={orderId} />
      <div className="field">
        <label htmlFor="delay-date">{t("admin.delay.date")}</label>
        <input
          id="delay-date"
          name="date"
          type="date"
          dir="ltr"
          min={today}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "delay-date-error" : undefined}
        />
        {problem ? (
          <p
            className="field-error"
            id="delay-date-error"
            role="alert"
            data-testid="delay-problem"
          >
            {problem}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="button button--secondary"
        data-testid="delay-submit"
      >
        {t("admin.delay.submit")}
      </button>
    </Form>
  );
}
