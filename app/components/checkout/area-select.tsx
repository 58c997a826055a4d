import type { FieldMetadata } from "@conform-to/react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { SelectField } from "~/components/forms";
import { localized, type Language } from "~/shared/language";
import { formatKD } from "~/shared/money";
import { normalizeSearchText } from "~/shared/search-text";

export type CheckoutArea = { nameEn: string; nameAr: string; feeFils: number; governorateEn: string; governorateAr: string };

/**
 * What a typed search and an area's names are compared as: normalised (app/shared/search-text.ts), without spaces,
 * apostrophes or the letter alef, so "سلمية" finds السالمية and "daiya" finds Da'iya.
 */
function matchKey(text: string): string {
  return normalizeSearchText(text).replace(/[\s\u0627]/g, "");
}

/**
 * The checkout's area list (CONTRACT.md "Delivery areas"): grouped by governorate and sorted by name in the page's
 * language. Without JavaScript it is a plain grouped select; with it, a search box above narrows the same select,
 * which stays the field that is sent, keyboard and screen-reader use included.
 */
export function AreaSelect({ meta, areas, language, hydrated, onChange }: { meta: FieldMetadata<string | undefined>; areas: CheckoutArea[]; language: Language; hydrated: boolean; onChange: (city: string) => void }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState(typeof meta.initialValue === "string" ? meta.initialValue : "");
  const groups = useMemo(() => {
    const collator = new Intl.Collator(language);
    const name = (area: CheckoutArea) => localized(language, { en: area.nameEn, ar: area.nameAr });
    const byGovernorate = new Map<string, { label: string; areas: CheckoutArea[] }>();
    for (const area of areas) {
      const label = localized(language, { en: area.governorateEn, ar: area.governorateAr });
      const group = byGovernorate.get(label) ?? { label, areas: [] };
      group.areas.push(area);
      byGovernorate.set(label, group);
    }
    return [...byGovernorate.values()]
      .sort((a, b) => collator.compare(a.label, b.label))
      .map((group) => ({ ...group, areas: group.areas.sort((a, b) => collator.compare(name(a), name(b))) }));
  }, [areas, language]);

  const wanted = matchKey(search);
  // The chosen area stays listed whatever is typed, so the select never silently drops the shopper's choice.
  const shown = (area: CheckoutArea) =>
    !wanted || area.nameEn === chosen || [area.nameEn, area.nameAr, area.governorateEn, area.governorateAr].some((text) => matchKey(text).includes(wanted));

  return (
    <div className="area-select">
      {hydrated ? (
        <div className="field area-select__search">
          <label htmlFor={searchId}>{t("checkout.searchArea")}</label>
          <input
            id={searchId}
            type="search"
            value={search}
            autoComplete="off"
            aria-controls={meta.id}
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter picks the first area left instead of sending the whole checkout form.
              if (event.key !== "Enter") return;
              event.preventDefault();
              const first = groups.flatMap((group) => group.areas).find((area) => matchKey(area.nameEn).includes(wanted) || matchKey(area.nameAr).includes(wanted));
              const select = document.getElementById(meta.id);
              if (!first || !(select instanceof HTMLSelectElement)) return;
              select.value = first.nameEn;
              // As if chosen in the list: the page's fee, the form's check and this list all hear it.
              select.dispatchEvent(new Event("change", { bubbles: true }));
              select.focus();
            }}
          />
        </div>
      ) : (
        // Until the page's script runs, the search box's place, kept empty and unseen (app/styles/checkout.css): the
        // box then fills it instead of pushing the area list down under the shopper's finger. Without JavaScript
        // the place is not kept.
        <div className="field area-select__search area-select__search--waiting" aria-hidden="true">
          <label htmlFor={searchId}>{t("checkout.searchArea")}</label>
          <input id={searchId} type="search" disabled tabIndex={-1} />
        </div>
      )}
      <SelectField
        meta={meta}
        label={t("checkout.city")}
        onChange={(event) => {
          setChosen(event.currentTarget.value);
          onChange(event.currentTarget.value);
        }}
      >
        <option value="">{t("checkout.chooseCity")}</option>
        {groups.map((group) => {
          const listed = group.areas.filter(shown);
          return listed.length === 0 ? null : (
            <optgroup key={group.label} label={group.label}>
              {listed.map((area) => (
                <option key={area.nameEn} value={area.nameEn}>
                  {`${localized(language, { en: area.nameEn, ar: area.nameAr })} (${formatKD(area.feeFils, language)})`}
                </option>
              ))}
            </optgroup>
          );
        })}
      </SelectField>
    </div>
  );
}
