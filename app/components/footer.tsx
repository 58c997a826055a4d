import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { ShopFace } from "~/models/settings.server";
import { SectionLink } from "./section-link";

/** The shop's details come from the owner's settings (root loader); a detail she has not set is left out. */
export function Footer({ shop, year }: { shop: ShopFace | null; year: number }) {
  const { t } = useTranslation();
  return (
    <footer id="footer-section" className="site-footer" data-testid="site-footer">
      <div className="site-footer__grid">
        <section>
          {shop ? <h2 className="site-footer__brand">{shop.name}</h2> : null}
          <p>{t("footer.description")}</p>
          {shop?.instagramUrl ? (
            <a href={shop.instagramUrl} rel="noopener noreferrer" target="_blank">
              {t("footer.social")}
            </a>
          ) : null}
        </section>
        <section>
          <h2>{t("footer.linksHeading")}</h2>
          <ul>
            <li>
              <Link to="/">{t("footer.home")}</Link>
            </li>
            <li>
              <SectionLink sectionId="categories-section">{t("footer.products")}</SectionLink>
            </li>
            <li>
              <Link to="/view-invoice">{t("footer.trackOrder")}</Link>
            </li>
            <li>
              <Link to="/terms-and-conditions">{t("footer.terms")}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t("footer.privacy")}</Link>
            </li>
          </ul>
        </section>
        {shop ? <ShopContacts shop={shop} /> : null}
      </div>
      <p className="site-footer__copyright">
        {shop ? t("footer.copyright", { year, shop: shop.name }) : null}
        {shop?.commercialRegistration ? (
          <>
            {" "}
            {t("footer.commercialRegistration")}: <span dir="ltr">{shop.commercialRegistration}</span>
          </>
        ) : null}
      </p>
    </footer>
  );
}

/** The ways to reach the shop, as a list; the whole section is left out while none is set. */
export function ShopContacts({ shop }: { shop: ShopFace }) {
  const { t } = useTranslation();
  if (!shop.email && !shop.phone && !shop.whatsappDigits && !shop.address) return null;
  return (
    <section data-testid="shop-contacts">
      <h2>{t("footer.contactHeading")}</h2>
      <ul>
        {shop.email ? (
          <li>
            {t("footer.email")}: <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </li>
        ) : null}
        {shop.phone ? (
          <li>
            {t("footer.phone")}:{" "}
            <a href={`tel:+${shop.phoneDigits}`} dir="ltr" className="ltr">
              {shop.phone}
            </a>
          </li>
        ) : null}
        {shop.whatsappDigits ? (
          <li>
            {t("footer.whatsapp")}:{" "}
            <a href={`https://wa.me/${shop.whatsappDigits}`} dir="ltr" className="ltr" rel="noopener noreferrer" target="_blank">
              +{shop.whatsappDigits.slice(0, 3)} {shop.whatsappDigits.slice(3, 7)} {shop.whatsappDigits.slice(7)}
            </a>
          </li>
        ) : null}
        {shop.address ? (
          <li>
            {t("footer.addressLabel")}: <address>{shop.address}</address>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
