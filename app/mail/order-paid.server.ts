import { getInvoiceData, storeInvoice } from "~/models/invoice.server";
import { signedInvoiceUrl } from "~/models/invoice-access.server";
import { getPaidOrder } from "~/models/order.server";
import { formatKD } from "~/shared/money";
import { sendMail } from "~/mail/send.server";
import { redactText } from "~/utils/redact";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * After the one call that marked the order paid: make the invoice once and e-mail it. A failure here must not
 * undo the payment, so it is logged; the invoice is made again on first request if it is missing.
 */
export async function onOrderPaid(orderId: string): Promise<void> {
  try {
    const order = await getPaidOrder(orderId);
    const invoice = order && (await getInvoiceData(order.orderNumber));
    if (!order || !invoice) return;
    const pdf = await storeInvoice(invoice);
    const link = signedInvoiceUrl(order.orderNumber);
    const total = formatKD(order.totalFils);
    const totalAr = formatKD(order.totalFils, "ar");
    const number = order.orderNumber;
    await sendMail({
      to: order.email,
      subject: `Order ${number} confirmed / تم تأكيد الطلب ${number}`,
      text: [
        `Thank you, ${order.fullName}! Your payment of ${total} for order ${number} was received.`,
        `Your invoice: ${link}`,
        "",
        `شكرًا لك! تم استلام دفعتك بقيمة ${totalAr} للطلب ${number}.`,
        `فاتورتك: ${link}`,
      ].join("\n"),
      html: [
        `<p>Thank you, ${escapeHtml(order.fullName)}! Your payment of ${total} for order <strong>${number}</strong> was received.</p>`,
        `<p><a href="${escapeHtml(link)}">View your invoice</a></p>`,
        `<div dir="rtl" lang="ar"><p>شكرًا لك! تم استلام دفعتك بقيمة ${totalAr} للطلب <strong>${number}</strong>.</p>`,
        `<p><a href="${escapeHtml(link)}">عرض الفاتورة</a></p></div>`,
      ].join("\n"),
      attachments: [{ filename: `${number}.pdf`, content: pdf, contentType: "application/pdf" }],
    });
  } catch (error) {
    process.stderr.write(`after payment of order ${orderId}: ${redactText(error instanceof Error ? error.message : String(error))}\n`);
  }
}
