import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Ltr, Money, withLtr } from "~/components/ltr";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/react";
import { OrderStatusForm, STATUS_TOAST_MS } from "~/components/admin/order-status-form";
import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { PaymentBadge } from "~/components/admin/payment-badge";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { CreditNotesCard } from "~/components/admin/credit-notes-card";
import { GiftCard } from "~/components/admin/gift-card";
import { MessagesCard } from "~/components/admin/messages-card";
import { DelayNoticeCard } from "~/components/admin/delay-notice-card";
import { RefundCard, type RefundConfirmation } from "~/components/admin/refund-card";
import { StatusBadge } from "~/components/status-badge";
import { Toast } from "~/components/toast";
import type { Language } from "~/shared/language";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getAdminOrderView, type AdminOrderView } from "~/models/fulfilment/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { roleMay } from "~/shared/admin-roles";
import { handleRefundForm, refundAmountFils } from "~/admin/refund-action.server";
import { handleStatusForm, statusFormRefused } from "~/admin/status-action.server";
import { handleResendForm } from "~/admin/message-action.server";
import { handleDelayForm } from "~/admin/delay-action.server";
import { todayInKuwait } from "~/shared/admin-dates";
import { phoneLinks } from "~/shared/phone-links";
import { formatKD } from "~/shared/money";
import { filsToKDInput } from "~/shared/money-input";
import { readFormData } from "~/utils/form-data.server";
import { OrderPageFormSchema, parseWithZod } from "~/shared/schemas.server";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { adminReturnMessages } from "~/i18n/browser/areas/admin/returns";
import { returnsMessages } from "~/i18n/browser/areas/returns";
import { combinedAreas } from "~/i18n/area-messages";
import { ReturnStatusBadge } from "~/components/returns-list";
import { ItemTags } from "~/components/admin/item-tags";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatCount } from "~/shared/digits";

/** The order pages' texts and the returns' (its returns' card), which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = combinedAreas(adminOrderMessages, adminReturnMessages, returnsMessages);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdminPermission(request, "orders:read");
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const found = await getAdminOrderView(params.orderId ?? "", language, t);
  if (!found) throw new Response(t("admin.order.notFound"), { status: 404 });
  // Refunds are the owner's: anyone else sees the refunds made, without the form that makes one.
  const order = roleMay(admin.role, "refunds:write") ? found : { ...found, refund: null };
  const money = (fils: number) => formatKD(fils, language);
  const asked = new URL(request.url).searchParams.get("refund");
  return {
    // `refund` is there while the order is paid: what is left to refund.
    refundConfirm: order.refund && asked !== null ? refundConfirmation(asked, order.refund.left, money, t) : null,
    title: t("admin.order.title", { orderNumber: order.orderNumber }),
    language,
    order,
    // The delay notice's earliest day, from the server so both sides draw the same field.
    today: todayInKuwait(),
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
  const admin = await requireAdminPermission(request, "orders:write");
  const formData = await readFormData(request);
  // Refunds are the owner's; every other form on the page changes the order (CONTRACT.md "Staff and roles"). The
  // role is asked before the form is read, so a refund post of another role gets the 403 page however it is filled.
  const refunder = formData.get("intent") === "refund" ? await requireAdminPermission(request, "refunds:write") : null;
  const submission = parseWithZod(formData, { schema: OrderPageFormSchema });
  // A form that does not parse is a form this page never drew; its refusal is the status form's SPEC message.
  if (submission.status !== "success") return statusFormRefused(request);
  const form = submission.value;
  if (form.intent === "refund") return handleRefundForm(request, form, refunder ?? (await requireAdminPermission(request, "refunds:write")));
  if (form.intent === "resendMessage") return handleResendForm(request, form, admin);
  if (form.intent === "delay") return handleDelayForm(request, form, admin);
  return handleStatusForm(request, form, admin);
}

export default function AdminOrderDetail() {
  const { t } = useTranslation();
  const { order, language, refundConfirm, today } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
        <OrderStatusForm orderId={order.id} status={order.status} variant="page" />
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
              <ContactButtons phone={order.phone} />
            </dd>
            <dt>{t("admin.order.whatsAppChoice")}</dt>
            <dd data-testid="order-whatsapp-choice">{order.notifyWhatsApp ? t("admin.order.whatsAppChosen") : t("admin.order.whatsAppNotChosen")}</dd>
            <dt>{t("admin.order.accountType")}</dt>
            <dd>{order.isGuest ? t("admin.order.guest") : t("admin.order.registered")}</dd>
            <dt>{t("admin.order.created")}</dt>
            <dd>{order.createdAt}</dd>
            <dt>{t("admin.order.source")}</dt>
            <dd data-testid="order-source">{order.source ? <CampaignText source={order.source} /> : t("admin.order.sourceNone")}</dd>
            {order.promisedBy ? (
              <>
                <dt>{t("admin.order.promisedBy")}</dt>
                <dd data-testid="order-promised-by">
                  {order.promisedBy}
                  {order.lateCancelledAt ? <div data-testid="order-cancelled-late">{t("admin.order.cancelledLate", { date: order.lateCancelledAt })}</div> : null}
                </dd>
              </>
            ) : null}
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
            {order.deliveryWindow ? (
              <>
                <dt>{t("admin.packingSlip.deliveryTime")}</dt>
                <dd data-testid="order-delivery-window">{order.deliveryWindow}</dd>
              </>
            ) : null}
          </dl>
        </section>
        {order.gift ? <GiftCard gift={order.gift} wrapAmount={order.giftWrap} /> : null}
      </div>
      <section className="admin-card">
        <h2>{t("admin.order.items")}</h2>
        <OrderItemsTable items={order.items} />
        <dl className="admin-dl admin-totals">
          <dt>{t("admin.order.productsTotal")}</dt>
          <dd>{order.productsTotal}</dd>
          {order.discount ? (
            <>
              <dt>{order.discount.exchangeFor ? t("admin.order.exchangeCredit", { number: order.discount.exchangeFor }) : t("admin.order.discount", { code: order.discount.code })}</dt>
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
          {order.giftWrap ? (
            <>
              <dt>{t("admin.order.giftWrapLine")}</dt>
              <dd data-testid="order-gift-wrap">{order.giftWrap}</dd>
            </>
          ) : null}
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
      {order.returns.length > 0 ? (
        <section className="admin-card" data-testid="order-returns">
          <h2>{t("admin.returns.title")}</h2>
          <ul>
            {order.returns.map((row) => (
              <li key={row.id}>
                <Link to={`/admin/timsar/returns/${row.id}`}>
                  <Ltr>{row.number}</Ltr>
                </Link>{" "}
                <ReturnStatusBadge status={row.status} /> {row.when}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <MessagesCard orderId={order.id} messages={order.messages} />
      <DelayNoticeCard orderId={order.id} today={today} notice={order.delayNotice} problem={actionData && "delayProblem" in actionData && typeof actionData.delayProblem === "string" ? actionData.delayProblem : null} />
      <section className="admin-card">
        <h2>{t("admin.order.history")}</h2>
        {order.history.length === 0 ? (
          <p>{t("admin.order.historyEmpty")}</p>
        ) : (
          <StatusHistoryTable history={order.history} language={language} />
        )}
      </section>
    </section>
  );
}

/** Call or WhatsApp the shopper from the order in one tap (a phone dials, a desktop opens WhatsApp Web). */
function ContactButtons({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const links = phoneLinks(phone);
  return (
    <span className="admin-contact">
      <a href={links.call} className="button button--secondary button--small" data-testid="call-shopper">
        {t("admin.order.call")}
      </a>
      <a href={links.whatsapp} className="button button--secondary button--small" target="_blank" rel="noreferrer" data-testid="whatsapp-shopper">
        {t("admin.order.whatsapp")}
      </a>
    </span>
  );
}

/**
 * The campaign the order came from: the source first, then its medium and campaign when the link named them. Each
 * value is isolated (`bdi`), as a Latin source beside an Arabic campaign name must not reorder the line.
 */
function CampaignText({ source }: { source: NonNullable<AdminOrderView["source"]> }) {
  const { t } = useTranslation();
  const parts = [
    source.utmSource ? <bdi key="source">{source.utmSource}</bdi> : null,
    source.utmMedium ? (
      <span key="medium">
        {t("admin.order.sourceMedium")}: <bdi>{source.utmMedium}</bdi>
      </span>
    ) : null,
    source.utmCampaign ? (
      <span key="campaign">
        {t("admin.order.sourceCampaign")}: <bdi>{source.utmCampaign}</bdi>
      </span>
    ) : null,
  ].filter(Boolean);
  return <span className="admin-campaign">{parts.flatMap((part, index) => (index ? [" · ", part] : [part]))}</span>;
}

function OrderItemsTable({ items }: { items: AdminOrderView["items"] }) {
  const { t, i18n } = useTranslation();
  const columns: AdminColumn<AdminOrderView["items"][number]>[] = [
    {
      header: t("admin.order.product"),
      cellProps: { className: "admin-product-cell" },
      cell: (item) => (
        <>
          <img src={item.imageUrl} alt="" width={48} height={48} loading="lazy" />
          <span>
            {item.name}
            {item.options ? <small className="item-options"> ({item.options})</small> : null}
          </span>
        </>
      ),
    },
    { header: t("admin.order.customTags"), cell: (item) => <ItemTags tags={item.tags} /> },
    { header: t("admin.order.quantity"), cell: (item) => formatCount(item.quantity, i18n.language) },
    { header: t("admin.order.price"), cell: (item) => item.price },
    { header: t("admin.order.lineTotal"), cell: (item) => item.lineTotal },
  ];
  return <AdminTable rows={items} columns={columns} rowKey={(item) => item.id} />;
}

function StatusHistoryTable({ history, language }: { history: AdminOrderView["history"]; language: Language }) {
  const { t } = useTranslation();
  const columns: AdminColumn<AdminOrderView["history"][number]>[] = [
    { header: t("admin.order.historyWhen"), cell: (change) => change.when },
    { header: t("admin.order.historyWho"), cell: (change) => (change.bySystem ? change.who : <Ltr>{change.who}</Ltr>) },
    { header: t("admin.order.historyFrom"), cell: (change) => (change.from ? <StatusBadge status={change.from} language={language} /> : "-") },
    { header: t("admin.order.historyTo"), cell: (change) => <StatusBadge status={change.to} language={language} /> },
  ];
  return <AdminTable rows={history} columns={columns} rowKey={(change) => change.id} testId="status-history" />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.order.loadFailed", "admin.order.notFound")} />;
}
