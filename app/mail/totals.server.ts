import type { Language } from "~/shared/language";
import { fixedT } from "~/i18n/fixed-t.server";
import { wordText } from "~/mail/compose.server";
import { formatKDText } from "~/shared/bidi";

/** An order's amounts, as the paid-order mails show them. */
export type OrderTotals = {
  subtotalFils: number;
  discountFils: number;
  couponCode: string | null;
  /** a return's exchange: its discount is the exchange credit (decision 0078) */
  exchangeForOrderNumber?: string | null;
  deliveryFeeFils: number;
  /** the gift wrapping the shopper asked for, at the owner's price of the moment; 0 without it */
  giftWrapFils: number;
  totalFils: number;
};

/**
 * The order's amounts line by line, in one language: the discount on its own line (issue 16), and the gift wrapping
 * on its own line as the invoice has it (CONTRACT.md "Gifts"), so that the lines add up to the total.
 */
export function totalsLines(order: OrderTotals, language: Language): string[] {
  const t = fixedT(language);
  const kd = (fils: number, sign: "" | "-" = "") => formatKDText(fils, language, sign);
  return [
    wordText((v) => t("mail.totals.products", v), { amount: kd(order.subtotalFils) }),
    ...(order.discountFils > 0
      ? [
          order.exchangeForOrderNumber
            ? wordText((v) => t("mail.totals.exchangeCredit", v), { amount: kd(order.discountFils, "-") })
            : wordText((v) => t("mail.totals.discount", v), { code: order.couponCode ?? "", amount: kd(order.discountFils, "-") }),
        ]
      : []),
    wordText((v) => t("mail.totals.delivery", v), { amount: kd(order.deliveryFeeFils) }),
    ...(order.giftWrapFils > 0 ? [wordText((v) => t("mail.totals.giftWrap", v), { amount: kd(order.giftWrapFils) })] : []),
    wordText((v) => t("mail.totals.total", v), { amount: kd(order.totalFils) }),
  ];
}
