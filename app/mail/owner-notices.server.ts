import { getEnv } from "~/env.server";
import type { Language } from "~/shared/language";
import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { totalsLines, type OrderTotals } from "~/mail/totals.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { formatCount, localFigure } from "~/shared/digits";
import { deliveryDateText } from "~/shared/delivery-date";
import { formatKD } from "~/shared/money";
import type { ReturnReason, ReturnResolution } from "~/shared/returns";
import { escapeHtml } from "~/utils/html";

/**
 * The owner's notices (issue 16), to OWNER_EMAIL. Both languages in every mail, English first then Arabic, as the
 * shopper's mails are: the owner and whoever helps them read the same message (docs/decisions/0028-owner-notices.md).
 */

function htmlLines(lines: string[]) {
  return lines.map(htmlLine).join("<br>");
}

/** What the owner's copy of a paid order shows. */
export type PaidOrderNoticeInput = OrderTotals & {
  id: string;
  orderNumber: string;
  email: string;
  fullName: string;
  phone: string;
  notes: string | null;
  items: {
    nameEn: string;
    nameAr: string;
    quantity: number;
    priceFils: number;
    customTags: { titleEn: string; titleAr: string; value: string }[];
    /** the chosen variant's values (issue 31) */
    optionValues?: { en: string; ar: string }[];
  }[];
  /** the delivery address in each language, a line per part */
  address: Record<Language, string>;
  /** the shopper's gift (CONTRACT.md "Gifts"), null for an order that is not one: the owner prepares the parcel from it */
  gift: OrderGift | null;
  /** the Kuwait day the order is promised by, and the window the shopper chose for it (issue 48) */
  promisedBy?: string | null;
  deliveryWindow?: { from: string; to: string } | null;
};

/** When the parcel must arrive: the promised day, and the shopper's window on it; none for an order without a day. */
function deliveryLines(order: PaidOrderNoticeInput, language: Language): string[] {
  if (!order.promisedBy) return [];
  const t = fixedT(language);
  const date = deliveryDateText(order.promisedBy, language);
  const window = order.deliveryWindow;
  if (!window) return [wordText((v) => t("mail.ownerPaid.deliverBy", v), { date })];
  return [wordText((v) => t("mail.ownerPaid.deliverOn", v), { date, from: localFigure(window.from, language), to: localFigure(window.to, language) })];
}

/** A gift as the shopper gave it at checkout: each detail may be left out. */
export type OrderGift = { wrap: boolean; note: string | null; recipientName: string | null; recipientPhone: string | null };

/** The gift's lines of the owner's copy: what to wrap, the note to put in, and who receives the parcel. */
function giftLines(gift: OrderGift | null, language: Language, isolate: (text: string) => string): string[] {
  if (!gift) return [];
  const t = fixedT(language);
  const recipient = [gift.recipientName, gift.recipientPhone ? isolate(gift.recipientPhone) : null].filter((part) => part !== null);
  return [
    "",
    t("mail.ownerPaid.gift"),
    ...(gift.wrap ? [t("mail.ownerPaid.wrap")] : []),
    ...(gift.note ? [wordText((v) => t("mail.ownerPaid.giftNote", v), { note: gift.note ?? "" })] : []),
    ...(recipient.length ? [wordText((v) => t("mail.ownerPaid.recipient", v), { recipient: recipient.join(language === "en" ? ", " : "، ") })] : []),
  ];
}

/** The owner's copy of a paid order: number, items, totals, address, customer, the gift, and the admin order page. */
export function paidOrderNoticeMail(order: PaidOrderNoticeInput): Mail {
  const env = getEnv();
  const link = `${env.appUrl}/admin/timsar/orders/${order.id}`;
  const number = order.orderNumber;
  const itemLines = (language: Language) =>
    order.items.map((item) => {
      const options = (item.optionValues ?? []).map((value) => value[language]).join(" / ");
      const name = `${language === "en" ? item.nameEn : item.nameAr}${options ? ` (${options})` : ""}`;
      const tags = item.customTags.map((tag) => `${language === "en" ? tag.titleEn : tag.titleAr}: ${tag.value}`);
      const line = `${formatCount(item.quantity, language)} × ${name} — ${formatKDText(item.priceFils * item.quantity, language)}`;
      return tags.length ? `${line} (${tags.join(language === "en" ? ", " : "، ")})` : line;
    });
  const lines = (language: Language, isolate: (text: string) => string) => {
    const t = fixedT(language);
    return [
      wordText((v) => t("mail.ownerPaid.heading", v), { number: isolate(number) }),
      "",
      ...itemLines(language),
      "",
      ...totalsLines(order, language),
      "",
      wordText((v) => t("mail.ownerPaid.customer", v), { name: order.fullName, phone: isolate(order.phone), email: isolate(order.email) }),
      t("mail.ownerPaid.address"),
      order.address[language],
      ...deliveryLines(order, language),
      ...(order.notes ? [wordText((v) => t("mail.ownerPaid.notes", v), { notes: order.notes ?? "" })] : []),
      ...giftLines(order.gift, language, isolate),
      "",
      wordText((v) => t("mail.ownerPaid.open", v), { link }),
    ];
  };
  const en = lines("en", (text) => text);
  const ar = lines("ar", bidiIsolate);
  const openLink = (language: Language) => escapeHtml(wordText((v) => fixedT(language)("mail.ownerPaid.openLink", v), { number }));
  return {
    to: env.ownerEmail,
    subject: [
      wordText((v) => fixedT("en")("mail.ownerPaid.subject", v), { number, total: formatKD(order.totalFils) }),
      wordText((v) => fixedT("ar")("mail.ownerPaid.subject", v), { number }),
    ].join(" / "),
    text: [...en, "", "—", "", ...ar].join("\n"),
    html: [
      `<div lang="en" dir="ltr"><p>${htmlLines(en.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("en")}</a></p></div>`,
      "<hr>",
      `<div lang="ar" dir="rtl"><p>${htmlLines(ar.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("ar")}</a></p></div>`,
    ].join("\n"),
  };
}

/** A product of the low-stock digest. */
export type LowStockProduct = { id: string; nameEn: string; nameAr: string; stockQuantity: number; lowStockThreshold: number };

/** The daily digest: every visible product at or below its threshold, with a link to its edit page. */
export function lowStockDigestMail(products: LowStockProduct[], day: string): Mail {
  const env = getEnv();
  const edit = (id: string) => `${env.appUrl}/admin/timsar/products/edit/${id}`;
  const list = `${env.appUrl}/admin/timsar/products?stock=low`;
  const part = (language: Language) => {
    const t = fixedT(language);
    const count = formatCount(products.length, language);
    const name = (product: LowStockProduct) => (language === "en" ? product.nameEn : product.nameAr);
    const level = (product: LowStockProduct) =>
      wordText((v) => t("mail.lowStock.level", v), { left: formatCount(product.stockQuantity, language), threshold: formatCount(product.lowStockThreshold, language) });
    const heading = wordText((v) => t("mail.lowStock.heading", v), { day, products: count });
    return {
      subject: wordText((v) => t("mail.lowStock.subject", v), { day, products: count }),
      text: [heading, ...products.map((product) => `${name(product)}: ${level(product)} ${edit(product.id)}`), wordText((v) => t("mail.lowStock.all", v), { link: list })],
      html: [
        `<div lang="${language}" dir="${language === "en" ? "ltr" : "rtl"}"><p>${escapeHtml(heading)}</p><ul>${products
          .map((product) => `<li><a href="${escapeHtml(edit(product.id))}">${escapeHtml(name(product))}</a>: ${escapeHtml(level(product))}</li>`)
          .join("")}</ul>`,
        `<p><a href="${escapeHtml(list)}">${escapeHtml(t("mail.lowStock.allLink"))}</a></p></div>`,
      ],
    };
  };
  const en = part("en");
  const ar = part("ar");
  return {
    to: env.ownerEmail,
    subject: `${en.subject} / ${ar.subject}`,
    text: [...en.text, "", "—", "", ...ar.text].join("\n"),
    html: [...en.html, "<hr>", ...ar.html].join("\n"),
  };
}

/** What the owner's notice of a return request shows. */
export type ReturnRequestNoticeInput = {
  returnId: string;
  returnNumber: string;
  orderNumber: string;
  fullName: string;
  phone: string;
  resolution: ReturnResolution;
  notes: string | null;
  items: { nameEn: string; nameAr: string; quantity: number; reason: ReturnReason; exchangeOptionValues: { en: string; ar: string }[] }[];
};

/** A shopper asked for a return (issue 43): what comes back, why, refund or exchange, and the return's admin page. */
export function returnRequestNoticeMail(input: ReturnRequestNoticeInput): Mail {
  const env = getEnv();
  const link = `${env.appUrl}/admin/timsar/returns/${input.returnId}`;
  const lines = (language: Language, isolate: (text: string) => string) => {
    const t = fixedT(language);
    return [
      wordText((v) => t("mail.ownerReturn.heading", v), { number: isolate(input.returnNumber), order: isolate(input.orderNumber) }),
      t(`mail.ownerReturn.${input.resolution}`),
      "",
      ...input.items.map((item) => {
        const wanted = item.exchangeOptionValues.map((value) => value[language] || value.en).join(" / ");
        const line = wordText((v) => t("mail.ownerReturn.item", v), {
          quantity: formatCount(item.quantity, language),
          name: language === "en" ? item.nameEn : item.nameAr,
          reason: t(`returns.reasons.${item.reason}`),
        });
        return wanted ? `${line} ${wordText((v) => t("mail.ownerReturn.wanted", v), { values: wanted })}` : line;
      }),
      ...(input.notes ? ["", wordText((v) => t("mail.ownerPaid.notes", v), { notes: input.notes ?? "" })] : []),
      "",
      wordText((v) => t("mail.ownerReturn.customer", v), { name: input.fullName, phone: isolate(input.phone) }),
      "",
      wordText((v) => t("mail.ownerReturn.open", v), { link }),
    ];
  };
  const en = lines("en", (text) => text);
  const ar = lines("ar", bidiIsolate);
  const openLink = (language: Language) => escapeHtml(wordText((v) => fixedT(language)("mail.ownerReturn.openLink", v), { number: input.returnNumber }));
  return {
    to: env.ownerEmail,
    subject: [
      wordText((v) => fixedT("en")("mail.ownerReturn.subject", v), { number: input.returnNumber, order: input.orderNumber }),
      wordText((v) => fixedT("ar")("mail.ownerReturn.subject", v), { number: input.returnNumber, order: input.orderNumber }),
    ].join(" / "),
    text: [...en, "", "—", "", ...ar].join("\n"),
    html: [
      `<div lang="en" dir="ltr"><p>${htmlLines(en.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("en")}</a></p></div>`,
      "<hr>",
      `<div lang="ar" dir="rtl"><p>${htmlLines(ar.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("ar")}</a></p></div>`,
    ].join("\n"),
  };
}

export type LateCancelNoticeInput = { orderId: string; orderNumber: string; fullName: string; phone: string; promisedBy: string; refundedFils: number };

/**
 * A shopper cancelled a paid order that was more than 14 days past its promised day (issue 48): it is cancelled, all
 * it had paid is refunded, its units are back on sale. The owner must not send it any more.
 */
export function lateCancelNoticeMail(input: LateCancelNoticeInput): Mail {
  const env = getEnv();
  const link = `${env.appUrl}/admin/timsar/orders/${input.orderId}`;
  const lines = (language: Language, isolate: (text: string) => string) => {
    const t = fixedT(language);
    return [
      wordText((v) => t("mail.ownerLateCancel.heading", v), { number: isolate(input.orderNumber), date: isolate(input.promisedBy) }),
      wordText((v) => t("mail.ownerLateCancel.refunded", v), { amount: formatKDText(input.refundedFils, language) }),
      t("mail.ownerLateCancel.doNotSend"),
      "",
      wordText((v) => t("mail.ownerReturn.customer", v), { name: input.fullName, phone: isolate(input.phone) }),
      "",
      wordText((v) => t("mail.ownerPaid.open", v), { link }),
    ];
  };
  const en = lines("en", (text) => text);
  const ar = lines("ar", bidiIsolate);
  const openLink = (language: Language) => escapeHtml(wordText((v) => fixedT(language)("mail.ownerPaid.openLink", v), { number: input.orderNumber }));
  return {
    to: env.ownerEmail,
    subject: [
      wordText((v) => fixedT("en")("mail.ownerLateCancel.subject", v), { number: input.orderNumber }),
      wordText((v) => fixedT("ar")("mail.ownerLateCancel.subject", v), { number: input.orderNumber }),
    ].join(" / "),
    text: [...en, "", "—", "", ...ar].join("\n"),
    html: [
      `<div lang="en" dir="ltr"><p>${htmlLines(en.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("en")}</a></p></div>`,
      "<hr>",
      `<div lang="ar" dir="rtl"><p>${htmlLines(ar.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("ar")}</a></p></div>`,
    ].join("\n"),
  };
}

export type TakenAfterCancelNoticeInput = { orderId: string; orderNumber: string; amountFils: number; provider: string; providerPaymentId: string };

/** The gateways' names in each language (their dashboards show the English ones). */
const GATEWAY_NAMES: Record<string, Record<Language, string>> = { myfatoorah: { en: "MyFatoorah", ar: "ماي فاتورة" }, tap: { en: "Tap", ar: "تاب" } };

/**
 * A gateway took the money for an order already cancelled (decision 0104, amended): the order stays cancelled and
 * unpaid, so the owner must give the money back in the gateway's own dashboard, where the payment id finds it.
 */
export function takenAfterCancelNoticeMail(input: TakenAfterCancelNoticeInput): Mail {
  const env = getEnv();
  const link = `${env.appUrl}/admin/timsar/orders/${input.orderId}`;
  const lines = (language: Language, isolate: (text: string) => string) => {
    const t = fixedT(language);
    const gateway = GATEWAY_NAMES[input.provider]?.[language] ?? input.provider;
    return [
      wordText((v) => t("mail.ownerTakenAfterCancel.heading", v), {
        number: isolate(input.orderNumber),
        amount: formatKDText(input.amountFils, language),
        gateway: isolate(gateway),
      }),
      wordText((v) => t("mail.ownerTakenAfterCancel.paymentId", v), { gateway: isolate(gateway), id: isolate(input.providerPaymentId) }),
      wordText((v) => t("mail.ownerTakenAfterCancel.refund", v), { gateway: isolate(gateway) }),
      "",
      wordText((v) => t("mail.ownerPaid.open", v), { link }),
    ];
  };
  const en = lines("en", (text) => text);
  const ar = lines("ar", bidiIsolate);
  const openLink = (language: Language) => escapeHtml(wordText((v) => fixedT(language)("mail.ownerPaid.openLink", v), { number: input.orderNumber }));
  return {
    to: env.ownerEmail,
    subject: [
      wordText((v) => fixedT("en")("mail.ownerTakenAfterCancel.subject", v), { number: input.orderNumber }),
      wordText((v) => fixedT("ar")("mail.ownerTakenAfterCancel.subject", v), { number: input.orderNumber }),
    ].join(" / "),
    text: [...en, "", "—", "", ...ar].join("\n"),
    html: [
      `<div lang="en" dir="ltr"><p>${htmlLines(en.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("en")}</a></p></div>`,
      "<hr>",
      `<div lang="ar" dir="rtl"><p>${htmlLines(ar.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">${openLink("ar")}</a></p></div>`,
    ].join("\n"),
  };
}
