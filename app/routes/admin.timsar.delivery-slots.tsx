import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormMessage } from "~/components/form-message";
import { i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { getDeliverySlotSettings, saveDeliverySlotSettings } from "~/models/shop/index.server";
import { readFormData } from "~/utils/form-data.server";
import { DeliverySlotsBodySchema, DeliverySlotsFormSchema, deliverySlotsBodyOf, parseWithZod } from "~/shared/schemas.server";
import { adminDeliveryAreaMessages } from "~/i18n/browser/areas/admin/delivery-areas";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";

export const handle = adminDeliveryAreaMessages;

type Row = { id: string; from: string; to: string; capacity: string; days: string[] };
type Values = { windows: Row[]; sameDayCutoff: string; closedDates: string };

const WEEKDAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;
const BLANK_ROW: Row = { id: "", from: "", to: "", capacity: "", days: ["0", "1", "2", "3", "4"] };

/**
 * The owner's delivery times (issue 48, CONTRACT.md "Gifts and delivery times"): the windows, each with its times,
 * orders per day and weekdays, a blank one to add, the same-day cut-off and the closed dates; one plain post saves
 * them all, so the page works without JavaScript. `PUT /api/admin/delivery-slots` saves the same.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  const [t, settings] = await Promise.all([i18nServer.getFixedT(request), getDeliverySlotSettings()]);
  const values: Values = {
    windows: settings.windows.map((window) => ({ id: window.id, from: window.from, to: window.to, capacity: String(window.capacity), days: window.days.map(String) })),
    sameDayCutoff: settings.sameDayCutoff ?? "",
    closedDates: settings.closedDates.join("\n"),
  };
  return { title: t("admin.deliverySlots.title"), values };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const submission = parseWithZod(form, { schema: DeliverySlotsFormSchema });
  if (submission.status !== "success") return data({ error: t("admin.deliverySlots.errors.invalid"), values: null }, { status: 400 });
  const body = DeliverySlotsBodySchema.safeParse(deliverySlotsBodyOf(submission.value));
  if (!body.success) {
    // The first refusal, said in the page's words; the rows come back as typed, so nothing is lost.
    const key = body.error.issues[0].message;
    const values: Values = {
      windows: (submission.value.windows ?? []).filter((row) => row.from || row.to).map((row) => ({ id: row.id ?? "", from: row.from ?? "", to: row.to ?? "", capacity: row.capacity ?? "", days: row.days })),
      sameDayCutoff: submission.value.sameDayCutoff ?? "",
      closedDates: submission.value.closedDates ?? "",
    };
    const message = key.startsWith("admin.deliverySlots.errors.") ? t(key as "admin.deliverySlots.errors.invalid") : t("admin.deliverySlots.errors.invalid");
    return data({ error: message, values }, { status: 400 });
  }
  await saveDeliverySlotSettings(body.data, admin);
  return redirectWithToast(currentPage(request), { name: "deliverySlotsSaved" });
}

export default function DeliverySlotsPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const values = actionData?.values ?? loaderData.values;
  const rows = [...values.windows, BLANK_ROW];
  return (
    <section className="page admin-page delivery-slots">
      <h1>{t("admin.deliverySlots.title")}</h1>
      <p className="field__hint">{t("admin.deliverySlots.intro")}</p>
      {/* noValidate: the server's refusal is said in the page's language, the browser's own bubble in the browser's. */}
      <Form method="post" className="admin-form admin-card" data-testid="delivery-slots-form" key={JSON.stringify(values)} aria-busy={navigation.state !== "idle"} noValidate>
        <FormMessage message={actionData?.error} />
        <h2>{t("admin.deliverySlots.windows")}</h2>
        <p className="field__hint">{t("admin.deliverySlots.removeHint")}</p>
        {rows.map((row, index) => (
          <fieldset key={row.id || `new-${index}`} className="delivery-slots__window" data-testid="slot-window">
            <legend>{row.id ? `${row.from}–${row.to}` : t("admin.deliverySlots.newWindow")}</legend>
            <input type="hidden" name={`windows[${index}].id`} value={row.id} />
            <div className="delivery-slots__times">
              <label className="field">
                {t("admin.deliverySlots.from")}
                <input type="time" name={`windows[${index}].from`} defaultValue={row.from} dir="ltr" />
              </label>
              <label className="field">
                {t("admin.deliverySlots.to")}
                <input type="time" name={`windows[${index}].to`} defaultValue={row.to} dir="ltr" />
              </label>
              <label className="field">
                {t("admin.deliverySlots.capacity")}
                <input type="number" min={1} step={1} name={`windows[${index}].capacity`} defaultValue={row.capacity} inputMode="numeric" dir="ltr" />
              </label>
            </div>
            <fieldset className="delivery-slots__days">
              <legend>{t("admin.deliverySlots.days")}</legend>
              {WEEKDAYS.map((day) => (
                <label key={day}>
                  <input type="checkbox" name={`windows[${index}].days`} value={day} defaultChecked={row.days.includes(day)} /> {t(`admin.deliverySlots.weekdays.${day}`)}
                </label>
              ))}
            </fieldset>
          </fieldset>
        ))}
        <div className="field">
          <label htmlFor="same-day-cutoff">{t("admin.deliverySlots.sameDayCutoff")}</label>
          <span id="same-day-cutoff-hint" className="field__hint">
            {t("admin.deliverySlots.sameDayCutoffHelp")}
          </span>
          <input id="same-day-cutoff" type="time" name="sameDayCutoff" defaultValue={values.sameDayCutoff} aria-describedby="same-day-cutoff-hint" dir="ltr" />
        </div>
        <div className="field">
          <label htmlFor="closed-dates">{t("admin.deliverySlots.closedDates")}</label>
          <span id="closed-dates-hint" className="field__hint">
            {t("admin.deliverySlots.closedDatesHelp")}
          </span>
          <textarea id="closed-dates" name="closedDates" rows={4} defaultValue={values.closedDates} aria-describedby="closed-dates-hint" dir="ltr" />
        </div>
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"} data-testid="save-delivery-slots">
          {t("admin.deliverySlots.save")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
