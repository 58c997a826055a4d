import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/**
 * The owner's "Tell the shopper of a delay" (issue 30): the day the order will now arrive, a plain form post so it
 * works without JavaScript. `problem` is the server's message for the day sent, shown under the field.
 */
export function DelayNoticeCard({ orderId, today, problem }: { orderId: string; today: string; problem: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card" data-testid="delay-notice">
      <h2>{t("admin.delay.title")}</h2>
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
            <p className="field-error" id="delay-date-error" role="alert" data-testid="delay-problem">
              {problem}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--secondary" data-testid="delay-submit">
          {t("admin.delay.submit")}
        </button>
      </Form>
    </section>
  );
}
