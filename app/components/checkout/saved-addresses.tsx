import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { addressLine, type AddressParts } from "~/shared/address-line";
import { localized, type Language } from "~/shared/language";

/**
 * A signed-in shopper's last addresses above the checkout form (issue 43, point 11). Each is a link to
 * `?address=N`, whose loader fills the form's address fields: the same with and without JavaScript.
 */
export function SavedAddresses({
  addresses,
  chosen,
  areas,
  language,
}: {
  addresses: AddressParts[];
  chosen: number | null;
  areas: { nameEn: string; nameAr: string }[];
  language: Language;
}) {
  const { t } = useTranslation();
  if (addresses.length === 0) return null;
  const areaName = (city: string) => {
    const area = areas.find((candidate) => candidate.nameEn === city);
    return area ? localized(language, { en: area.nameEn, ar: area.nameAr }) : city;
  };
  return (
    <nav className="saved-addresses" aria-labelledby="saved-addresses-title" data-testid="saved-addresses">
      <h2 id="saved-addresses-title" className="saved-addresses__title">
        {t("checkout.savedAddresses")}
      </h2>
      <ul className="saved-addresses__list">
        {addresses.map((address, index) => (
          <li key={index}>
            <Link
              to={`?address=${index}`}
              replace
              preventScrollReset
              className="saved-addresses__choice"
              aria-current={chosen === index ? "true" : undefined}
              data-testid="saved-address"
            >
              <span className="saved-addresses__line">{addressLine(address, areaName(address.city), t)}</span>
              <span className="saved-addresses__action">{chosen === index ? t("checkout.addressChosen") : t("checkout.useAddress")}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
