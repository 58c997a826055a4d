import { useFetcher } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/translation";
import type { CouponNotice } from "~/shared/order-totals";

type Props = { appliedCode: string | null; notice: CouponNotice | null; hydrated: boolean };

/**
 * The checkout's "Discount code" with Apply and Remove. Without JavaScript the buttons post the whole checkout form
 * (formNoValidate: the address may not be filled yet) and the page comes back with every value kept; with it a
 * fetcher posts only the code and the contact it is checked against, and the page's data revalidates.
 */
export function CouponField({ appliedCode, notice, hydrated }: Props) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ couponNotice?: CouponNotice }>();
  const input = useRef<HTMLInputElement>(null);
  const shown = fetcher.state === "idle" && fetcher.data?.couponNotice ? fetcher.data.couponNotice : notice;

  function send(event: MouseEvent<HTMLButtonElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const form = event.currentTarget.form;
    const body = new FormData();
    body.set("intent", event.currentTarget.value);
    body.set("couponCode", input.current?.value ?? "");
    for (const name of ["email", "phone"]) {
      const field = form?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) body.set(name, field.value);
    }
    fetcher.submit(body, { method: "post" });
  }

  const busy = fetcher.state !== "idle";
  return (
    <div className="coupon-field field" data-testid="coupon-field">
      <label htmlFor="couponCode">{t("checkout.couponCode")}</label>
      <div className="coupon-field__row">
        <input
          ref={input}
          key={appliedCode ?? ""}
          id="couponCode"
          name="couponCode"
          defaultValue={appliedCode ?? ""}
          readOnly={Boolean(appliedCode)}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          dir="ltr"
          aria-describedby={shown ? "coupon-notice" : undefined}
        />
        <button
          type="submit"
          name="intent"
          value={appliedCode ? "removeCoupon" : "applyCoupon"}
          formNoValidate
          className="button button--secondary"
          onClick={send}
          disabled={busy}
          data-testid={appliedCode ? "remove-coupon" : "apply-coupon"}
        >
          {appliedCode ? t("checkout.removeCoupon") : t("checkout.applyCoupon")}
        </button>
      </div>
      {shown ? (
        <p id="coupon-notice" role={shown.kind === "error" ? "alert" : "status"} className={`coupon-field__notice coupon-field__notice--${shown.kind}`} data-testid="coupon-notice">
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
