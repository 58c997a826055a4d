import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FieldErrors } from "~/components/forms";
import { FormMessage } from "~/components/form-message";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { readAreaInput, type AreaField } from "~/admin/delivery-area-input.server";
import { createDeliveryArea, listDeliveryAreasForOwner, removeDeliveryArea, updateDeliveryArea } from "~/models/shop/index.server";
import { GOVERNORATES } from "~/shared/governorates";
import { localized, type Language } from "~/shared/language";
import { filsToKDInput } from "~/shared/money-input";
import { readFormData } from "~/utils/form-data.server";
import { DeliveryAreaFormSchema, parseWithZod } from "~/shared/schemas.server";
import { adminDeliveryAreaMessages } from "~/i18n/browser/areas/admin/delivery-areas";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { ConfirmDelete } from "~/components/admin/confirm-delete";

export const handle = adminDeliveryAreaMessages;

type Values = Record<"nameEn" | "nameAr" | "governorate" | "fee", string>;

/**
 * The owner's delivery areas (CONTRACT.md "Delivery areas"), by governorate, each a small form of its own (save, or
 * delete, which hides an area with orders), and one to add an area: plain posts, so the page works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  const [language, t, areas] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), listDeliveryAreasForOwner()]);
  const collator = new Intl.Collator(language);
  const groups = GOVERNORATES.map((governorate) => ({
    governorate: governorate.en as string,
    name: localized(language, governorate),
    areas: areas
      .filter((area) => area.governorateEn === governorate.en)
      .sort((a, b) => collator.compare(localized(language, { en: a.nameEn, ar: a.nameAr }), localized(language, { en: b.nameEn, ar: b.nameAr })))
      .map((area) => ({
        id: area.id,
        values: { nameEn: area.nameEn, nameAr: area.nameAr, governorate: area.governorateEn, fee: filsToKDInput(area.feeFils) },
        isHidden: area.isHidden,
        orderCount: area.orderCount,
      })),
  }));
  // An area saved before governorates existed (none should be left after the migration) is still listed.
  const known = new Set<string>(GOVERNORATES.map((governorate) => governorate.en));
  const others = areas.filter((area) => !known.has(area.governorateEn));
  if (others.length > 0) {
    groups.push({
      governorate: "",
      name: t("admin.deliveryAreas.chooseGovernorate"),
      areas: others.map((area) => ({ id: area.id, values: { nameEn: area.nameEn, nameAr: area.nameAr, governorate: "", fee: filsToKDInput(area.feeFils) }, isHidden: area.isHidden, orderCount: area.orderCount })),
    });
  }
  return { title: t("admin.deliveryAreas.title"), language, groups };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const submission = parseWithZod(form, { schema: DeliveryAreaFormSchema });
  // What was typed, sent back with a refusal (cut short: a refusal's page need not carry a pasted novel).
  const typed = (name: string) => (typeof submission.payload[name] === "string" ? (submission.payload[name] as string).slice(0, 200) : "");
  const values: Values = { nameEn: typed("nameEn"), nameAr: typed("nameAr"), governorate: typed("governorate"), fee: typed("fee") };
  const refused = (status: number, errors: Partial<Record<AreaField, string>>) => data({ areaId: typed("areaId") || "new", values, errors, pageError: null }, { status });
  // An area that is no longer there has no row to show its refusal: the page says it above the list.
  const missing = () => data({ areaId: "", values, errors: {}, pageError: t("admin.deliveryAreas.notFound") }, { status: 404 });
  if (submission.status !== "success") return refused(400, { nameEn: t("admin.deliveryAreas.validation.invalid") });
  const { intent, areaId = "", nameEn, nameAr, governorate, fee, isHidden } = submission.value;

  if (intent === "delete") {
    const done = await removeDeliveryArea(areaId, admin);
    if (!done) return missing();
    return redirectWithToast(currentPage(request), { name: done === "hidden" ? "deliveryAreaHidden" : "deliveryAreaDeleted" });
  }
  const parsed = readAreaInput({ nameEn, nameAr, governorate, fee, isHidden: intent === "save" ? isHidden : undefined });
  if (!parsed.ok) return refused(400, Object.fromEntries(Object.entries(parsed.errors).map(([field, key]) => [field, t(key)])));
  const saved = intent === "create" ? await createDeliveryArea(parsed.value, admin) : await updateDeliveryArea(areaId, parsed.value, admin);
  if (!saved.ok) {
    if (saved.reason === "notFound") return missing();
    return refused(409, saved.reason === "duplicateAr" ? { nameAr: t("admin.deliveryAreas.validation.duplicateAr") } : { nameEn: t("admin.deliveryAreas.validation.duplicateEn") });
  }
  return redirectWithToast(currentPage(request), { name: intent === "create" ? "deliveryAreaCreated" : "deliveryAreaUpdated" });
}

export default function DeliveryAreasPage() {
  const { t } = useTranslation();
  const { groups, language } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refusedNew = actionData?.areaId === "new" ? actionData : null;
  // The fields are uncontrolled: they start again, empty, when an area was added (one more in the list) or show what
  // a refusal sent back. Keyed on the navigation state instead, a value typed while the last save's page was still
  // loading was wiped when it finished.
  const areaCount = groups.reduce((count, group) => count + group.areas.length, 0);
  return (
    <section className="page admin-page delivery-areas">
      <h1>{t("admin.deliveryAreas.title")}</h1>
      <p className="field__hint">{t("admin.deliveryAreas.intro")}</p>
      <FormMessage message={actionData?.pageError} />
      <Form method="post" className="admin-form admin-card" data-testid="new-area">
        <h2>{t("admin.deliveryAreas.addTitle")}</h2>
        <AreaFields key={`${areaCount}:${JSON.stringify(refusedNew?.values ?? null)}`} id="new" language={language} values={refusedNew?.values} errors={refusedNew?.errors} labelled />
        <div className="admin-form__actions">
          <button type="submit" name="intent" value="create" className="button button--primary">
            {t("admin.deliveryAreas.add")}
          </button>
        </div>
      </Form>
      {groups.map((group) => (
        <section key={group.governorate} className="admin-card" aria-labelledby={`governorate-${group.governorate || "none"}`}>
          <h2 id={`governorate-${group.governorate || "none"}`}>{group.name}</h2>
          <ul className="delivery-areas__list">
            {group.areas.map((area) => {
              const refused = actionData?.areaId === area.id ? actionData : null;
              return (
                <li key={area.id} className={area.isHidden ? "delivery-areas__area delivery-areas__area--hidden" : "delivery-areas__area"}>
                  <Form method="post" className="delivery-areas__form" data-testid="area-row" data-name={area.values.nameEn}>
                    <input type="hidden" name="areaId" value={area.id} />
                    <AreaFields key={JSON.stringify(refused?.values ?? area.values)} id={area.id} language={language} values={refused?.values ?? area.values} errors={refused?.errors} />
                    <label className="delivery-areas__hidden">
                      <input type="checkbox" name="isHidden" defaultChecked={area.isHidden} /> {t("admin.deliveryAreas.hidden")}
                    </label>
                    <span className="delivery-areas__orders">{t("admin.deliveryAreas.orders", { count: area.orderCount })}</span>
                    <div className="admin-actions">
                      <button type="submit" name="intent" value="save" className="button button--primary button--small">
                        {t("admin.deliveryAreas.save")}
                      </button>
                      {/* An area with orders is only hidden, which the owner can undo; one without is deleted, after asking. */}
                      {area.orderCount > 0 ? (
                        <button type="submit" name="intent" value="delete" className="button button--danger button--small">
                          {t("admin.deliveryAreas.deleteWithOrders")}
                        </button>
                      ) : (
                        <ConfirmDelete label={t("admin.deliveryAreas.delete")} question={t("admin.deliveryAreas.confirmDelete")} />
                      )}
                    </div>
                  </Form>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** An area's four fields; in the list their labels are read by screen readers and shown as the inputs' placeholders. */
function AreaFields({ id, language, values, errors, labelled = false }: { id: string; language: Language; values?: Values; errors?: Partial<Record<AreaField, string>>; labelled?: boolean }) {
  const { t } = useTranslation();
  const field = (name: AreaField, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="field delivery-areas__field">
      <label htmlFor={`${id}-${name}`} className={labelled ? undefined : "visually-hidden"}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        defaultValue={values?.[name] ?? ""}
        placeholder={labelled ? undefined : label}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={errors?.[name] ? `${id}-${name}-error` : undefined}
        required
        {...props}
      />
      <FieldErrors id={`${id}-${name}-error`} errors={errors?.[name] ? [errors[name]] : undefined} />
    </div>
  );
  return (
    <div className="delivery-areas__fields">
      {field("nameEn", t("admin.deliveryAreas.nameEn"), { dir: "ltr", maxLength: 60, lang: "en" })}
      {field("nameAr", t("admin.deliveryAreas.nameAr"), { dir: "rtl", maxLength: 60, lang: "ar" })}
      <div className="field delivery-areas__field">
        <label htmlFor={`${id}-governorate`} className={labelled ? undefined : "visually-hidden"}>
          {t("admin.deliveryAreas.governorate")}
        </label>
        <select id={`${id}-governorate`} name="governorate" defaultValue={values?.governorate ?? ""} required aria-invalid={errors?.governorate ? true : undefined}>
          <option value="">{t("admin.deliveryAreas.chooseGovernorate")}</option>
          {GOVERNORATES.map((governorate) => (
            <option key={governorate.en} value={governorate.en}>
              {localized(language, governorate)}
            </option>
          ))}
        </select>
        <FieldErrors id={`${id}-governorate-error`} errors={errors?.governorate ? [errors.governorate] : undefined} />
      </div>
      {field("fee", t("admin.deliveryAreas.fee"), { dir: "ltr", inputMode: "decimal", maxLength: 12 })}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
