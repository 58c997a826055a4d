import { getInvoiceData, storeInvoice } from "~/models/invoice.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { htmlLine } from "~/mail/bidi-html.server";
import { signedInvoiceUrl } from "~/models/invoice-access.server";
import { getPaidOrder } from "~/models/order.server";
import { formatKD } from "~/shared/money";
import { sendPaidOrderNotice } from "~/mail/owner-notices.server";
import { sendMail } from "~/mail/send.server";
import { redactText } from "~/utils/redact";

export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type PaidTotals = { subtotalFils: number; discountFils: number; couponCode: string | null; deliveryFeeFils: number; totalFils: number };

/** The order's amounts line by line, the discount on its own line (issue 16), in one language. */
export function totalsLines(order: PaidTotals, language: "en" | "ar"): string[] {
  const kd = (fils: number, sign: "" | "-" = "") => formatKDText(fils, language, sign);
  const code = order.couponCode ?? "";
  const labels =
    language === "en"
      ? { products: "Products total", discount: `Discount (${code})`, delivery: "Delivery fee", total: "Total" }
      : { products: "مجموع المنتجات", discount: `الخصم (${code})`, delivery: "رسوم التوصيل", total: "الإجمالي" };
  return [
    `${labels.products}: ${kd(order.subtotalFils)}`,
    ...(order.discountFils > 0 ? [`${labels.discount}: ${kd(order.discountFils, "-")}`] : []),
    `${labels.delivery}: ${kd(order.deliveryFeeFils)}`,
    `${labels.total}: ${kd(order.totalFils)}`,
  ];
}

function logFailure(orderId: string, error: unknown) {
  process.stderr.write(`after payment of order ${orderId}: ${redactText(error instanceof Error ? error.message : String(error))}\n`);
}

/**
 * After the one call that marked the order paid: make the invoice once and e-mail it to the shopper, and tell the
 * owner. Only that call gets here, so each mail goes once however many confirmations raced. A failure here must
 * not undo the payment, so it is logged; the invoice is made again on first request if it is missing. The two
 * mails fail apart: a shopper's bad address does not keep the order from the owner.
 */
export async function onOrderPaid(orderId: string): Promise<void> {
  let order: Awaited<ReturnType<typeof getPaidOrder>>;
  let invoice: Awaited<ReturnType<typeof getInvoiceData>>;
  try {
    order = await getPaidOrder(orderId);
    invoice = order && (await getInvoiceData(order.orderNumber));
  } catch (error) {
    logFailure(orderId, error);
    return;
  }
  if (!order || !invoice) return;
  await mailShopper(orderId, order, invoice);
  try {
    await sendPaidOrderNotice({ ...invoice, id: orderId, email: order.email });
  } catch (error) {
    logFailure(orderId, error);
  }
}

async function mailShopper(orderId: string, order: NonNullable<Awaited<ReturnType<typeof getPaidOrder>>>, invoice: NonNullable<Awaited<ReturnType<typeof getInvoiceData>>>) {
  try {
    const pdf = await storeInvoice(invoice);
    const link = signedInvoiceUrl(order.orderNumber);
    const total = formatKD(order.totalFils);
    const totalAr = formatKDText(order.totalFils, "ar");
    const number = order.orderNumber;
    const numberAr = bidiIsolate(number);
    await sendMail({
      to: order.email,
      subject: `Order ${number} confirmed / تم تأكيد الطلب ${number}`,
      text: [
        `Thank you, ${order.fullName}! Your payment of ${total} for order ${number} was received.`,
        ...totalsLines(order, "en"),
        `Your invoice: ${link}`,
        "",
        `شكرًا لك! تم استلام دفعتك بقيمة ${totalAr} للطلب ${numberAr}.`,
        ...totalsLines(order, "ar"),
        `فاتورتك: ${link}`,
      ].join("\n"),
      html: [
        `<p>Thank you, ${escapeHtml(order.fullName)}! Your payment of ${total} for order <strong>${number}</strong> was received.</p>`,
        `<p>${totalsLines(order, "en").map(escapeHtml).join("<br>")}</p>`,
        `<p><a href="${escapeHtml(link)}">View your invoice</a></p>`,
        `<div dir="rtl" lang="ar"><p>${htmlLine(`شكرًا لك! تم استلام دفعتك بقيمة ${totalAr} للطلب `)}<strong>${htmlLine(numberAr)}</strong>.</p>`,
        `<p>${totalsLines(order, "ar").map(htmlLine).join("<br>")}</p>`,
        `<p><a href="${escapeHtml(link)}">عرض الفاتورة</a></p></div>`,
      ].join("\n"),
      attachments: [{ filename: `${number}.pdf`, content: pdf, contentType: "application/pdf" }],
    });
  } catch (error) {
    logFailure(orderId, error);
  }
}
