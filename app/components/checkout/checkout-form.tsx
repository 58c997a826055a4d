import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Field, FieldErrors, FormMessage, TextareaField } from "~/components/forms";
import { Toast } from "~/components/toast";
import type { Language } from "~/shared/language";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { westernDigits } from "~/shared/typed-digits";
import { BUILDING_TYPES } from "~/shared/building-types";
import type { FormConstraint } from "~/components/use-form-validation";
import { useFormSubmitting, useShopForm } from "~/components/use-shop-form";
import { OrderSummary } from "./order-summary";
import { useHydrated } from "~/components/use-hydrated";
import type { CheckoutOffer, CouponNotice } from "~/shared/order-totals";
import { CouponField } from "./coupon-field";
import { AreaSelect, type CheckoutArea } from "./area-select";
import { GiftFields } from "./gift-fields";
import { DeliverySlotChoice, type CheckoutSlotDay } from "./delivery-slot-choice";

type Props = {
  language: Language;
  items: { productId: string; name: string; quantity: number; priceFils: number; customTags: string[] }[];
  productsTotalFils: number;
  areas: CheckoutArea[];
  /** A signed-in shopper's contacts, or every detail of an order whose payment failed (Try Again). */
  defaults: { email: string; fullName: string; phone: string; couponCode: string } & Partial<Record<"buildingType" | "city" | "street" | "streetNumber" | "block" | "buildingNumber" | "floor" | "apartmentNumber" | "notes" | "notifyWhatsApp", string>>;
  offer: CheckoutOffer;
  couponNotice: CouponNotice | null;
  lastResult?: SubmissionResult<string[]>;
  paymentUrl: string | null;
  orderSessionId: string | null;
  constraint: FormConstraint;
  /** whether the shop sends WhatsApp messages: the choice is offered only then */
  whatsAppOffered: boolean;
  /** issue 48: the owner's wrapping price (null: not offered), and her open windows (null: she has none) */
  giftWrapFils: number | null;
  deliveryDays: CheckoutSlotDay[] | null;
};

const REDIRECT_DELAY_MS = 1200;

export function CheckoutForm({ language, items, productsTotalFils, areas, defaults, offer, couponNotice, lastResult, paymentUrl, orderSessionId, constraint, whatsAppOffered, giftWrapFils, deliveryDays }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useShopForm("checkout", { lastResult, constraint, defaultValue: defaults });
  const [city, setCity] = useState(typeof fields.city.initialValue === "string" ? fields.city.initialValue : "");
  const area = areas.find((candidate) => candidate.nameEn === city);
  // What was posted, so that a page sent again without JavaScript (a refused field, a coupon) adds what the payment charges.
  const [wrapped, setWrapped] = useState(fields.isGift.initialValue === "on" && fields.giftWrap.initialValue === "on");
  useEffect(() => {
    if (!paymentUrl) return;
    // SPEC section 3's session keys, for a client that resumes the payment.
    if (orderSessionId) sessionStorage.setItem("pendingOrderSessionId", orderSessionId);
    const timer = window.setTimeout(() => window.location.assign(paymentUrl), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [paymentUrl, orderSessionId]);

  const submitting = useFormSubmitting({ loading: true }) || Boolean(paymentUrl);
  return (
    <div className="checkout__layout">
      {paymentUrl ? <Toast kind="success" message={t("checkout.saved")} durationMs={4000} /> : null}
      {form.errors?.length ? <Toast kind="error" message={t("checkout.saveFailed")} durationMs={4000} /> : null}
      <Form
        method="post"
        {...getFormProps(form)}
        ref={formRef}
        className="checkout__form"
      >
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <input type="hidden" name="shownSubtotalFils" value={productsTotalFils} />
        <FormMessage message={form.errors?.[0] ?? (!hydrated && hasFieldErrors(lastResult) ? t("checkout.fieldsToCorrect") : null)} />
        <fieldset className="building-type" aria-describedby={fields.buildingType.errorId}>
          <legend>{t("checkout.buildingType")}</legend>
          <div className="building-type__options">
            {BUILDING_TYPES.map((type) => (
              <label key={type} className="building-type__option">
                <input
                  {...getInputProps(fields.buildingType, { type: "radio", value: type })}
                  id={`${fields.buildingType.id}-${type}`}
                  key={type}
                  data-testid={`building-${type}`}
                />
                <span>{t(`checkout.${type.toLowerCase() as "apartment" | "villa" | "office"}`)}</span>
              </label>
            ))}
          </div>
          {/* Like every field's, shown once the shopper has tried to pay (decision 0080). Without JavaScript,
              checkout.css hides it as soon as a type is picked. */}
          {fields.buildingType.errors?.length ? (
            <p id={fields.buildingType.errorId} className="field__errors building-type__required" data-testid="building-type-required">
              {t("checkoutValidation.buildingTypeRequired")}
            </p>
          ) : null}
        </fieldset>
        <Field meta={fields.fullName} label={t("checkout.fullName")} autoComplete="name" />
        <Field meta={fields.email} label={t("checkout.email")} type="email" autoComplete="email" dir="ltr" />
        <div className="field">
          <label htmlFor={fields.phone.id}>{t("checkout.phone")}</label>
          <div className="phone-input" dir="ltr">
            <span className="phone-input__prefix">{KUWAIT_DIALING_PREFIX}</span>
            <input
              {...getInputProps(fields.phone, { type: "tel" })}
              key={fields.phone.key}
              inputMode="tel"
              placeholder={t("checkout.phonePlaceholder")}
              autoComplete="tel-national"
              onInput={(event) => {
                // Arabic-Indic digits shown as the ones the order keeps; nothing is dropped or cut (CONTRACT.md "Phone numbers").
                const input = event.currentTarget;
                if (westernDigits(input.value) !== input.value) input.value = westernDigits(input.value);
              }}
            />
          </div>
          <FieldErrors id={fields.phone.errorId} errors={fields.phone.errors} />
        </div>
        {whatsAppOffered ? (
          <label className="checkout__whatsapp">
            <input {...getInputProps(fields.notifyWhatsApp, { type: "checkbox" })} key={fields.notifyWhatsApp.key} data-testid="notify-whatsapp" />{" "}
            {t("checkout.notifyWhatsApp")}
          </label>
        ) : null}
        <AreaSelect meta={fields.city} areas={areas} language={language} hydrated={hydrated} onChange={setCity} />
        <div className="checkout__grid">
          <Field meta={fields.street} label={t("checkout.street")} />
          <Field meta={fields.streetNumber} label={t("checkout.streetNumber")} />
          <Field meta={fields.block} label={t("checkout.block")} />
          <Field meta={fields.buildingNumber} label={t("checkout.buildingNumber")} />
          <Field meta={fields.floor} label={`${t("checkout.floor")} (${t("checkout.optional")})`} />
          <Field meta={fields.apartmentNumber} label={`${t("checkout.apartmentNumber")} (${t("checkout.optional")})`} />
        </div>
        <TextareaField meta={fields.notes} label={t("checkout.notes")} rows={3} dir="auto" />
        {deliveryDays ? <DeliverySlotChoice meta={fields.deliverySlot} days={deliveryDays} language={language} /> : null}
        <GiftFields fields={fields} wrapFils={giftWrapFils} language={language} hydrated={hydrated} onWrapChange={setWrapped} />
        <CouponField appliedCode={offer.coupon?.code ?? null} notice={couponNotice} hydrated={hydrated} />
        <OrderSummary language={language} items={items} productsTotalFils={productsTotalFils} areaFeeFils={area?.feeFils ?? null} offer={offer} giftWrapFils={wrapped ? giftWrapFils : null} />
        <p className="checkout__agreement">
          {t("checkout.agreement")} <Link to="/privacy-policy">{t("checkout.privacy")}</Link> {t("checkout.and")}{" "}
          <Link to="/terms-and-conditions">{t("checkout.terms")}</Link>
        </p>
        <button type="submit" className="button button--primary checkout__pay" disabled={hydrated && submitting} data-testid="pay-button">
          {t("checkout.pay")}
        </button>
      </Form>
    </div>
  );
}

/**
 * Whether the server refused fields of the form. Without JavaScript the page comes back at its top with the messages
 * far below, next to their fields, so the top of the form says there are some (with it, focus goes to the first one).
 */
function hasFieldErrors(lastResult: SubmissionResult<string[]> | undefined): boolean {
  return Object.entries(lastResult?.error ?? {}).some(([name, errors]) => name !== "" && Boolean(errors?.length));
}
