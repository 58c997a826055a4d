import { prisma } from "~/db.server";
import { getDeliveryArea, getShopFace } from "~/models/shop/index.server";
import { getEnv } from "~/env.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { wordText } from "~/mail/compose.server";
import { fitsTwoSmsParts, sendSms } from "~/messages/kwtsms.server";
import { sendWhatsAppTemplate, WHATSAPP_STATUS_RANK, type WhatsAppStatus, type WhatsAppTemplate } from "~/messages/whatsapp.server";
import { kwtSmsTurn } from "./kwtsms-pace.server";
import { nudgeOutbox } from "./outbox-write.server";
import { heldWhatsAppTemplate } from "./whatsapp-template.server";
import { languageOrDefault, type Language } from "~/shared/language";
import { isAnnouncedStatus, type AnnouncedStatus } from "~/shared/order-status";
import { isDateKey } from "~/shared/admin-dates";
import { deliveryDateText } from "~/shared/delivery-date";
import { isReturnStatus } from "~/shared/returns";
import { formatKDText } from "~/shared/bidi";

/**
 * The phone channels of the outbox (issue 30, docs/decisions/0054-outbox.md): a WhatsApp template or a kwtSMS text,
 * drawn at send time from the order. A WhatsApp message refused for good, or reported `failed` by Meta's webhook,
 * goes again as an SMS when kwtSMS is configured (CONTRACT.md "Messages to shoppers"); so does one whose template Meta
 * has paused, disabled or moved to MARKETING (app/models/messaging/whatsapp-template.server.ts).
 */

type PhoneRow = { id: string; orderId: string | null; kind: string; language: string; recipient: string; params: string };
/** `parameters`: the template's body parameters when they are not the usual number, what happened and link. */
type Drawn = { template: WhatsAppTemplate; what: string; number: string; link: string; text: string; parameters?: string[] };

/** Where a shopper finds the order and its invoice without signing in (CONTRACT.md: `${APP_URL}/view-invoice`). */
export function viewInvoiceUrl(orderNumber: string): string {
  return `${getEnv().appUrl}/view-invoice?orderNumber=${encodeURIComponent(orderNumber)}`;
}

/**
 * A dearer exchange's message (return-move.server.ts `DueParams`): its order, the difference due and the absolute
 * address of its payment page; undefined for any other message.
 */
export function exchangeDueOf(params: Record<string, unknown>): { exchangeOrderNumber: string; dueFils: number; payLink: string } | undefined {
  const { exchangeOrderNumber, dueFils, payPath } = params;
  if (typeof exchangeOrderNumber !== "string" || typeof dueFils !== "number" || typeof payPath !== "string" || !payPath.startsWith("/payment?")) return undefined;
  return { exchangeOrderNumber, dueFils, payLink: `${getEnv().appUrl}${payPath}` };
}
/** The texts of mail.phone in the locale files: a payment, a refund, or the status a change announces. */
type PhoneKey = "paid" | "refund" | "delay" | "returnDecision" | "ownerNewOrder" | AnnouncedStatus;
type Result = { ok: true; providerId?: string } | { ok: false; retry: boolean; reason: string };

const TEMPLATES: Record<string, WhatsAppTemplate> = {
  paid: "order_confirmed",
  status: "order_status",
  refund: "refund_issued",
  returnDecision: "return_update",
  delay: "order_status",
  ownerNewOrder: "owner_new_order",
  payment_reminder: "payment_reminder",
  review_invite: "review_invite",
};

/** What a row says, in its language: the template and its body parameters, and the same as one short SMS text. */
async function draw(row: PhoneRow): Promise<Drawn | null> {
  const template = TEMPLATES[row.kind];
  const order = row.orderId
    ? await prisma.order.findUnique({ where: { id: row.orderId }, select: { id: true, orderNumber: true, totalFils: true, city: true, paymentStatus: true, status: true } })
    : null;
  if (!template || !order) return null;
  const params = JSON.parse(row.params) as { status?: unknown; date?: unknown; returnNumber?: unknown } & Record<string, unknown>;
  if (row.kind === "ownerNewOrder") return drawOwnerAlert(template, order, languageOrDefault(row.language));
  // Every text opens with the shop's name as the owner set it.
  const shop = (await getShopFace(languageOrDefault(row.language))).name;
  if (row.kind === "payment_reminder") return drawPaymentReminder(template, order, params, languageOrDefault(row.language), shop);
  if (row.kind === "review_invite") return drawReviewInvite(template, order, params, languageOrDefault(row.language), shop);
  if (row.kind === "returnDecision") return drawReturnDecision(template, order.orderNumber, params, languageOrDefault(row.language), shop);
  const status = row.kind === "status" && isAnnouncedStatus(params.status) ? params.status : null;
  const language = languageOrDefault(row.language);
  // The delay notice's day, in the shopper's words; it goes where a status change puts the status.
  const date = row.kind === "delay" && isDateKey(params.date) ? deliveryDateText(params.date, language, { year: false }) : null;
  const key: PhoneKey | null = row.kind === "paid" || row.kind === "refund" ? row.kind : date ? "delay" : status;
  if (!key) return null;
  const t = fixedT(language);
  const link = viewInvoiceUrl(order.orderNumber);
  const what = date ? t("mail.orderUpdate.delayShort", { date }) : status ? t(`mail.orderUpdate.short.${status}`) : "";
  const text = namingTheShop(shop, (name) => wordText((values) => t(`mail.phone.${key}`, values), { number: order.orderNumber, link, date: date ?? "", shop: name }));
  return { template, what, number: order.orderNumber, link, text };
}

/** A return decision: the order number first (CONTRACT.md), then the return's number and the decision in words. */
function drawReturnDecision(template: WhatsAppTemplate, orderNumber: string, params: { status?: unknown; returnNumber?: unknown } & Record<string, unknown>, language: Language, shop: string): Drawn | null {
  if (!isReturnStatus(params.status) || typeof params.returnNumber !== "string") return null;
  const t = fixedT(language);
  // A dearer exchange links to the payment page of the difference, and says what is due.
  const due = params.status === "exchanged" ? exchangeDueOf(params) : undefined;
  const link = due?.payLink ?? viewInvoiceUrl(orderNumber);
  const decided = due ? t("mail.returnUpdate.short.exchangedDueAmount", { amount: formatKDText(due.dueFils, language) }) : t(`mail.returnUpdate.short.${params.status}`);
  const what = `${params.returnNumber}: ${decided}`;
  // The pay link is long: the SMS of a difference due says only that, to stay within two Arabic parts. Otherwise the
  // order's number may give way to the shop's name: the link names the order.
  const ret = params.returnNumber;
  const text = due
    ? namingTheShop(shop, (name) => wordText((values) => t("mail.phone.exchangeDue", values), { amount: formatKDText(due.dueFils, language), link, shop: name }))
    : namingTheShop(
        shop,
        (name) => wordText((values) => t("mail.phone.returnDecision", values), { ret, number: orderNumber, what: decided, link, shop: name }),
        // The compact wording is the return mail's subject ("طلب الإرجاع RET-…: تم استلام المنتجات") between the name and the link.
        (name) => `${name}: ${wordText((values) => t("mail.returnUpdate.subject", values), { number: ret, what: decided })}. ${link}`,
      );
  return { template, what, number: orderNumber, link, text };
}

/**
 * The owner's alert of a paid order (issue 45): the order number, the amount, the delivery area in the alert's language
 * (an order keeps the area's English name) and the order's admin page, as the template's four body parameters. Its SMS
 * does not open with the shop's name, as a shopper's does: the owner knows it, and the admin link leaves no room.
 */
async function drawOwnerAlert(template: WhatsAppTemplate, order: { id: string; orderNumber: string; totalFils: number; city: string }, language: Language): Promise<Drawn> {
  const t = fixedT(language);
  const area = await getDeliveryArea(order.city);
  const areaName = area ? (language === "ar" ? area.nameAr : area.nameEn) : order.city;
  const amount = formatKDText(order.totalFils, language);
  const link = `${getEnv().appUrl}/admin/timsar/orders/${order.id}`;
  const text = wordText((values) => t("mail.phone.ownerNewOrder", values), { number: order.orderNumber, amount, area: areaName, link });
  return { template, what: "", number: order.orderNumber, link, text, parameters: [order.orderNumber, amount, areaName, link] };
}

/**
 * A payment reminder (decision 0085): the order number, the amount and the link to its payment, as CONTRACT.md gives
 * the template's body parameters. The links are long, so the SMS says only the amount, the link and, as every
 * reminder carries one (CONTRACT.md "Unfinished checkouts"), the link that stops reminders. Nothing once the order is
 * paid or cancelled (a retry that comes after the payment).
 */
function drawPaymentReminder(
  template: WhatsAppTemplate,
  order: { orderNumber: string; totalFils: number; paymentStatus: string; status: string },
  params: Record<string, unknown>,
  language: Language,
  shop: string,
): Drawn | null {
  if (typeof params.payPath !== "string" || !params.payPath.startsWith("/payment?")) return null;
  if (order.paymentStatus === "paid" || order.status === "cancelled") return null;
  const link = `${getEnv().appUrl}${params.payPath}`;
  const amount = formatKDText(order.totalFils, language);
  const t = fixedT(language);
  // A reminder queued before reminders named their stop link (none is older than PAYMENT_REMINDERS' last delay) goes without it.
  const stop = typeof params.stopPath === "string" && params.stopPath.startsWith("/payment/stop-reminders?") ? `${getEnv().appUrl}${params.stopPath}` : null;
  const text = namingTheShop(shop, (name) =>
    stop
      ? wordText((values) => t("mail.phone.paymentReminderStop", values), { amount, link, stop, shop: name })
      : wordText((values) => t("mail.phone.paymentReminder", values), { amount, link, shop: name }),
  );
  return { template, what: amount, number: order.orderNumber, link, text };
}

/**
 * A review invitation (issue 47, decision 0090): the order number and the review page's signed link, as CONTRACT.md
 * gives the template `review_invite`'s body parameters. Nothing once the order is no longer delivered.
 */
function drawReviewInvite(template: WhatsAppTemplate, order: { orderNumber: string; status: string }, params: Record<string, unknown>, language: Language, shop: string): Drawn | null {
  if (typeof params.reviewPath !== "string" || !params.reviewPath.startsWith("/review/")) return null;
  if (order.status !== "delivered") return null;
  const link = `${getEnv().appUrl}${params.reviewPath}`;
  const t = fixedT(language);
  const text = namingTheShop(
    shop,
    (name) => wordText((values) => t("mail.phone.reviewInvite", values), { link, shop: name }),
    // The compact wording is the invitation mail's button ("اكتب تقييمًا") between the name and the link.
    (name) => `${name}: ${t("mail.reviewInvite.link")}: ${link}`,
  );
  return { template, what: "", number: order.orderNumber, link, text, parameters: [order.orderNumber, link] };
}

/** The fewest characters a shortened shop name keeps: cut to one letter ("ب…") it named nobody (probe 4, item 10). */
const NAME_KEPT = 8;

/**
 * The text with the shop's name, within two SMS parts (an Arabic text has 134 characters for two parts). `says` are
 * the wordings from the fullest to the most compact: the first that holds the whole name is sent; else the most compact
 * with the name shortened with "…", never below its first NAME_KEPT characters; else that one with the whole name,
 * over two parts, rather than a name nobody recognises.
 */
function namingTheShop(shop: string, ...says: ((name: string) => string)[]): string {
  for (const say of says) {
    const whole = say(shop);
    if (fitsTwoSmsParts(whole)) return whole;
  }
  const compact = says[says.length - 1];
  for (let length = shop.length - 1; length >= NAME_KEPT; length -= 1) {
    const text = compact(`${shop.slice(0, length).trimEnd()}…`);
    if (fitsTwoSmsParts(text)) return text;
  }
  return compact(shop);
}

/** The SMS that stands in for a WhatsApp message that will not arrive: queued once per WhatsApp row. */
async function queueSmsInstead(row: PhoneRow): Promise<void> {
  if (!getEnv().kwtSms) return;
  const fallbackOf = row.id;
  const existing = await prisma.outboxMessage.findFirst({ where: { channel: "sms", orderId: row.orderId, params: { contains: `"fallbackOf":"${fallbackOf}"` } } });
  if (existing) return;
  const params = { ...(JSON.parse(row.params) as object), fallbackOf };
  await prisma.outboxMessage.create({
    data: { orderId: row.orderId, channel: "sms", kind: row.kind, language: row.language, recipient: row.recipient, params: JSON.stringify(params) },
  });
  nudgeOutbox();
}

/** WhatsApp Cloud API: the template of the row's kind, in its language; a refusal for good turns into an SMS. */
export async function whatsAppChannel(row: PhoneRow): Promise<Result> {
  const config = getEnv().whatsApp;
  if (!config) return { ok: false, retry: false, reason: "WhatsApp is not configured" };
  const drawn = await draw(row);
  if (!drawn) return { ok: false, retry: false, reason: "nothing to send: the order is gone" };
  const parameters = drawn.parameters ?? (drawn.what ? [drawn.number, drawn.what, drawn.link] : [drawn.number, drawn.link]);
  const language = languageOrDefault(row.language);
  // A template Meta paused, disabled or moved to MARKETING is not tried: the message goes as WhatsApp refused it.
  const held = await heldWhatsAppTemplate(drawn.template, language);
  if (held) {
    await queueSmsInstead(row);
    return { ok: false, retry: false, reason: `WhatsApp template ${held.name} (${held.language}) is held: ${held.status}${held.category ? `, ${held.category}` : ""}` };
  }
  const outcome = await sendWhatsAppTemplate(config, { to: row.recipient, template: drawn.template, language, parameters });
  if (!outcome.ok && !outcome.retry) await queueSmsInstead(row);
  return outcome;
}

/** kwtSMS: the row as one short text (two SMS parts at most, no emoji) with the order number and its link. */
export async function smsChannel(row: PhoneRow): Promise<Result> {
  const config = getEnv().kwtSms;
  if (!config) return { ok: false, retry: false, reason: "SMS is not configured" };
  const drawn = await draw(row);
  if (!drawn) return { ok: false, retry: false, reason: "nothing to send: the order is gone" };
  return sendSms({ ...config, turn: kwtSmsTurn }, { to: row.recipient, message: drawn.text });
}

const RANK: Record<string, number> = { queued: 0, ...WHATSAPP_STATUS_RANK };

/**
 * Meta's status events (verified by the webhook route), oldest first: each moves its row forward only (a `delivered`
 * that arrives after `read` changes nothing), and a `failed` one sends the message again as an SMS.
 */
export async function recordWhatsAppStatuses(statuses: WhatsAppStatus[]): Promise<void> {
  for (const event of statuses) {
    const row = await prisma.outboxMessage.findFirst({ where: { channel: "whatsapp", providerMessageId: event.providerId } });
    if (!row || (RANK[row.status] ?? 0) >= RANK[event.status]) continue;
    const lower = Object.keys(RANK).filter((status) => RANK[status] < RANK[event.status]);
    const { count } = await prisma.outboxMessage.updateMany({
      where: { id: row.id, status: { in: lower } },
      data: { status: event.status, ...(event.status === "failed" ? { lastError: (event.reason ?? "WhatsApp reported the message failed").slice(0, 500) } : {}) },
    });
    if (count === 1 && event.status === "failed") await queueSmsInstead(row);
  }
}
