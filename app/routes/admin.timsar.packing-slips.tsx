import type { HeadersFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { useHydrated } from "~/components/use-hydrated";
import { directionOf, languageOrDefault, localized } from "~/shared/language";
import { i18nServer } from "~/i18n/i18next.server";
import { getPackingSlipOrders } from "~/models/fulfilment/index.server";
import { getDeliveryArea, getShopFace } from "~/models/shop/index.server";
import { orderItemTags } from "~/models/orders/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { isAdminOrderTab } from "~/shared/admin-orders";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatCount, localFigure } from "~/shared/digits";
import { deliveryDateText } from "~/shared/delivery-date";

/** The order pages' texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminOrderMessages;

/** A shopper's name, phone and address: kept by no cache, as the other admin documents. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

/**
 * `/admin/timsar/packing-slips?order=ID&order=ID2`: one printable slip per order (the order page links one, the orders
 * list's selection several), each on its own sheet. No prices: the parcel may be a gift. Each slip goes into its
 * parcel, so it is written in that order's language, whoever prints it; the page's own controls are the admin's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "orders:read");
  const params = new URL(request.url).searchParams;
  // `?deliveryDate=&status=` (the orders list's tab filtered by a delivery day): that day's paid orders of the tab (issue 48).
  const status = params.get("status");
  const tab = isAdminOrderTab(status) ? status : null;
  const [t, orders] = await Promise.all([i18nServer.getFixedT(request), getPackingSlipOrders(params.getAll("order"), params.get("deliveryDate"), tab)]);
  if (orders.length === 0) throw new Response(t("admin.packingSlip.none"), { status: 404 });
  return { title: t("admin.packingSlip.title"), slips: await Promise.all(orders.map(packingSlip)) };
}

/** One order's slip, worded in the order's language. */
async function packingSlip(order: Awaited<ReturnType<typeof getPackingSlipOrders>>[number]) {
  const language = languageOrDefault(order.language);
  const [t, shop] = await Promise.all([i18nServer.getFixedT(language), getShopFace(language)]);
  const addressLabel = (key: "city" | "block" | "street" | "streetNumber" | "building" | "floor" | "apartment" | "notes") => t(`admin.order.${key}`);
  // An order keeps its area's English name; an Arabic slip names it as the area's Arabic name (issue 43).
  const city = language === "ar" ? ((await getDeliveryArea(order.city))?.nameAr ?? order.city) : order.city;
  return {
    id: order.id,
    language,
    labels: {
      heading: t("admin.packingSlip.heading"),
      shipTo: t("admin.packingSlip.shipTo"),
      deliveryTime: t("admin.packingSlip.deliveryTime"),
      gift: t("admin.packingSlip.gift"),
      recipient: t("admin.packingSlip.recipient"),
      wrap: t("admin.packingSlip.wrap"),
      giftNote: t("admin.packingSlip.giftNote"),
      product: t("admin.order.product"),
      customTags: t("admin.order.customTags"),
      quantity: t("admin.order.quantity"),
      // The slip thanks the shopper in the shop's name as the owner set it.
      thanks: t("admin.packingSlip.thanks", { shop: shop.name }),
    },
    orderNumber: order.orderNumber,
    date: formatAdminDateTime(order.createdAt, language),
    fullName: order.fullName,
    phone: order.phone,
    deliveryTime:
      order.deliveryDate && order.deliveryFrom && order.deliveryTo
        ? t("admin.packingSlip.deliveryWindow", {
            date: deliveryDateText(order.deliveryDate, language, { year: false }),
            from: localFigure(order.deliveryFrom, language),
            to: localFigure(order.deliveryTo, language),
          })
        : null,
    // A gift's note and recipient (issue 48): the driver calls the recipient, and the note goes in the parcel.
    gift: order.isGift ? { note: order.giftNote, wrap: order.giftWrap, recipientName: order.giftRecipientName, recipientPhone: order.giftRecipientPhone } : null,
    address: [
      [t("admin.order.buildingType"), t(`checkout.${order.buildingType.toLowerCase() as "villa"}`, { defaultValue: order.buildingType })],
      [addressLabel("city"), city],
      [addressLabel("block"), order.block],
      [addressLabel("street"), order.street],
      [addressLabel("streetNumber"), order.streetNumber],
      [addressLabel("building"), order.buildingNumber],
      [addressLabel("floor"), order.floor],
      [addressLabel("apartment"), order.apartmentNumber],
      [addressLabel("notes"), order.notes],
    ].filter((entry): entry is [string, string] => Boolean(entry[1])),
    items: order.items.map((item) => ({
      id: item.id,
      name: localized(language, { en: item.nameEn, ar: item.nameAr }),
      // the variant packed, as the admin's order page shows it (issue 31): "Blue / Large"
      options: item.optionValues.map((value) => localized(language, value)).join(" / "),
      quantity: formatCount(item.quantity, language),
      tags: orderItemTags(item.customTags).map((tag) => ({ title: localized(language, { en: tag.titleEn, ar: tag.titleAr }), value: tag.value })),
    })),
  };
}

export default function PackingSlips() {
  const { t } = useTranslation();
  const { slips } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  return (
    <section className="page admin-page packing-slips">
      <div className="packing-slips__tools">
        <Link to={slips.length === 1 ? `/admin/timsar/orders/${slips[0].id}` : "/admin/timsar/orders"}>{t("admin.packingSlip.back")}</Link>
        {hydrated ? (
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            {t("admin.packingSlip.print")}
          </button>
        ) : null}
        <p className="admin-note">{t("admin.packingSlip.printHint")}</p>
      </div>
      {slips.map((slip) => (
        <PackingSlip key={slip.id} slip={slip} />
      ))}
    </section>
  );
}

/**
 * One sheet, in its order's language and direction. What the shopper typed (names, the address, the note, custom
 * texts) is isolated in <bdi>, so an English note keeps its "!" at its end on an Arabic slip, and an Arabic one its
 * own order on an English slip.
 */
function PackingSlip({ slip }: { slip: SerializeFrom<typeof loader>["slips"][number] }) {
  const { labels } = slip;
  return (
    <article className="packing-slip" data-testid="packing-slip" lang={slip.language} dir={directionOf(slip.language)} aria-labelledby={`slip-${slip.id}`}>
      <header className="packing-slip__head">
        <h1 id={`slip-${slip.id}`}>
          {labels.heading} <bdi dir="ltr">{slip.orderNumber}</bdi>
        </h1>
        <p>{slip.date}</p>
      </header>
      <section className="packing-slip__to">
        <h2>{labels.shipTo}</h2>
        <p className="packing-slip__name">
          <bdi>{slip.fullName}</bdi>
        </p>
        <p>
          <bdi dir="ltr">+965 {slip.phone}</bdi>
        </p>
        {slip.deliveryTime ? (
          <p data-testid="slip-delivery-time">
            <strong>{labels.deliveryTime}:</strong> {slip.deliveryTime}
          </p>
        ) : null}
        <dl className="admin-dl">
          {slip.address.map(([label, value]) => (
            <div key={label} className="admin-dl__row">
              <dt>{label}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {slip.gift ? (
        <section className="packing-slip__gift" data-testid="slip-gift">
          <h2>{labels.gift}</h2>
          {slip.gift.recipientName || slip.gift.recipientPhone ? (
            <p>
              <strong>{labels.recipient}:</strong> <bdi>{slip.gift.recipientName}</bdi>{" "}
              {slip.gift.recipientPhone ? <bdi dir="ltr">+965 {slip.gift.recipientPhone}</bdi> : null}
            </p>
          ) : null}
          {slip.gift.wrap ? <p>{labels.wrap}</p> : null}
          {slip.gift.note ? (
            <blockquote className="packing-slip__note">
              <strong>{labels.giftNote}:</strong> <bdi data-testid="slip-gift-note">{slip.gift.note}</bdi>
            </blockquote>
          ) : null}
        </section>
      ) : null}
      <table className="admin-table packing-slip__items">
        <thead>
          <tr>
            <th scope="col">{labels.product}</th>
            <th scope="col">{labels.customTags}</th>
            <th scope="col">{labels.quantity}</th>
          </tr>
        </thead>
        <tbody>
          {slip.items.map((item) => (
            <tr key={item.id}>
              <td>
                {item.name}
                {item.options ? <small className="item-options"> ({item.options})</small> : null}
              </td>
              <td>
                <SlipTags tags={item.tags} />
              </td>
              <td>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="packing-slip__thanks">{labels.thanks}</p>
    </article>
  );
}

/** An item's custom texts: the shop's title, then what the shopper typed, isolated. */
function SlipTags({ tags }: { tags: { title: string; value: string }[] }) {
  if (tags.length === 0) return <>-</>;
  return (
    <ul className="admin-tags">
      {tags.map((tag, index) => (
        <li key={index}>
          {tag.title ? `${tag.title}: ` : null}
          <bdi>{tag.value}</bdi>
        </li>
      ))}
    </ul>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.packingSlip.failed", "admin.packingSlip.none")} />;
}
