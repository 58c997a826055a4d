import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { SHOP_CONTACT } from "~/shared/shop";
import { SectionLink } from "./section-link";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer id="footer-section" className="site-footer">
      <div className="site-footer__grid">
        <section>
          <h2 className="site-footer__brand">{t("footer.brand")}</h2>
          <p>{t("footer.description")}</p>
          <a href={SHOP_CONTACT.instagramUrl} rel="noopener noreferrer" target="_blank">
            {t("footer.social")}
          </a>
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
        <section>
          <h2>{t("footer.contactHeading")}</h2>
          <ul>
            <li>
              {t("footer.email")}: <a href={`mailto:${SHOP_CONTACT.email}`}>{SHOP_CONTACT.email}</a>
            </li>
            <li>
              {t("footer.phone")}:{" "}
              <a href={`tel:${SHOP_CONTACT.phone.replace(/\s/g, "")}`} dir="ltr" className="ltr">
                {SHOP_CONTACT.phone}
              </a>
            </li>
            <li>
              {t("footer.addressLabel")}: <address>{t("footer.address")}</address>
            </li>
          </ul>
        </section>
      </div>
      <p className="site-footer__copyright">{t("footer.copyright")}</p>
    </footer>
  );
}
