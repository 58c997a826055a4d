import { Fragment, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from "react";
import type { Language } from "~/shared/language";
import { kdParts } from "~/shared/money";

/**
 * A left-to-right island that never breaks (issue 28, point 5): card numbers, phones, order numbers and amounts
 * inside Arabic text. `<bdi>` isolates it from the words around it and `dir="ltr"` orders it, so "ORD-1764…" and
 * "4111 1111 1111 1111" read as typed; the `ltr` class keeps it on one line (app.css).
 */
export function Ltr({ className, ...props }: ComponentPropsWithoutRef<"bdi">) {
  return <bdi dir="ltr" {...props} className={className ? `ltr ${className}` : "ltr"} />;
}

/**
 * An amount: the signed figure as a left-to-right island followed by the currency, on one line: "2.50 KD",
 * "2.50 د.ك", "−0.80 د.ك" with the minus on the left of the digits in both languages. The text stays
 * `formatKD`'s ("2.50 د.ك"), only its layout changes.
 */
export function Money({ fils, language, sign = "", ...props }: { fils: number; language: Language; sign?: string } & ComponentPropsWithoutRef<"span">) {
  const { amount, currency } = kdParts(fils, language, sign);
  return (
    <span {...props} className={props.className ? `money ${props.className}` : "money"}>
      <Ltr>{amount}</Ltr> {currency}
    </span>
  );
}

/**
 * A translated text whose values are left-to-right islands: `withLtr((values) => t(key, values), { orderNumber })`
 * renders "الطلب " and then the order number as an `<Ltr>`, where the plain interpolation would let the line break
 * after "ORD-". The text is asked for with markers in place of the values, then cut around them. A value that is
 * already an element (a `<Money>`) goes in as it is.
 */
export function withLtr(translate: (values: Record<string, string>) => string, values: Record<string, string | ReactElement>): ReactNode[] {
  const marked = translate(Object.fromEntries(Object.keys(values).map((name) => [name, `\u0000${name}\u0000`])));
  return marked.split("\u0000").map((part, index) => {
    if (index % 2 === 0) return part;
    const value = values[part];
    return typeof value === "string" ? <Ltr key={index}>{value}</Ltr> : <Fragment key={index}>{value}</Fragment>;
  });
}
