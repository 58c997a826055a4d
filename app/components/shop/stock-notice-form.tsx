import { useActionData, useFetcher } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** What the product page's action answers, every message already in the page's language. */
export type StockNoticeAnswer = { ok: boolean; field: boolean; message: string; typed?: string };

/**
 * "Notify me" on an out-of-stock product: a plain POST form to the product page that works without JavaScript (the
 * page comes back with the answer); with JavaScript a fetcher posts it and the page stays. The server checks the
 * e-mail (`noValidate`: its message is in the page's language, the browser's would be in the browser's). The
 * answer stays on screen when the product turns out to be in stock already, so it is drawn even then. A refused
 * address comes back in the field (without JavaScript the page is new), to be corrected rather than typed again.
 */
export function StockNoticeForm({ productId, variantId = null, inStock }: { productId: string; variantId?: string | null; inStock: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<StockNoticeAnswer>();
  const posted = useActionData<StockNoticeAnswer>();
  const answer = fetcher.data ?? posted;
  const busy = fetcher.state !== "idle";
  const fieldError = answer && !answer.ok && answer.field ? answer.message : null;
  // The look of FormMessage, without its module: that one brings conform into the product page's JavaScript.
  const message =
    answer && !fieldError ? (
      <p className={answer.ok ? "form-message form-message--success" : "form-message"} role={answer.ok ? "status" : "alert"} data-testid="stock-notice-answer">
        {answer.message}
      </p>
    ) : null;
  if (inStock) return message;
  return (
    <section className="stock-notice" aria-labelledby="stock-notice-title" data-testid="stock-notice">
      <h2 id="stock-notice-title" className="stock-notice__title">
        {t("shop.stockNotice.title")}
      </h2>
      <p>{t("shop.stockNotice.intro")}</p>
      {message}
      {/* A sold-out variant is waited for by itself (issue 31); without JavaScript the page comes back on it. */}
      <fetcher.Form method="post" action={`/product/${encodeURIComponent(productId)}${variantId ? `?variant=${encodeURIComponent(variantId)}` : ""}`} noValidate className="stock-notice__form">
        {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
        <div className="field">
          <label htmlFor="stock-notice-email">{t("shop.stockNotice.email")}</label>
          <input
            id="stock-notice-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            dir="ltr"
            required
            maxLength={254}
            defaultValue={fieldError ? answer?.typed : undefined}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? "stock-notice-email-error" : undefined}
          />
          {fieldError ? (
            <ul id="stock-notice-email-error" className="field__errors">
              <li>{fieldError}</li>
            </ul>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t("shop.stockNotice.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
