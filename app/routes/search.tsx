import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { Filters } from "~/components/shop/filters";
import { ProductGrid } from "~/components/shop/product-grid";
import { SearchBox } from "~/components/shop/search-box";
import { fixedT, storefrontColorLabels, storefrontSortLabels } from "~/i18n/fixed-t.server";
import { getLanguage } from "~/i18n/i18next.server";
import { searchStorefrontProducts } from "~/models/catalogue/index.server";
import { readSearchChoice } from "~/shared/storefront";
import { pageMeta } from "~/utils/meta";
import { sharedPageHeaders } from "~/utils/shared-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";
import { shopNameFor } from "~/models/shop/index.server";

export const headers = sharedPageHeaders;

/**
 * `/search?q=`: the visible products matching the words, in either language and however Arabic is spelt, best
 * first, with the home grid's colour filter, sort and pages. A GET form in the header leads here, so it works without
 * JavaScript; the page is shared between visitors like the home page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const choice = readSearchChoice(new URL(request.url).searchParams);
  const query = choice.query ?? "";
  const [language, listing] = await Promise.all([
    getLanguage(request),
    query ? searchStorefrontProducts({ text: query, color: choice.color, sort: choice.sort, page: choice.page }) : { products: [], total: 0, pageCount: 1 },
  ]);
  const t = fixedT(language);
  return data(
    {
      language,
      choice,
      ...listing,
      texts: {
        heading: t("pageTexts.searchResultsHeading"),
        empty: query ? t("pageTexts.searchNoResults", { query }) : t("pageTexts.searchPrompt"),
      },
      sortLabels: { ...storefrontSortLabels(language), default: t("pageTexts.searchRelevance") },
      colorLabels: storefrontColorLabels(language),
      meta: {
        title: query ? t("pageTexts.searchTitle", { query }) : t("pageTexts.searchEmptyTitle"),
        description: t("pageTexts.searchDescription", { query, shop }),
        siteName: shop,
      },
    },
  );
}

// Adding to the cart does not change the results: only the header's count (the root loader) needs fetching again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function Search() {
  const { language, choice, products, total, pageCount, meta, texts, sortLabels, colorLabels } = useLoaderData<typeof loader>();
  return (
    <div className="shop-body search-page">
      <SearchBox query={choice.query ?? ""} />
      <h1 className="search-page__title">{meta.title}</h1>
      <Filters choice={choice} sortLabels={sortLabels} colorLabels={colorLabels} />
      <ProductGrid
        products={products}
        total={total}
        pageCount={pageCount}
        choice={choice}
        language={language}
        heading={texts.heading}
        emptyText={texts.empty}
      />
    </div>
  );
}

// Search results are the shop's own pages about other pages: search engines should follow them, not list them.
export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.meta), { name: "robots", content: "noindex, follow" }] : [];

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPage kind="notFound" /> }} />;
}
