import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { ShopFace } from "~/models/shop/index.server";
import { SectionLink } from "./section-link";

/** The shop's details come from the owner's settings (root loader); a detail she has not set is left out. */
export function Footer({ shop }: { shop: ShopFace | null }) {
  const { t } = useTranslation();
  return (
    <footer id="footer-section" className="site-footer">
      <div className="site-footer__grid">
        <section>
          {shop ? <h2 className="site-footer__brand">{shop.name}</h2> : null}
          {shop?.tagline ? <p>{shop.tagline}</p> : null}
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
        {shop && (shop.contactLinks.length || shop.address) ? (
          <section>
            <h2>{t("footer.contactHeading")}</h2>
            <ul>
              {shop.contactLinks.map((link) => (
                <li key={link.kind}>
                  {t(`footer.${link.kind}`)}:{" "}
                  <a href={link.href} dir="ltr" className="ltr" rel="noopener noreferrer" target={link.kind === "whatsapp" ? "_blank" : undefined}>
                    {link.shown}
                  </a>
                </li>
              ))}
              {shop.address ? (
                <li>
                  {t("footer.addressLabel")}: <address>{shop.address}</address>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
      </div>
      {shop ? (
        <p className="site-footer__copyright">
          {t("footer.copyright", { year: shop.year, shop: shop.name })}
          {shop.commercialRegistration ? ` ${t("footer.commercialRegistration")}: ` : null}
          {shop.commercialRegistration ? <span dir="ltr">{shop.commercialRegistration}</span> : null}
        </p>
      ) : null}
    </footer>
  );
}
