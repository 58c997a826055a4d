import { useTranslation } from "~/i18n/translation";
import { StatusBadge } from "~/components/status-badge";
import type { Language } from "~/shared/language";
import { type OrderAsRead } from "~/api/answers/orders.server";
import { Ltr, Money } from "~/components/ltr";
import { formatKD } from "~/shared/money";
import { ReturnsList } from "~/components/returns-list";
import { formatAdminDate } from "~/shared/admin-dates";
import { formatCount } from "~/shared/digits";
import { LateCancelForm, PromisedBy } from "~/components/account/late-cancel";

/** SPEC section 2: long dates in Arabic-Egypt or English-US; Kuwait's time zone on server and browser alike. */
function longDate(iso: string, language: Language): string {
  return formatAdminDate(new Date(iso), language);
}

/**
 * SPEC section 2 puts the English name first, then the Arabic, else "-": that order stays on the English page; an
 * Arabic page speaks Arabic first (issue 28, point 7).
 */
function itemName(name: { en: string; ar: string }, language: Language): string {
  return (language === "ar" ? name.ar || name.en : name.en || name.ar) || "-";
}

const toFils = (kd: number) => Math.round(kd * 1000);

export function OrderCard({
  order,
  language,
  lateCancelError,
}: {
  order: OrderAsRead & { returnOpen?: boolean; lateCancelOpen?: boolean };
  language: Language;
  lateCancelError?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <li className="order-card" data-testid="order-card">
      <div className="order-card__head">
        <h2>
          <Ltr data-testid="order-number">{order.orderNumber}</Ltr>
        </h2>
        <StatusBadge status={order.status} language={language} />
      </div>
      <dl className="order-card__meta">
        <div>
          <dt>{t("account.orders.date")}</dt>
          <dd>{longDate(order.createdAt, language)}</dd>
        </div>
        <div>
          <dt>{t("account.orders.total")}</dt>
          <dd>
            <Money fils={toFils(order.totalAmount)} language={language} data-testid="order-total" />
          </dd>
        </div>
        {order.exchangeFor ? (
          <div>
            <dt>{t("account.orders.exchangeFor")}</dt>
            <dd>
              <Ltr data-testid="order-exchange-for">{order.exchangeFor}</Ltr>
            </dd>
          </div>
        ) : null}
        {order.discount > 0 ? (
          <div>
            <dt>{order.exchangeFor ? t("account.orders.exchangeCredit") : t("account.orders.discount", { code: order.couponCode ?? "" })}</dt>
            <dd>
              <Money fils={toFils(order.discount)} language={language} sign="−" data-testid="order-discount" />
            </dd>
          </div>
        ) : null}
      </dl>
      {order.promisedBy && !order.lateCancelledAt ? <PromisedBy date={order.promisedBy} language={language} slot={order.deliverySlot} /> : null}
      {order.lateCancelledAt ? (
        <p className="order-promise" data-testid="order-cancelled-late">
          {t("lateOrder.cancelledLate", { date: longDate(order.lateCancelledAt, language), amount: formatKD(toFils(order.totalAmount), language) })}
        </p>
      ) : null}
      <h3 className="visually-hidden">{t("account.orders.items")}</h3>
      <ul className="order-card__items">
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? "item"}-${index}`}>
            <span data-testid="order-item-name">{itemName(item.name, language)}</span>
            {item.optionValues.length ? <span data-testid="order-item-options"> ({item.optionValues.map((value) => value[language]).join(" / ")})</span> : null} × {formatCount(item.quantity, language)}
            {item.customTags.length ? (
              <div className="order-card__tags">
                {item.customTags.filter(Boolean).map((tag, at) => [at ? ", " : null, <bdi key={at}>{tag}</bdi>])}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {order.invoiceUrl ? (
        <a className="button button--secondary" href={order.invoiceUrl} target="_blank" rel="noopener noreferrer">
          {t("account.orders.viewInvoice")}
        </a>
      ) : null}
      {order.returnOpen ? (
        <a className="button button--secondary" href={`/view-invoice/return?orderNumber=${encodeURIComponent(order.orderNumber)}`} data-testid="request-return">
          {t("returns.request")}
        </a>
      ) : null}
      {order.status === "delivered" ? (
        <a className="button button--secondary" href={`/review/${encodeURIComponent(order.orderNumber)}`} data-testid="review-order">
          {t("account.orders.writeReview")}
        </a>
      ) : null}
      {order.lateCancelOpen ? <LateCancelForm orderNumber={order.orderNumber} error={lateCancelError} /> : null}
      {order.creditNotes.length > 0 ? <CreditNotes notes={order.creditNotes} language={language} /> : null}
      <ReturnsList returns={order.returns} language={language} />
    </li>
  );
}

/** A credit note for each refund of the order (issue 18), each opening its PDF in a new tab. */
function CreditNotes({ notes, language }: { notes: OrderAsRead["creditNotes"]; language: Language }) {
  const { t } = useTranslation();
  return (
    <section className="order-card__notes" data-testid="order-credit-notes">
      <h3>{t("account.orders.creditNotes")}</h3>
      <ul>
        {notes.map((note) => (
          <li key={note.number}>
            <a href={note.url} target="_blank" rel="noopener noreferrer" aria-label={t("account.orders.creditNote", { number: note.number, amount: formatKD(toFils(note.amount), language) })}>
              <Ltr>{note.number}</Ltr>
            </a>
            <span>{longDate(note.createdAt, language)}</span>
            <Money fils={toFils(note.amount)} language={language} sign="−" />
          </li>
        ))}
      </ul>
    </section>
  );
}
