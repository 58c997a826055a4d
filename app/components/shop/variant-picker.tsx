import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** One option as the page shows it: its name and values in the page's language; `swatch` for a colour. */
export type PickerOption = { name: string; swatch: boolean; values: { label: string; colour: string }[] };
/** For each value of each option, the variant its link shows (null: no variant has it) and whether that one is sold out. */
export type PickerChoice = { variantId: string | null; soldOut: boolean; selected: boolean };

/**
 * The product page's option groups (issue 31): each value is a link to `?variant=` of the variant it leads to, so
 * choosing works without JavaScript and the address of a chosen variant can be shared. The colour shows as a swatch
 * with its name; a combination that is sold out is marked and still opens (to see it, and ask to hear when it is back).
 */
export function VariantPicker({ productId, options, choices }: { productId: string; options: PickerOption[]; choices: PickerChoice[][] }) {
  const { t } = useTranslation();
  return (
    <div className="variant-picker" data-testid="variant-picker">
      {options.map((option, optionIndex) => {
        const chosen = option.values.find((_, valueIndex) => choices[optionIndex][valueIndex].selected);
        return (
          <div className="variant-picker__group" role="group" aria-labelledby={`option-${optionIndex}`} key={option.name}>
            <p className="variant-picker__name" id={`option-${optionIndex}`}>
              {option.name}: <strong>{chosen?.label ?? ""}</strong>
            </p>
            <ul className="variant-picker__values">
              {option.values.map((value, valueIndex) => {
                const choice = choices[optionIndex][valueIndex];
                const className = `variant-picker__value${choice.selected ? " is-selected" : ""}${choice.soldOut ? " is-sold-out" : ""}`;
                const content = (
                  <>
                    {option.swatch ? <span className="variant-picker__swatch" style={{ background: value.colour }} aria-hidden="true" /> : null}
                    <span>{value.label}</span>
                    {choice.soldOut ? <span className="variant-picker__sold-out"> ({t("shop.product.soldOut")})</span> : null}
                  </>
                );
                return (
                  <li key={value.label}>
                    {choice.variantId ? (
                      <Link
                        to={`/product/${encodeURIComponent(productId)}?variant=${encodeURIComponent(choice.variantId)}`}
                        className={className}
                        aria-current={choice.selected ? "true" : undefined}
                        preventScrollReset
                        replace
                        data-testid="variant-value"
                      >
                        {content}
                      </Link>
                    ) : (
                      <span className={`${className} is-unavailable`} aria-disabled="true">
                        {content}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
