import { Link, useNavigation } from "@remix-run/react";
import { Ltr } from "~/components/ltr";
import { useTranslation } from "~/i18n/translation";

type Props = { state: "missing" | "failed" | "paid" | "unavailable" | "refundDue"; orderId: string | null; orderNumber: string | null; tryAgainUrl: string };

/** SPEC section 2's payment result by orderId: verifying, missing, confirmed or failed. */
export function PaymentResult({ state, orderId, orderNumber, tryAgainUrl }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === "loading") {
    return (
      <section className="page page--narrow outcome" aria-busy="true">
        <p role="status">{t("payment.verifying")}</p>
      </section>
    );
  }
  if (state === "missing") {
    return (
      <section className="page page--narrow outcome">
        <h1>{t("payment.missingOrderId")}</h1>
        <Link to="/" className="button button--primary">
          {t("checkout.backToShop")}
        </Link>
      </section>
    );
  }
  if (state === "paid" && orderNumber && orderId) {
    return (
      <section className="page page--narrow outcome" data-testid="payment-confirmed">
        <h1>{t("payment.confirmed")}</h1>
        <p>
          <Ltr className="outcome__number" data-testid="order-number">
            {orderNumber}
          </Ltr>
        </p>
        <div className="outcome__actions">
          <a href={`/invoice/${orderId}`} className="button button--primary" target="_blank" rel="noreferrer">
            {t("payment.viewInvoice")}
          </a>
          <Link to="/" className="button button--secondary">
            {t("checkout.backToShop")}
          </Link>
        </div>
      </section>
    );
  }
  if (state === "unavailable" && orderId) {
    return (
      <section className="page page--narrow outcome" data-testid="payment-unverified">
        <h1>{t("payment.title")}</h1>
        <p role="alert">{t("payment.statusUnavailable")}</p>
        <div className="outcome__actions">
          <a href={`/payment/return?orderId=${encodeURIComponent(orderId)}`} className="button button--primary">
            {t("payment.refresh")}
          </a>
        </div>
      </section>
    );
  }
  if (state === "refundDue" && orderNumber) {
    return (
      <section className="page page--narrow outcome" data-testid="payment-refund-due">
        <h1>{t("payment.cancelledBeforePayment")}</h1>
        <p role="alert">{t("payment.cancelledBeforePaymentBody", { orderNumber })}</p>
        <div className="outcome__actions">
          <Link to="/" className="button button--primary">
            {t("checkout.backToShop")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="page page--narrow outcome" data-testid="payment-failed">
      <h1>{t("payment.failed")}</h1>
      <p>{t("payment.failedBody")}</p>
      <div className="outcome__actions">
        <Link to={tryAgainUrl} className="button button--primary" data-testid="try-again">
          {t("payment.tryAgain")}
        </Link>
      </div>
    </section>
  );
}
