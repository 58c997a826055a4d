import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AdminTable } from "~/components/admin/admin-table";
import { Toast } from "~/components/toast";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { currentPage, redirectWithToast } from "~/cookies/toast.server";
import { deleteCoupon, listCoupons, setCouponEnabled } from "~/models/orders/index.server";
import { formatAdminDate } from "~/shared/admin-dates";
import { formatKD } from "~/shared/money";
import { readFormData } from "~/utils/form-data.server";
import { CouponRowActionSchema, parseWithZod } from "~/shared/schemas.server";
import { adminCouponMessages } from "~/i18n/browser/areas/admin/coupons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { adminForbiddenHandlers } from "~/components/admin/admin-error";
import { ConfirmDelete } from "~/components/admin/confirm-delete";

export const handle = adminCouponMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "coupons");
  const [language, t, coupons] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), listCoupons()]);
  const money = (fils: number) => formatKD(fils, language);
  // The end is stored as the first instant after the last day; the list shows the last day.
  const day = (instant: Date) => formatAdminDate(instant, language);
  return {
    title: t("admin.coupons.title"),
    coupons: coupons.map((coupon) => ({
      id: coupon.id,
      code: coupon.code,
      discount: [
        coupon.kind === "percent" ? `${coupon.value}%` : coupon.value ? money(coupon.value) : "",
        coupon.freeDelivery ? t("admin.coupons.plusFreeDelivery") : "",
      ]
        .filter(Boolean)
        .join(" "),
      minimum: coupon.minProductsFils === null ? "—" : money(coupon.minProductsFils),
      dates:
        coupon.startsAt || coupon.endsAt
          ? `${coupon.startsAt ? day(coupon.startsAt) : "…"} – ${coupon.endsAt ? day(new Date(coupon.endsAt.getTime() - 1)) : "…"}`
          : t("admin.coupons.anyDay"),
      uses: `${coupon.usedCount} / ${coupon.maxUses ?? t("admin.coupons.unlimited")}`,
      isEnabled: coupon.isEnabled,
    })),
  };
}

/** Enable, disable and delete from the list; each button is a small form, so it works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "coupons");
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const submission = parseWithZod(form, { schema: CouponRowActionSchema });
  // A button this list never drew names no code of it: the same "not found" as a code deleted meanwhile.
  if (submission.status !== "success") return data({ message: t("admin.coupons.notFound") }, { status: 404 });
  const { couponId: id, intent } = submission.value;
  const done = intent === "delete" ? await deleteCoupon(id, admin) : await setCouponEnabled(id, intent === "enable", admin);
  if (!done) return data({ message: t("admin.coupons.notFound") }, { status: 404 });
  return redirectWithToast(currentPage(request), { name: intent === "delete" ? "couponDeleted" : "couponUpdated" });
}

export default function CouponsPage() {
  const { t } = useTranslation();
  const { coupons } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  type Row = (typeof coupons)[number];
  return (
    <section className="page admin-page">
      <h1>{t("admin.coupons.title")}</h1>
      {actionData ? <Toast message={actionData.message} kind="error" durationMs={4000} /> : null}
      <p>
        <Link to="/admin/timsar/coupons/new" className="button button--primary">
          {t("admin.coupons.add")}
        </Link>
      </p>
      <AdminTable<Row>
        rows={coupons}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-testid": "coupon-row", "data-code": row.code })}
        empty={t("admin.coupons.empty")}
        columns={[
          { header: t("admin.coupons.code"), cell: (row) => <bdi dir="ltr">{row.code}</bdi> },
          { header: t("admin.coupons.discount"), cell: (row) => row.discount },
          { header: t("admin.coupons.minimum"), cell: (row) => row.minimum },
          { header: t("admin.coupons.dates"), cell: (row) => row.dates },
          { header: t("admin.coupons.uses"), cell: (row) => <bdi dir="ltr">{row.uses}</bdi> },
          {
            header: t("admin.coupons.status"),
            cell: (row) => (
              <span className={`admin-visibility admin-visibility--${row.isEnabled ? "on" : "off"}`}>
                {row.isEnabled ? t("admin.coupons.enabled") : t("admin.coupons.disabled")}
              </span>
            ),
          },
          {
            header: t("admin.coupons.actions"),
            cell: (row) => (
              <div className="admin-actions">
                <Link to={`/admin/timsar/coupons/edit/${row.id}`} className="button button--secondary button--small">
                  {t("admin.coupons.edit")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="couponId" value={row.id} />
                  <button type="submit" name="intent" value={row.isEnabled ? "disable" : "enable"} className="button button--secondary button--small">
                    {row.isEnabled ? t("admin.coupons.disable") : t("admin.coupons.enable")}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="couponId" value={row.id} />
                  <ConfirmDelete label={t("admin.coupons.delete")} question={t("admin.coupons.confirmDelete")} />
                </Form>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminForbiddenHandlers} />;
}
