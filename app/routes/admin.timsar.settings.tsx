import { randomUUID } from "node:crypto";
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Field } from "~/components/forms";
import { useShopForm } from "~/components/use-shop-form";
import { i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { DEFAULT_DELIVERY_DAYS, getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { filsToKDInput, parseKDToFils } from "~/shared/money-input";
import { getZodConstraint, parseWithZod, SettingsFormSchema } from "~/shared/schemas.server";
import { readFormData } from "~/utils/form-data.server";
import { adminCouponMessages } from "~/i18n/browser/areas/admin/coupons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { FeedAddresses } from "~/components/admin/feed-addresses";
import { FEED_FORMATS, feedUrl } from "~/api/answers/feeds.server";

export const handle = adminCouponMessages;

/** Fields read as people type them ("+965 5123 4567", an Instagram address): the browser must not refuse those by a pattern. */
const READ_AS_TYPED = ["contactPhone", "whatsappNumber", "ownerAlertsPhone", "instagram", "commercialRegistration", "contactEmail"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  const [t, settings] = await Promise.all([i18nServer.getFixedT(request), getShopSettings()]);
  const constraint = getZodConstraint(SettingsFormSchema);
  for (const name of READ_AS_TYPED) delete constraint[name]?.pattern;
  return {
    title: t("admin.settings.title"),
    // Each load draws the form afresh from what is stored, even when a save stored what was already there.
    drawing: randomUUID(),
    constraint,
    feeds: FEED_FORMATS.flatMap((format) => (["ar", "en"] as const).map((language) => ({ format, language, url: feedUrl(format, language) }))),
    values: {
      shopNameEn: settings.shopName?.en ?? "",
      shopNameAr: settings.shopName?.ar ?? "",
      contactEmail: settings.contactEmail ?? "",
      contactPhone: settings.contactPhone ?? "",
      whatsappNumber: settings.whatsappNumber ?? "",
      addressEn: settings.address?.en ?? "",
      addressAr: settings.address?.ar ?? "",
      taglineEn: settings.tagline?.en ?? "",
      taglineAr: settings.tagline?.ar ?? "",
      instagram: settings.instagram ?? "",
      commercialRegistration: settings.commercialRegistration ?? "",
      ownerAlertsPhone: settings.ownerAlertsPhone ?? "",
      freeDeliveryFrom: settings.freeDeliveryFromFils === null ? "" : filsToKDInput(settings.freeDeliveryFromFils),
      paymentReminders: settings.paymentReminders ? "on" : "",
      deliveryDays: String(settings.deliveryDays),
      giftWrap: settings.giftWrapFils === null ? "" : filsToKDInput(settings.giftWrapFils),
      reviewsAutoPublish: settings.reviewsAutoPublish ? "on" : "",
    },
  };
}

/** The shop's details and the free-delivery amount (issues 16, 43): every field is saved, or none with its error. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  const submission = parseWithZod(await readFormData(request), { schema: SettingsFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  await saveShopSettings(
    {
      shopName: { en: value.shopNameEn, ar: value.shopNameAr },
      contactEmail: value.contactEmail,
      contactPhone: value.contactPhone,
      whatsappNumber: value.whatsappNumber ?? null,
      address: value.addressEn && value.addressAr ? { en: value.addressEn, ar: value.addressAr } : null,
      tagline: value.taglineEn && value.taglineAr ? { en: value.taglineEn, ar: value.taglineAr } : null,
      instagram: value.instagram ?? null,
      commercialRegistration: value.commercialRegistration ?? null,
      ownerAlertsPhone: value.ownerAlertsPhone ?? null,
      freeDeliveryFromFils: value.freeDeliveryFrom === undefined ? null : parseKDToFils(value.freeDeliveryFrom),
      paymentReminders: value.paymentReminders === true,
      deliveryDays: value.deliveryDays ?? DEFAULT_DELIVERY_DAYS,
      giftWrapFils: value.giftWrap === undefined ? null : parseKDToFils(value.giftWrap),
      reviewsAutoPublish: value.reviewsAutoPublish === true,
    },
    admin,
  );
  // Post/Redirect/Get: the page is drawn again from what was stored ("400" shows as "400.000", "+965 5111 2222" as
  // "51112222"), and a refresh never posts twice.
  return redirectWithToast(currentPage(request), { name: "settingsSaved" });
}

export default function SettingsPage() {
  const { drawing } = useLoaderData<typeof loader>();
  // The inputs keep what was typed until they are drawn again: after a save, a new key refills them from the store.
  return <SettingsForm key={drawing} />;
}

function SettingsForm() {
  const { t } = useTranslation();
  const { constraint, values, feeds } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useShopForm("settings", { lastResult, constraint, defaultValue: values });
  const optional = ` (${t("admin.settings.optional")})`;
  return (
    <section className="page admin-page">
      <h1>{t("admin.settings.title")}</h1>
      <Form method="post" className="admin-form admin-card" data-testid="settings-form" {...getFormProps(form)}>
        <h2>{t("admin.settings.identityHeading")}</h2>
        <p className="field__hint">{t("admin.settings.identityHelp")}</p>
        <Field meta={fields.shopNameAr} label={t("admin.settings.shopNameAr")} dir="rtl" lang="ar" />
        <Field meta={fields.shopNameEn} label={t("admin.settings.shopNameEn")} dir="ltr" lang="en" />
        <Field meta={fields.contactEmail} label={t("admin.settings.contactEmail")} type="email" dir="ltr" autoComplete="off" />
        <Field meta={fields.contactPhone} label={t("admin.settings.contactPhone")} type="tel" dir="ltr" inputMode="tel" />
        <Field meta={fields.whatsappNumber} label={t("admin.settings.whatsappNumber") + optional} type="tel" dir="ltr" inputMode="tel" />
        <Field meta={fields.addressAr} label={t("admin.settings.addressAr") + optional} dir="rtl" lang="ar" />
        <Field meta={fields.addressEn} label={t("admin.settings.addressEn") + optional} dir="ltr" lang="en" />
        <Field meta={fields.taglineAr} label={t("admin.settings.taglineAr") + optional} dir="rtl" lang="ar" />
        <Field meta={fields.taglineEn} label={t("admin.settings.taglineEn") + optional} dir="ltr" lang="en" />
        <Field meta={fields.instagram} label={t("admin.settings.instagram") + optional} hint={t("admin.settings.instagramHelp")} dir="ltr" />
        <Field
          meta={fields.commercialRegistration}
          label={t("admin.settings.commercialRegistration") + optional}
          hint={t("admin.settings.commercialRegistrationHelp")}
          dir="ltr"
        />
        <Field meta={fields.ownerAlertsPhone} label={t("admin.settings.ownerAlertsPhone") + optional} type="tel" dir="ltr" inputMode="tel" />
        <h2>{t("admin.settings.deliveryHeading")}</h2>
        <Field meta={fields.freeDeliveryFrom} label={t("admin.settings.freeDeliveryFrom")} hint={t("admin.settings.freeDeliveryHelp")} inputMode="decimal" dir="ltr" />
        <Field meta={fields.deliveryDays} label={t("admin.settings.deliveryDays")} hint={t("admin.settings.deliveryDaysHelp")} inputMode="numeric" dir="ltr" />
        <Field meta={fields.giftWrap} label={t("admin.settings.giftWrap") + optional} hint={t("admin.settings.giftWrapHelp")} inputMode="decimal" dir="ltr" />
        <p className="field__hint">
          <Link to="/admin/timsar/delivery-slots">{t("admin.settings.deliverySlotsLink")}</Link>
        </p>
        <h2>{t("admin.settings.remindersHeading")}</h2>
        <div className="field field--checkbox">
          <input
            id={fields.paymentReminders.id}
            type="checkbox"
            name={fields.paymentReminders.name}
            defaultChecked={values.paymentReminders === "on"}
            aria-describedby={`${fields.paymentReminders.id}-hint`}
            data-testid="payment-reminders"
          />
          <label htmlFor={fields.paymentReminders.id}>{t("admin.settings.paymentReminders")}</label>
        </div>
        <p className="field__hint" id={`${fields.paymentReminders.id}-hint`}>
          {t("admin.settings.paymentRemindersHelp")}
        </p>
        <div className="field field--checkbox">
          <input
            id={fields.reviewsAutoPublish.id}
            type="checkbox"
            name={fields.reviewsAutoPublish.name}
            defaultChecked={values.reviewsAutoPublish === "on"}
            aria-describedby={`${fields.reviewsAutoPublish.id}-hint`}
            data-testid="reviews-auto-publish"
          />
          <label htmlFor={fields.reviewsAutoPublish.id}>{t("admin.settings.reviewsAutoPublish")}</label>
        </div>
        <p className="field__hint" id={`${fields.reviewsAutoPublish.id}-hint`}>
          {t("admin.settings.reviewsAutoPublishHelp")}
        </p>
        <button type="submit" className="button button--primary" data-testid="save-settings">
          {t("admin.settings.save")}
        </button>
      </Form>
      <FeedAddresses feeds={feeds} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
