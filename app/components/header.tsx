import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import type { Language } from "~/shared/language";
import { CartDrawer, openCartDrawer } from "./shop/cart-drawer";
import { LanguageToggle } from "./language-toggle";
import { SectionLink } from "./section-link";
import { formatCount } from "~/shared/digits";

type HeaderProps = { cartCount: number; isSignedIn: boolean; language: Language; currentPath: string; shopName: string };

export function Header({ cartCount, isSignedIn, language, currentPath, shopName }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo" prefetch="intent">
          <span>{shopName}</span>
        </Link>
        <nav className="site-nav site-nav--desktop" aria-label={t("header.mainNavigation")}>
          <NavLinks isSignedIn={isSignedIn} />
        </nav>
        <div className="site-header__actions">
          <LanguageToggle language={language} currentPath={currentPath} />
          <CartButton count={cartCount} />
          <CartDrawer cartCount={cartCount} />
          {/* A new address makes a new, closed menu: the header stays mounted through a client-side navigation.
              Escape closes it and gives the focus back to its button; a tap beside the panel lands on the button's
              backdrop (app.css), which closes it with or without JavaScript. Written short (`==`, removeAttribute as
              SectionLink has it) to stay within the home page's script budget. */}
          <details
            className="mobile-menu"
            key={currentPath}
            onKeyDown={(event) => {
              if (event.key == "Escape") {
                const menu = event.currentTarget;
                menu.removeAttribute("open");
                (menu.firstChild as HTMLElement).focus();
              }
            }}
          >
            <summary className="mobile-menu__button" aria-label={t("header.openMenu")}>
              <span aria-hidden="true" className="mobile-menu__icon" />
            </summary>
            <nav className="mobile-menu__panel" aria-label={t("header.mainNavigation")}>
              <NavLinks isSignedIn={isSignedIn} />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

function NavLinks({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="site-nav__list">
      <li>
        <SectionLink sectionId="categories-section">{t("header.categories")}</SectionLink>
      </li>
      <li>
        <SectionLink sectionId="footer-section">{t("header.contact")}</SectionLink>
      </li>
      <li>
        <Link to="/terms-and-conditions">{t("header.terms")}</Link>
      </li>
      <li>
        <Link to="/view-invoice">{t("header.trackOrder")}</Link>
      </li>
      <li>
        {isSignedIn ? (
          <Link to="/account">{t("header.myAccount")}</Link>
        ) : (
          <Link to="/login">{t("header.loginRegister")}</Link>
        )}
      </li>
    </ul>
  );
}

function CartButton({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Link
      to="/cart"
      className="cart-button"
      aria-label={t("header.cartCount", { count })}
      data-testid="cart-button"
      aria-haspopup="dialog"
      onClick={(event) => {
        // Without JavaScript this is a plain link to the /cart page; with it, the drawer opens in place.
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button) return;
        event.preventDefault();
        openCartDrawer();
      }}
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6h15l-1.5 9h-12z" />
        <path d="M6 6 5 3H2" />
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
      </svg>
      <span className="cart-button__badge" data-testid="cart-count">
        {formatCount(count, i18n.language)}
      </span>
    </Link>
  );
}
