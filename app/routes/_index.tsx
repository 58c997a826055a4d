import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ErrorPage } from "~/components/error-page";
import { CategoryBar } from "~/components/shop/category-bar";
import { Filters } from "~/components/shop/filters";
import { ProductGrid } from "~/components/shop/product-grid";
import { SearchBox } from "~/components/shop/search-box";
import { getEnv } from "~/env.server";
import { localized } from "~/shared/language";
import { getLanguage } from "~/i18n/i18next.server";
import { getVisibleCategories, getStorefrontProducts } from "~/models/catalogue/index.server";
import { fixedT, storefrontColorLabels, storefrontSortLabels } from "~/i18n/fixed-t.server";
import { pageMeta } from "~/utils/meta";
import { askedLanguage, seoLinks } from "~/utils/seo.server";
import { readStorefrontChoice, storefrontHref } from "~/shared/storefront";
import { sharedPageHeaders } from "~/utils/shared-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

export const headers = sharedPageHeaders;

export const links: LinksFunction = () => [
  // The hero is the largest paint: fetched at once, the picture the <picture> below will choose for this screen.
  { rel: "preload", as: "image", href: "/images/hero-mobile.webp", media: "(max-width: 640px)", fetchPriority: "high" },
  { rel: "preload", as: "image", href: "/images/hero-desktop.webp", media: "(min-width: 641px)", fetchPriority: "high" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const choice = readStorefrontChoice(new URL(request.url).searchParams);
  const [language, categories, listing] = await Promise.all([getLanguage(request), getVisibleCategories(), getStorefrontProducts(choice)]);
  const t = fixedT(language);
  const category = categories.find((item) => item.slug === choice.categorySlug);
  const categoryName = category ? localized(language, { en: category.nameEn, ar: category.nameAr }) : null;
  return data(
    {
      language,
      choice,
      categories,
      ...listing,
      sortLabels: storefrontSortLabels(language),
      colorLabels: storefrontColorLabels(language),
      meta: {
        title: categoryName ? t("pageTexts.categoryTitle", { category: categoryName }) : t("pageTexts.homeTitle", { shop }),
        description: categoryName ? t("pageTexts.categoryDescription", { category: categoryName, shop }) : t("pageTexts.homeDescription"),
        siteName: shop,
      },
      seo: seoLinks({ appUrl: getEnv().appUrl, path: storefrontHref({ ...choice, sort: "default", showAllCategories: false }), asked: askedLanguage(request) }),
    },
  );
}

// Adding to the cart does not change the grid: only the header's count (the root loader) needs fetching again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

export default function Home() {
  const { t } = useTranslation();
  const { categories, language, choice, products, total, pageCount, sortLabels, colorLabels } = useLoaderData<typeof loader>();
  return (
    <>
      <SearchBox />
      <section className="hero">
        <h1 className="visually-hidden">{t("home.heroHeading")}</h1>
        <picture>
          <source media="(max-width: 640px)" srcSet="/images/hero-mobile.webp" width={800} height={800} />
          <img
            src="/images/hero-desktop.webp"
            alt={t("home.heroAlt")}
            width={1600}
            height={600}
            className="hero__image"
            fetchPriority="high"
          />
        </picture>
      </section>
      <CategoryBar categories={categories} choice={choice} language={language} />
      <div className="shop-body">
        <Filters choice={choice} sortLabels={sortLabels} colorLabels={colorLabels} />
        <ProductGrid products={products} total={total} pageCount={pageCount} choice={choice} language={language} />
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.meta), ...loaderData.seo] : [];

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPage kind="notFound" /> }} />;
}
