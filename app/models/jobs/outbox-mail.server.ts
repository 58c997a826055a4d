import { prisma } from "~/db.server";
import { getShopFace } from "~/models/shop/index.server";
import { exchangeDueOf, viewInvoiceUrl } from "~/models/messaging/index.server";
import { creditNoteMail } from "~/mail/credit-note.server";
import { paidOrderMail } from "~/mail/order-paid.server";
import { paymentReminderMail } from "~/mail/payment-reminder.server";
import { reviewInviteMail } from "~/mail/review-invite.server";
import { orderUpdateMail } from "~/mail/order-update.server";
import { paidOrderNoticeMail, type OrderGift } from "~/mail/owner-notices.server";
import { returnUpdateMail } from "~/mail/return-update.server";
import { shopSender, type Mail, type SentMail } from "~/mail/send.server";
import { getCreditNoteForMail, markCreditNoteMailed } from "~/models/payments/index.server";
import { getEnv } from "~/env.server";
import { signedCreditNoteUrl, signedInvoiceUrl, getPaidOrderDocument, storeInvoice } from "~/models/orders/index.server";
import { addressLines } from "~/pdf/address-lines.server";
import { languageOrDefault, localized, type Language } from "~/shared/language";
import { optionTexts } from "~/models/catalogue/index.server";
import { isAnnouncedStatus } from "~/shared/order-status";
import { isDateKey } from "~/shared/admin-dates";
import { deliveryDateText } from "~/shared/delivery-date";
import { isReturnStatus } from "~/shared/returns";

/** The outbox row's fields an e-mail is drawn from. */
export type MailRow = { id: string; orderId: string | null; kind: string; language: string; recipient: string; params: string };

/** A drawn mail, and what to record once it went; null when there is nothing left to say (the order or note is gone). */
export type DrawnMail = { mail: SentMail; afterSent?: () => Promise<void> } | null;

/** What a row's mail says, before the shop signs it as its sender. */
type DrawnContent = { mail: Mail; afterSent?: () => Promise<void> } | null;

/** The shop's name and contact phone in a mail's language, from the owner's settings. */
async function shopOf(language: Language): Promise<{ shopName: string; shopPhone: string | null }> {
  const face = await getShopFace(language);
  return { shopName: face.name, shopPhone: face.phone };
}

/** A paid order's gift as the owner's copy shows it, null for an order that is not one: the invoice does not carry it. */
async function giftOf(orderId: string): Promise<OrderGift | null> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { isGift: true, giftWrap: true, giftNote: true, giftRecipientName: true, giftRecipientPhone: true },
  });
  if (!order?.isGift) return null;
  return { wrap: order.giftWrap, note: order.giftNote, recipientName: order.giftRecipientName, recipientPhone: order.giftRecipientPhone };
}

/**
 * Draws the e-mail of an outbox row at send time, from the order as it is then: the paid confirmation with its invoice
 * (drawn here once and kept), the owner's copy, a status change, a credit note, or a mail drawn when it was queued.
 * Each is from the shop's name in the mail's language and answered to the owner's contact e-mail, as settings are then.
 */
export async function drawMail(row: MailRow): Promise<DrawnMail> {
  const drawn = await drawContent(row);
  if (!drawn) return null;
  const sender = shopSender(await getShopFace(languageOrDefault(row.language)));
  return { ...drawn, mail: { ...drawn.mail, sender } };
}

async function drawContent(row: MailRow): Promise<DrawnContent> {
  const params = JSON.parse(row.params) as Record<string, unknown>;
  switch (row.kind) {
    case "paid":
    case "ownerPaid": {
      const document = row.orderId ? await getPaidOrderDocument(row.orderId) : null;
      if (!document) return null;
      // The mails' totals always have a wrapping figure (0 without one), so none can leave a wrapping out of its lines.
      const order = { ...document, giftWrapFils: document.giftWrapFils ?? 0 };
      // To the owner's address when it was queued, as every row goes to its own recipient.
      if (row.kind === "ownerPaid") return { mail: { ...paidOrderNoticeMail({ ...order, address: addressLines(order), gift: await giftOf(order.id) }), to: row.recipient } };
      const invoicePdf = await storeInvoice(order);
      return { mail: paidOrderMail({ ...order, ...(await shopOf(order.language)), email: row.recipient, invoiceUrl: signedInvoiceUrl(order.orderNumber), invoicePdf }) };
    }
    case "status": {
      const order = row.orderId ? await prisma.order.findUnique({ where: { id: row.orderId }, select: { orderNumber: true, fullName: true } }) : null;
      if (!order || !isAnnouncedStatus(params.status)) return null;
      const language = languageOrDefault(row.language);
      return { mail: orderUpdateMail({ ...order, ...(await shopOf(language)), email: row.recipient, status: params.status, language, link: viewInvoiceUrl(order.orderNumber) }) };
    }
    case "delay": {
      const order = row.orderId ? await prisma.order.findUnique({ where: { id: row.orderId }, select: { orderNumber: true, fullName: true } }) : null;
      if (!order || !isDateKey(params.date)) return null;
      const language = languageOrDefault(row.language);
      const date = deliveryDateText(params.date, language);
      return { mail: orderUpdateMail({ ...order, ...(await shopOf(language)), email: row.recipient, status: "delay", date, language, link: viewInvoiceUrl(order.orderNumber) }) };
    }
    case "returnDecision": {
      const order = row.orderId ? await prisma.order.findUnique({ where: { id: row.orderId }, select: { orderNumber: true, fullName: true } }) : null;
      if (!order || !isReturnStatus(params.status) || typeof params.returnNumber !== "string") return null;
      const language = languageOrDefault(row.language);
      const note = typeof params.note === "string" ? params.note : "";
      const due = exchangeDueOf(params);
      return {
        mail: returnUpdateMail({ ...order, shopName: (await getShopFace(language)).name, email: row.recipient, returnNumber: params.returnNumber, status: params.status, note, language, link: viewInvoiceUrl(order.orderNumber), due }),
      };
    }
    case "payment_reminder": {
      const order = row.orderId
        ? await prisma.order.findUnique({
            where: { id: row.orderId },
            select: {
              orderNumber: true,
              fullName: true,
              subtotalFils: true,
              discountFils: true,
              couponCode: true,
              exchangeForOrderNumber: true,
              deliveryFeeFils: true,
              giftWrapFils: true,
              totalFils: true,
              paymentStatus: true,
              status: true,
              items: { orderBy: { id: "asc" }, select: { nameEn: true, nameAr: true, quantity: true, priceFils: true, optionValues: true } },
            },
          })
        : null;
      const { payPath, stopPath } = params;
      // A retry that comes after the order was paid or cancelled has nothing left to remind of.
      if (!order || order.paymentStatus === "paid" || order.status === "cancelled" || typeof payPath !== "string" || typeof stopPath !== "string") return null;
      const language = languageOrDefault(row.language);
      const appUrl = getEnv().appUrl;
      return {
        mail: paymentReminderMail({
          ...order,
          shopName: (await getShopFace(language)).name,
          email: row.recipient,
          items: order.items.map((item) => {
            const options = optionTexts(item.optionValues).map((value) => localized(language, value)).join(" / ");
            const name = `${localized(language, { en: item.nameEn, ar: item.nameAr })}${options ? ` (${options})` : ""}`;
            return { name, quantity: item.quantity, lineFils: item.priceFils * item.quantity };
          }),
          language,
          payLink: `${appUrl}${payPath}`,
          stopLink: `${appUrl}${stopPath}`,
        }),
      };
    }
    case "review_invite": {
      const order = row.orderId
        ? await prisma.order.findUnique({
            where: { id: row.orderId },
            select: { orderNumber: true, fullName: true, status: true, items: { orderBy: { id: "asc" }, select: { productId: true, nameEn: true, nameAr: true } } },
          })
        : null;
      const { reviewPath } = params;
      // A retry after the order stopped being delivered (set back by the owner) asks for nothing.
      if (!order || order.status !== "delivered" || typeof reviewPath !== "string") return null;
      const language = languageOrDefault(row.language);
      const names = [...new Map(order.items.map((item) => [item.productId ?? item.nameEn, localized(language, { en: item.nameEn, ar: item.nameAr })])).values()];
      return {
        mail: reviewInviteMail({
          shopName: (await getShopFace(language)).name,
          email: row.recipient,
          fullName: order.fullName,
          orderNumber: order.orderNumber,
          products: names,
          language,
          reviewLink: `${getEnv().appUrl}${reviewPath}`,
        }),
      };
    }
    case "refund": {
      const id = String(params.creditNoteId);
      const note = await getCreditNoteForMail(id);
      if (!note) return null;
      const language = languageOrDefault(row.language);
      const mail = creditNoteMail({ ...note, ...(await shopOf(language)), language, url: signedCreditNoteUrl(note.number) });
      return { mail: { ...mail, to: row.recipient }, afterSent: () => markCreditNoteMailed(id) };
    }
    case "mail": {
      const drawn = params as { subject: string; text: string; html: string };
      return { mail: { to: row.recipient, subject: drawn.subject, text: drawn.text, html: drawn.html } };
    }
    default:
      return null;
  }
}
