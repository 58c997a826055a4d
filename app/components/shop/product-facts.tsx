import { Fragment } from "react";
import { useTranslation } from "~/i18n/translation";
import type { PickerChoice, PickerOption } from "./variant-picker";

/**
 * The facts below a product's description. A product with options names the chosen variant's values there, in place
 * of the product's single colour, which the owner set before she gave it options and which would then contradict the
 * colour chosen above.
 */
export function ProductFacts({ color, level, options, choices }: { color: string | null; level: string | null; options: PickerOption[]; choices: PickerChoice[][] }) {
  const { t } = useTranslation();
  const facts: [string, string][] = options.length
    ? options.flatMap((option, at): [string, string][] => {
        const chosen = option.values.find((_, valueAt) => choices[at]?.[valueAt]?.selected);
        return chosen ? [[option.name, chosen.label]] : [];
      })
    : color
      ? [[t("shop.product.color"), color]]
      : [];
  if (level) facts.push([t("shop.product.level"), level]);
  if (facts.length === 0) return null;
  return (
    <dl className="product-page__facts" data-testid="product-facts">
      {facts.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
