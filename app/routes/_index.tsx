import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { localized } from "~/i18n/config";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getVisibleCategories } from "~/models/category.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const [language, t, categories] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    getVisibleCategories(),
  ]);
  return {
    language,
    categories,
    meta: { title: t("meta.defaultTitle"), description: t("meta.defaultDescription"), siteName: t("meta.siteName") },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta) : []);

export default function Home() {
  const { t } = useTranslation();
  const { categories, language } = useLoaderData<typeof loader>();
  return (
    <>
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
      <section id="categories-section" className="categories" aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t("header.categories")}</h2>
        <ul className="category-bar">
          {categories.map((category) => (
            <li key={category.id}>
              <Link to={`/?category=${category.slug}`} className="category-chip">
                <img src={category.iconImage} alt="" width={40} height={40} loading="lazy" />
                <span>{localized(language, { en: category.nameEn, ar: category.nameAr })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
