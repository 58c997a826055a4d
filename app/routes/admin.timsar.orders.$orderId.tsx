import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Ltr, Money, withLtr } from "~/components/ltr";
import { getDeliveryArea } from "~/models/delivery-area.server";
import { buildingTypeLabel } from "~/shared/building-types";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/react";
import { STATUS_TOAST_MS, type StatusActionData } from "~/components/admin/order-status-form";
import { PaymentBadge } from "~/components/admin/payment-badge";
import { shownPaymentStatus } from "~/shared/payment-status";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { CreditNotesCard } from "~/components/admin/credit-notes-card";
import { RefundCard, type RefundConfirmation } from "~/components/admin/refund-card";
import { StatusBadge } from "~/components/status-badge";
import { Toast } from "~/components/toast";
import { localized } from "~/shared/language";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getAdminOrder, invoiceUrlOf } from "~/models/admin-order.server";
import { creditNoteJson } from "~/models/credit-note.server";
import { freeDeliveryByCode } from "~/models/offers.server";
import { orderItemTags } from "~/models/order-json.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { requireAdmin } from "~/auth/admin-session.server";
import { handleRefundForm, refundAmountFils } from "~/admin/refund-action.server";
import { handleStatusForm } from "~/admin/status-action.server";
import { filsToKDInput, formatKD } from "~/shared/money";
import { ORDER_STATUSES, orderStatusBadge } from "~/shared/order-status";
import { readFormData } from "~/utils/form-data.server";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { ItemTags } from "~/components/admin/item-tags";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** The order pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminOrderMessages;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [language, t, order] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request), getAdminOrder(params.orderId ?? "")]);
  if (!order) throw new Response(t("admin.order.notFound"), { status: 404 });
  const money = (fils: number) => formatKD(fils, language);
  const freeDelivery = await freeDeliveryByCode(order);
  const asked = new URL(request.url).searchParams.get("refund");
  return {
    refundConfirm: order.paymentStatus === "paid" && asked !== null ? refundConfirmation(asked, order.totalFils - order.refundedFils, money, t) : null,
    title: t("admin.order.title", { orderNumber: order.orderNumber }),
    language,
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: shownPaymentStatus(order),
      paidAt: order.paidAt ? formatAdminDateTime(order.paidAt, language) : null,
      createdAt: formatAdminDateTime(order.createdAt, language),
      fullName: order.fullName,
      email: order.email,
      phone: order.phone,
      isGuest: order.isGuest,
      // An Arabic page names the building type and the area in Arabic (issue 28, point 7); the order keeps English.
      buildingType: buildingTypeLabel(order.buildingType, t),
      address: [
        ["city", language === "ar" ? ((await getDeliveryArea(order.city))?.nameAr ?? order.city) : order.city],
        ["block", order.block],
        ["street", order.street],
        ["streetNumber", order.streetNumber],
        ["building", order.buildingNumber],
        ["floor", order.floor],
        ["apartment", order.apartmentNumber],
        ["notes", order.notes],
      ].filter((entry): entry is [string, string] => Boolean(entry[1])),
      items: order.items.map((item) => ({
        id: item.id,
        name: localized(language, { en: item.nameEn, ar: item.nameAr }),
        imageUrl: item.imageUrl,
        quantity: item.quantity,
        price: money(item.priceFils),
        lineTotal: money(item.priceFils * item.quantity),
        tags: orderItemTags(item.customTags).map((tag) => ({
          title: localized(language, { en: tag.titleEn, ar: tag.titleAr }),
          value: tag.value,
        })),
      })),
      productsTotal: money(order.subtotalFils),
      deliveryFee: money(order.deliveryFeeFils),
      freeDelivery: freeDelivery ? { code: freeDelivery.code, waivedFils: freeDelivery.waivedFils } : null,
      discount: order.discountFils > 0 ? { code: order.couponCode ?? "", fils: order.discountFils } : null,
      total: money(order.totalFils),
      invoiceUrl: invoiceUrlOf(order),
      refund:
        order.paymentStatus === "paid"
          ? {
              left: order.totalFils - order.refundedFils,
              summary: t("admin.refund.left", {
                paid: money(order.totalFils),
                refunded: money(order.refundedFils),
                left: money(order.totalFils - order.refundedFils),
              }),
            }
          : null,
      refunds: order.refunds.map((refund, index) => ({
        id: String(index),
        when: formatAdminDateTime(refund.createdAt, language),
        who: refund.requestedBy,
        amount: money(refund.amountFils),
        status: refund.status as "pending" | "refunded" | "failed",
      })),
      creditNotes: order.creditNotes.map((note) => ({
        number: note.number,
        when: formatAdminDateTime(note.createdAt, language),
        amount: money(note.amountFils),
        remaining: money(note.remainingPaidFils),
        url: creditNoteJson(note).url,
      })),
      history: order.statusChanges.map((change) => ({
        id: change.id,
        when: formatAdminDateTime(change.createdAt, language),
        who: change.changedBy,
        from: change.fromStatus,
        to: change.toStatus,
      })),
    },
  };
}

/**
 * The question a refund asks first (`?refund=` from the refund form; empty for all that is left): the amount and what
 * stays paid, or why that amount cannot be refunded. The same checks run again when the confirmation posts.
 */
function refundConfirmation(asked: string, leftFils: number, money: (fils: number) => string, t: TFunction): RefundConfirmation {
  const fils = refundAmountFils(asked.slice(0, 32));
  if (fils === null) return { amountInput: asked.slice(0, 32), problem: t("admin.refund.invalidAmount") };
  const amountFils = fils ?? leftFils;
  if (amountFils > leftFils) return { amountInput: asked.slice(0, 32), problem: t("admin.refund.overRefund") };
  return { amountInput: filsToKDInput(amountFils), amount: money(amountFils), remaining: money(leftFils - amountFils) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "refund") return handleRefundForm(request, form, admin);
  return handleStatusForm(request, form, admin);
}

export default function AdminOrderDetail() {
  const { t } = useTranslation();
  const { order, language, refundConfirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<StatusActionData>();
  const navigation = useNavigation();
  const addressLabel = (key: string) => t(`admin.order.${key as "city"}`);
  return (
    <section className="page admin-page admin-order">
      <p>
        <Link to="/admin/timsar/orders">{t("admin.order.back")}</Link>
      </p>
      <h1>{withLtr((values) => t("admin.order.title", values), { orderNumber: order.orderNumber })}</h1>
      {actionData ? <Toast message={actionData.message} kind={actionData.ok ? "success" : "error"} durationMs={STATUS_TOAST_MS} /> : null}
      <div className="admin-order__status admin-card">
        <StatusBadge status={order.status} language={language} />
        <PaymentBadge paymentStatus={order.paymentStatus} />
        <Form method="post" className="status-form">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="orderId" value={order.id} />
          <label htmlFor="order-status">{t("admin.order.status")}</label>
          <select id="order-status" name="status" defaultValue={order.status} key={order.status}>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {orderStatusBadge(status, language).label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
            {t("admin.order.save")}
          </button>
        </Form>
      </div>
      <div className="admin-order__grid">
        <section className="admin-card">
          <h2>{t("admin.order.customer")}</h2>
          <dl className="admin-dl">
            <dt>{t("admin.order.name")}</dt>
            <dd>{order.fullName}</dd>
            <dt>{t("admin.order.email")}</dt>
            <dd dir="ltr">{order.email}</dd>
            <dt>{t("admin.order.phone")}</dt>
            <dd>
              <Ltr data-testid="order-phone">+965 {order.phone}</Ltr>
            </dd>
            <dt>{t("admin.order.accountType")}</dt>
            <dd>{order.isGuest ? t("admin.order.guest") : t("admin.order.registered")}</dd>
            <dt>{t("admin.order.created")}</dt>
            <dd>{order.createdAt}</dd>
          </dl>
        </section>
        <section className="admin-card">
          <h2>{t("admin.order.address")}</h2>
          <dl className="admin-dl">
            <dt>{t("admin.order.buildingType")}</dt>
            <dd>{order.buildingType}</dd>
            {order.address.map(([key, value]) => (
              <div key={key} className="admin-dl__row">
                <dt>{addressLabel(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <section className="admin-card">
        <h2>{t("admin.order.items")}</h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.order.product")}</th>
                <th scope="col">{t("admin.order.customTags")}</th>
                <th scope="col">{t("admin.order.quantity")}</th>
                <th scope="col">{t("admin.order.price")}</th>
                <th scope="col">{t("admin.order.lineTotal")}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td className="admin-product-cell">
                    <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />
                    <span>{item.name}</span>
                  </td>
                  <td>
                    <ItemTags tags={item.tags} />
                  </td>
                  <td>{item.quantity}</td>
                  <td>{item.price}</td>
                  <td>{item.lineTotal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="admin-dl admin-totals">
          <dt>{t("admin.order.productsTotal")}</dt>
          <dd>{order.productsTotal}</dd>
          {order.discount ? (
            <>
              <dt>{t("admin.order.discount", { code: order.discount.code })}</dt>
              <dd data-testid="order-discount">
                <Money fils={order.discount.fils} language={language} sign="−" />
              </dd>
            </>
          ) : null}
          {order.freeDelivery ? (
            <>
              <dt>{t("admin.order.freeDeliveryLabel")}</dt>
              <dd data-testid="order-free-delivery">
                {withLtr((values) => t("admin.order.freeDelivery", values), { code: order.freeDelivery.code, amount: <Money fils={order.freeDelivery.waivedFils} language={language} /> })}
              </dd>
            </>
          ) : null}
          <dt>{t("admin.order.deliveryFee")}</dt>
          <dd>{order.deliveryFee}</dd>
          <dt>{t("admin.order.total")}</dt>
          <dd>
            <strong>{order.total}</strong>
          </dd>
          <dt>{t("admin.order.paymentState")}</dt>
          <dd>
            <PaymentBadge paymentStatus={order.paymentStatus} />
            {order.paidAt ? ` ${order.paidAt}` : null}
          </dd>
        </dl>
        <a href={`/admin/timsar/packing-slips?order=${encodeURIComponent(order.id)}`} className="button button--secondary" target="_blank" rel="noreferrer">
          {t("admin.packingSlip.open")}
        </a>{" "}
        {order.invoiceUrl ? (
          <a href={order.invoiceUrl} className="button button--secondary" target="_blank" rel="noreferrer">
            {t("admin.order.invoice")}
          </a>
        ) : (
          <p className="admin-note">{t("admin.order.noInvoice")}</p>
        )}
      </section>
      {order.refund || order.refunds.length > 0 ? <RefundCard orderId={order.id} refund={order.refund} refunds={order.refunds} confirm={refundConfirm} /> : null}
      {order.creditNotes.length > 0 ? <CreditNotesCard notes={order.creditNotes} /> : null}
      <section className="admin-card">
        <h2>{t("admin.order.history")}</h2>
        {order.history.length === 0 ? (
          <p>{t("admin.order.historyEmpty")}</p>
        ) : (
          <table className="admin-table" data-testid="status-history">
            <thead>
              <tr>
                <th scope="col">{t("admin.order.historyWhen")}</th>
                <th scope="col">{t("admin.order.historyWho")}</th>
                <th scope="col">{t("admin.order.historyFrom")}</th>
                <th scope="col">{t("admin.order.historyTo")}</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((change) => (
                <tr key={change.id}>
                  <td>{change.when}</td>
                  <td dir="ltr">{change.who}</td>
                  <td>{change.from ? <StatusBadge status={change.from} language={language} /> : "-"}</td>
                  <td>
                    <StatusBadge status={change.to} language={language} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.order.loadFailed", "admin.order.notFound")} />;
}
