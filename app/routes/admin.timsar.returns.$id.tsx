import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Ltr, withLtr } from "~/components/ltr";
import { ReturnStatusBadge } from "~/components/returns-list";
import { Toast } from "~/components/toast";
import { handleReturnForm } from "~/admin/return-action.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { roleMay } from "~/shared/admin-roles";
import { combinedAreas } from "~/i18n/area-messages";
import { adminReturnMessages } from "~/i18n/browser/areas/admin/returns";
import { returnsMessages } from "~/i18n/browser/areas/returns";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { optionTexts, optionValuesLabel } from "~/models/catalogue/index.server";
import { getAdminReturn } from "~/models/returns/index.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { formatKD } from "~/shared/money";
import { filsToKDInput } from "~/shared/money-input";
import { nextReturnStatuses, type ReturnStatus } from "~/shared/returns";
import { readFormData } from "~/utils/form-data.server";
import { parseWithZod, ReturnDecisionFormSchema } from "~/shared/schemas.server";
import { formatCount } from "~/shared/digits";

/** The returns' texts and their statuses' and reasons' words, which the browser fetches with this page. */
export const handle = combinedAreas(adminReturnMessages, returnsMessages);

/** A return's page: the order, the items, the history, and the owner's next decisions (CONTRACT.md). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdminPermission(request, "returns:read");
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const found = await getAdminReturn(params.id ?? "");
  if (!found) throw new Response(t("admin.returns.errors.notFound"), { status: 404 });
  const { row, exchangeOrder } = found;
  const money = (fils: number) => formatKD(fils, language);
  return {
    title: t("admin.returns.pageTitle", { number: row.number }),
    language,
    ret: {
      id: row.id,
      number: row.number,
      status: row.status,
      resolution: row.resolution,
      notes: row.notes,
      refund: money(row.refundFils),
      refundInput: filsToKDInput(row.refundFils),
      order: { id: row.order.id, orderNumber: row.order.orderNumber, fullName: row.order.fullName, phone: row.order.phone, email: row.order.email },
      deliveredAt: row.order.deliveredAt ? formatAdminDateTime(row.order.deliveredAt, language) : "-",
      // A dearer exchange: the difference due and whether it is paid (decision 0061).
      exchangeOrder: exchangeOrder && {
        id: exchangeOrder.id,
        orderNumber: exchangeOrder.orderNumber,
        due: exchangeOrder.totalFils > 0 ? money(exchangeOrder.totalFils) : null,
        paymentStatus: shownPaymentStatus(exchangeOrder.paymentStatus),
      },
      items: row.items.map((item) => ({
        id: item.id,
        name: (language === "ar" ? item.orderItem.nameAr || item.orderItem.nameEn : item.orderItem.nameEn || item.orderItem.nameAr) || "-",
        imageUrl: item.orderItem.imageUrl,
        quantity: formatCount(item.quantity, language),
        reason: item.reason,
        price: money(item.orderItem.priceFils * item.quantity),
        restocked: item.restocked,
        wanted: optionValuesLabel(optionTexts(item.exchangeOptionValues), language),
        // What comes back, and for an exchange what goes out instead (the same variant when none other was asked).
        bought: optionValuesLabel(optionTexts(item.orderItem.optionValues), language),
        goingOut: row.resolution === "exchange" ? optionValuesLabel(optionTexts(item.exchangeOptionValues), language) || optionValuesLabel(optionTexts(item.orderItem.optionValues), language) || null : null,
      })),
      history: row.statusChanges.map((change, index) => ({
        id: String(index),
        when: formatAdminDateTime(change.createdAt, language),
        who: change.changedBy,
        from: change.fromStatus,
        to: change.toStatus,
        note: change.note ?? "",
      })),
      // Only a role that may decide sees the decisions (the orders role reads returns, CONTRACT.md "Staff and roles").
      next: roleMay(admin.role, "returns:decide") ? nextReturnStatuses(row.status) : [],
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "returns:decide");
  const submission = parseWithZod(await readFormData(request), { schema: ReturnDecisionFormSchema });
  return handleReturnForm(request, submission.status === "success" ? submission.value : null, admin);
}

/** The exchange order's payment as the page names it: paid, unpaid (the difference due) or failed (its hold ended). */
function shownPaymentStatus(status: string): "paid" | "unpaid" | "failed" {
  return status === "paid" || status === "failed" ? status : "unpaid";
}

/** The decision's outcome stays long enough to be read. */
const DECISION_TOAST_MS = 4000;

type Ret = ReturnType<typeof useLoaderData<typeof loader>>["ret"];

export default function AdminReturnPage() {
  const { t } = useTranslation();
  const { ret } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <section className="page admin-page admin-return" data-testid="admin-return">
      <p>
        <Link to="/admin/timsar/returns">{t("admin.returns.back")}</Link>
      </p>
      <h1>{withLtr((values) => t("admin.returns.pageTitle", values), { number: ret.number })}</h1>
      {actionData ? <Toast message={actionData.message} kind={actionData.ok ? "success" : "error"} durationMs={DECISION_TOAST_MS} /> : null}
      <div className="admin-card">
        <ReturnStatusBadge status={ret.status} exchangeOrder={ret.exchangeOrder} /> {t(`admin.returns.resolutions.${ret.resolution as "refund"}`)} · {t("admin.returns.refund")}: {ret.refund}
      </div>
      <div className="admin-order__grid">
        <section className="admin-card">
          <h2>{t("admin.returns.order")}</h2>
          <dl className="admin-dl">
            <dt>{t("admin.returns.order")}</dt>
            <dd>
              <Link to={`/admin/timsar/orders/${ret.order.id}`}>
                <Ltr data-testid="return-order-number">{ret.order.orderNumber}</Ltr>
              </Link>
            </dd>
            <dt>{t("admin.returns.customer")}</dt>
            <dd>{ret.order.fullName}</dd>
            <dt>{t("admin.returns.phone")}</dt>
            <dd>
              <Ltr>+965 {ret.order.phone}</Ltr>
            </dd>
            <dt>{t("admin.returns.delivered")}</dt>
            <dd>{ret.deliveredAt}</dd>
            {ret.exchangeOrder ? (
              <>
                <dt>{t("admin.returns.exchangeOrder")}</dt>
                <dd>
                  <Link to={`/admin/timsar/orders/${ret.exchangeOrder.id}`}>
                    <Ltr data-testid="exchange-order-number">{ret.exchangeOrder.orderNumber}</Ltr>
                  </Link>
                </dd>
                {ret.exchangeOrder.due ? (
                  <>
                    <dt>{t("admin.returns.amountDue")}</dt>
                    <dd data-testid="exchange-due">{ret.exchangeOrder.due}</dd>
                    <dt>{t("admin.returns.exchangePayment")}</dt>
                    <dd data-testid="exchange-payment">{t(`admin.returns.paymentStatuses.${ret.exchangeOrder.paymentStatus}`)}</dd>
                  </>
                ) : null}
              </>
            ) : null}
          </dl>
          {ret.notes ? (
            <>
              <h3>{t("admin.returns.notes")}</h3>
              <p>{ret.notes}</p>
            </>
          ) : null}
        </section>
        {/* Keyed by the status, so a decision taken leaves fresh forms (no note left over from the last one). */}
        <Decisions key={ret.status} ret={ret} />
      </div>
      <section className="admin-card">
        <h2>{t("admin.returns.items")}</h2>
        <ItemsTable items={ret.items} />
      </section>
      <section className="admin-card">
        <h2>{t("admin.returns.history")}</h2>
        <HistoryTable history={ret.history} />
      </section>
    </section>
  );
}

/** The forms of the decisions the return's status allows; each a plain POST that works without JavaScript. */
function Decisions({ ret }: { ret: Ret }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (ret.next.length === 0) return null;
  const button = (status: ReturnStatus, label: string, primary = false) => (
    <button type="submit" name="status" value={status} className={`button ${primary ? "button--primary" : "button--secondary"}`} disabled={busy} data-testid={`decide-${status}`}>
      {label}
    </button>
  );
  // Each form has its own note field (and id): the owner's note goes with the decision it explains.
  const base = (form: string) => (
    <>
      <input type="hidden" name="returnId" value={ret.id} />
      <div className="field">
        <label htmlFor={`return-note-${form}`}>{t("admin.returns.note")}</label>
        <textarea id={`return-note-${form}`} name="note" rows={2} maxLength={1000} />
      </div>
    </>
  );
  return (
    <section className="admin-card" data-testid="return-decisions">
      <h2>{t("admin.returns.decide")}</h2>
      {ret.next.includes("received") ? (
        <Form method="post" data-testid="receive-form">
          {base("receive")}
          <fieldset className="field">
            <legend>{t("admin.returns.restock")}</legend>
            {ret.items.map((item) => (
              <label key={item.id} className="return-restock">
                <input type="checkbox" name="restock" value={item.id} defaultChecked data-testid="restock-line" /> {item.name} × {item.quantity}
              </label>
            ))}
          </fieldset>
          {button("received", t("admin.returns.receive"), true)}
        </Form>
      ) : null}
      {ret.next.includes("refunded") ? (
        <Form method="post" data-testid="settle-form">
          {base("settle")}
          <div className="field">
            <label htmlFor="refund-amount">{t("admin.returns.refundAmount", { max: ret.refund })}</label>
            <input id="refund-amount" name="refundAmount" inputMode="decimal" defaultValue={ret.refundInput} dir="ltr" />
          </div>
          <p className="admin-note">{t("admin.returns.refundHint")}</p>
          {button("refunded", t("admin.returns.refundButton"), ret.resolution === "refund")}
          {ret.next.includes("exchanged") ? <> {button("exchanged", t("admin.returns.exchangeButton"), ret.resolution === "exchange")}</> : null}
          {ret.next.includes("exchanged") && ret.items.some((item) => item.wanted) ? <p className="admin-note">{t("admin.returns.exchangeHint")}</p> : null}
        </Form>
      ) : null}
      {ret.next.some((status) => status === "approved" || status === "rejected" || status === "closed") ? (
        <Form method="post" data-testid="decide-form">
          {base("decide")}
          {ret.next.includes("approved") ? button("approved", t("admin.returns.approve"), true) : null}{" "}
          {ret.next.includes("rejected") ? button("rejected", t("admin.returns.reject")) : null}{" "}
          {ret.next.includes("closed") ? button("closed", t("admin.returns.close")) : null}
        </Form>
      ) : null}
    </section>
  );
}

function ItemsTable({ items }: { items: Ret["items"] }) {
  const { t } = useTranslation();
  const columns: AdminColumn<Ret["items"][number]>[] = [
    {
      header: t("admin.returns.items"),
      cellProps: { className: "admin-product-cell" },
      cell: (item) => (
        <>
          <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />
          {/* The name with what comes back and goes out under it: side by side they overflowed a phone's column. */}
          <span className="admin-product-cell__text">
            <span>{item.name}</span>
            {item.bought ? (
              <span className="field__hint" data-testid="return-coming-back">
                {t("admin.returns.comingBack", { values: item.bought })}
              </span>
            ) : null}
            {item.goingOut ? (
              <span className="field__hint" data-testid="return-wanted">
                {t("admin.returns.goingOut", { values: item.goingOut })}
              </span>
            ) : null}
          </span>
        </>
      ),
    },
    { header: t("admin.returns.quantity"), cell: (item) => item.quantity },
    { header: t("admin.returns.reason"), cell: (item) => t(`returns.reasons.${item.reason as "other"}`) },
    { header: t("admin.returns.refund"), cell: (item) => item.price },
    { header: t("admin.returns.restocked"), cell: (item) => (item.restocked ? "✓" : "-") },
  ];
  return <AdminTable rows={items} columns={columns} rowKey={(item) => item.id} testId="return-items" />;
}

function HistoryTable({ history }: { history: Ret["history"] }) {
  const { t } = useTranslation();
  const columns: AdminColumn<Ret["history"][number]>[] = [
    { header: t("admin.returns.date"), cell: (change) => change.when },
    { header: t("admin.returns.status"), cell: (change) => <ReturnStatusBadge status={change.to} /> },
    // The shopper's own request is written as "shopper"; a member's decision carries their e-mail, read left to right.
    { header: t("admin.returns.changedBy"), cell: (change) => (change.who === "shopper" ? t("admin.returns.byShopper") : <Ltr>{change.who}</Ltr>) },
    { header: t("admin.returns.noteColumn"), cell: (change) => change.note },
  ];
  return <AdminTable rows={history} columns={columns} rowKey={(change) => change.id} testId="return-history" />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.returns.fetchFailed", "admin.returns.errors.notFound")} />;
}
