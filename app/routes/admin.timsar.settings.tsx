import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FieldErrors, FormMessage } from "~/components/forms";
import { i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { filsToKDInput, parseKDToFils } from "~/shared/money";
import { readFormData } from "~/utils/form-data.server";
import { adminCouponMessages } from "~/i18n/browser/areas/admin/coupons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";

export const handle = adminCouponMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  const [t, settings] = await Promise.all([i18nServer.getFixedT(request), getShopSettings()]);
  return {
    title: t("admin.settings.title"),
    freeDeliveryFrom: settings.freeDeliveryFromFils === null ? "" : filsToKDInput(settings.freeDeliveryFromFils),
  };
}

/** The free-delivery threshold (issue 16): an amount in KD, or empty for none. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const raw = String(form.get("freeDeliveryFrom") ?? "").trim();
  const fils = raw === "" ? null : parseKDToFils(raw);
  if (raw !== "" && fils === null) return data({ ok: false, message: t("admin.settings.invalid"), value: raw }, { status: 400 });
  await saveShopSettings({ freeDeliveryFromFils: fils }, admin);
  return { ok: true, message: t("admin.settings.saved"), value: fils === null ? "" : filsToKDInput(fils) };
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const { freeDeliveryFrom } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = actionData && !actionData.ok ? actionData.message : null;
  return (
    <section className="page admin-page">
      <h1>{t("admin.settings.title")}</h1>
      <Form method="post" className="admin-form admin-card" data-testid="settings-form">
        {actionData?.ok ? <FormMessage kind="success" message={actionData.message} /> : null}
        <div className="field">
          <label htmlFor="freeDeliveryFrom">{t("admin.settings.freeDeliveryFrom")}</label>
          <span id="freeDeliveryFrom-hint" className="field__hint">
            {t("admin.settings.freeDeliveryHelp")}
          </span>
          <input
            id="freeDeliveryFrom"
            name="freeDeliveryFrom"
            inputMode="decimal"
            dir="ltr"
            defaultValue={actionData?.value ?? freeDeliveryFrom}
            key={actionData?.value ?? freeDeliveryFrom}
            aria-invalid={error ? true : undefined}
            aria-describedby={`freeDeliveryFrom-hint${error ? " freeDeliveryFrom-error" : ""}`}
          />
          <FieldErrors id="freeDeliveryFrom-error" errors={error ? [error] : undefined} />
        </div>
        <button type="submit" className="button button--primary" data-testid="save-settings">
          {t("admin.settings.save")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
