import { getEnv } from "~/env.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { htmlLine } from "~/mail/bidi-html.server";
import { escapeHtml, totalsLines } from "~/mail/order-paid.server";
import { sendMail } from "~/mail/send.server";
import type { LowStockProduct } from "~/models/low-stock.server";
import { addressLines, type InvoiceData } from "~/pdf/invoice.server";
import { formatKD } from "~/shared/money";

/**
 * The owner's notices (issue 16), to OWNER_EMAIL. Both languages in every mail, English first then Arabic, as the
 * shopper's mails are: the owner and whoever helps them read the same message (docs/decisions/0028-owner-notices.md).
 */

function htmlLines(lines: string[]) {
  return lines.map(htmlLine).join("<br>");
}

export type PaidOrderNotice = InvoiceData & { id: string; email: string };

/** The owner's copy of a paid order: number, items, totals, address, customer, and the admin order page. */
export function paidOrderNoticeMail(order: PaidOrderNotice) {
  const env = getEnv();
  const link = `${env.appUrl}/admin/timsar/orders/${order.id}`;
  const number = order.orderNumber;
  const address = addressLines(order);
  const itemLines = (language: "en" | "ar") =>
    order.items.map((item) => {
      const name = language === "en" ? item.nameEn : item.nameAr;
      const tags = item.customTags.map((tag) => `${language === "en" ? tag.titleEn : tag.titleAr}: ${tag.value}`);
      const line = `${item.quantity} × ${name} — ${formatKDText(item.priceFils * item.quantity, language)}`;
      return tags.length ? `${line} (${tags.join(language === "en" ? ", " : "، ")})` : line;
    });
  const en = [
    `Order ${number} was paid.`,
    "",
    ...itemLines("en"),
    "",
    ...totalsLines(order, "en"),
    "",
    `Customer: ${order.fullName}, ${order.phone}, ${order.email}`,
    "Delivery address:",
    address.en,
    ...(order.notes ? [`Notes: ${order.notes}`] : []),
    "",
    `Open the order: ${link}`,
  ];
  const ar = [
    `تم دفع الطلب ${bidiIsolate(number)}.`,
    "",
    ...itemLines("ar"),
    "",
    ...totalsLines(order, "ar"),
    "",
    `العميل: ${order.fullName}، ${bidiIsolate(order.phone)}، ${bidiIsolate(order.email)}`,
    "عنوان التوصيل:",
    address.ar,
    ...(order.notes ? [`ملاحظات: ${order.notes}`] : []),
    "",
    `فتح الطلب: ${link}`,
  ];
  return {
    to: env.ownerEmail,
    subject: `New paid order ${number} (${formatKD(order.totalFils)}) / طلب مدفوع جديد ${number}`,
    text: [...en, "", "—", "", ...ar].join("\n"),
    html: [
      `<div lang="en" dir="ltr"><p>${htmlLines(en.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">Open order ${number}</a></p></div>`,
      "<hr>",
      `<div lang="ar" dir="rtl"><p>${htmlLines(ar.slice(0, -1))}</p><p><a href="${escapeHtml(link)}">فتح الطلب ${number}</a></p></div>`,
    ].join("\n"),
  };
}

export async function sendPaidOrderNotice(order: PaidOrderNotice): Promise<void> {
  await sendMail(paidOrderNoticeMail(order));
}

/** The daily digest: every visible product at or below its threshold, with a link to its edit page. */
export function lowStockDigestMail(products: LowStockProduct[], day: string) {
  const env = getEnv();
  const edit = (id: string) => `${env.appUrl}/admin/timsar/products/edit/${id}`;
  const list = `${env.appUrl}/admin/timsar/products?stock=low`;
  const en = products.map((product) => `${product.nameEn}: ${product.stockQuantity} left (alert at ${product.lowStockThreshold}) ${edit(product.id)}`);
  const ar = products.map((product) => `${product.nameAr}: المتبقي ${product.stockQuantity} (التنبيه عند ${product.lowStockThreshold}) ${edit(product.id)}`);
  const rows = (language: "en" | "ar") =>
    products
      .map(
        (product) =>
          `<li><a href="${escapeHtml(edit(product.id))}">${escapeHtml(language === "en" ? product.nameEn : product.nameAr)}</a>: ${
            language === "en" ? `${product.stockQuantity} left (alert at ${product.lowStockThreshold})` : `المتبقي ${product.stockQuantity} (التنبيه عند ${product.lowStockThreshold})`
          }</li>`,
      )
      .join("");
  return {
    to: env.ownerEmail,
    subject: `Low stock ${day}: ${products.length} products / مخزون منخفض: ${products.length} منتجات`,
    text: [
      `Low stock on ${day}: ${products.length} products at or below their alert level.`,
      ...en,
      `All of them: ${list}`,
      "",
      "—",
      "",
      `مخزون منخفض في ${day}: ${products.length} منتجات عند حد التنبيه أو أقل.`,
      ...ar,
      `عرضها كلها: ${list}`,
    ].join("\n"),
    html: [
      `<div lang="en" dir="ltr"><p>Low stock on ${day}: ${products.length} products at or below their alert level.</p><ul>${rows("en")}</ul>`,
      `<p><a href="${escapeHtml(list)}">All low-stock products</a></p></div>`,
      "<hr>",
      `<div lang="ar" dir="rtl"><p>مخزون منخفض في ${day}: ${products.length} منتجات عند حد التنبيه أو أقل.</p><ul>${rows("ar")}</ul>`,
      `<p><a href="${escapeHtml(list)}">كل المنتجات منخفضة المخزون</a></p></div>`,
    ].join("\n"),
  };
}
