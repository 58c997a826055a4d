import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** Previous / next links that keep every other query parameter (tab, search, dates). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav className="admin-pagination" aria-label={t("admin.pagination.label")}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className="button button--secondary">
          {t("admin.pagination.previous")}
        </Link>
      ) : null}
      <span>{t("admin.pagination.page", { page, count: pageCount })}</span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className="button button--secondary">
          {t("admin.pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
