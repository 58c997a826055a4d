import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { MAX_SEARCH_LENGTH } from "~/shared/storefront";

/**
 * The shop's search, a GET form to /search at the top of the catalogue pages (home, product, search results): it
 * works without JavaScript, and with it the results come by client navigation. It scrolls away with the page
 * instead of taking a phone's screen, and stays off the pages with a search of their own (order tracking, admin).
 */
export function SearchBox({ query = "" }: { query?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/search" role="search" className="site-search">
      <input
        key={query}
        type="search"
        name="q"
        aria-label={t("header.search")}
        defaultValue={query}
        maxLength={MAX_SEARCH_LENGTH}
        enterKeyHint="search"
      />
      <button className="button site-search__button">{t("header.search")}</button>
    </Form>
  );
}
