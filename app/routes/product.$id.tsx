import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AddToCartForm } from "~/components/shop/add-to-cart-form";
import { Price, SaleBadge, usePriceLabels } from "~/components/shop/price";
import { ProductFacts } from "~/components/shop/product-facts";
import { ProductGallery } from "~/components/shop/product-gallery";
import { SearchBox } from "~/components/shop/search-box";
import { StockNoticeForm, type StockNoticeAnswer } from "~/components/shop/stock-notice-form";
import { VariantPicker } from "~/components/shop/variant-picker";
import { pickVariant, getVisibleProduct, isInStock, optionTexts, productImages, saleVariantsOf, showsDiscount, signUpForStockNotice } from "~/models/catalogue/index.server";
import { getEnv } from "~/env.server";
import { localized, type Language } from "~/shared/language";
import { getLanguage } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { inLanguage } from "~/i18n/bilingual.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { parseWithZod, StockNoticeSignUpSchema } from "~/shared/schemas.server";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { ProductParamsSchema, shopNameFor, type ShopFace } from "~/models/shop/index.server";
import { filsToKD } from "~/shared/money";
import { pageMeta } from "~/utils/meta";
import { askedLanguage, seoLinks, shareImageOf } from "~/utils/seo.server";
import { sharedPageHeaders } from "~/utils/shared-page";
import { productMessages } from "~/i18n/browser/areas/product";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProductReviews } from "~/components/shop/product-reviews";
import { getPublishedReviews } from "~/models/reviews/index.server";
import { reviewsMessages } from "~/i18n/browser/areas/reviews";
import { combinedAreas } from "~/i18n/area-messages";
import { languageOrDefault } from "~/shared/language";

export const headers = sharedPageHeaders;

// The product page's own texts come with it (app/i18n/browser/areas/product.ts).
export const handle = combinedAreas(productMessages, reviewsMessages);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = ProductParamsSchema.safeParse(params);
  const language = await getLanguage(request);
  const t = fixedT(language);
  const product = parsed.success ? await getVisibleProduct(parsed.data.id) : null;
  const siteName = await shopNameFor(request);
  if (!product) {
    throw data({ title: t("pageTexts.notFoundTitle"), siteName }, { status: 404 });
  }
  const name = localized(language, { en: product.nameEn, ar: product.nameAr });
  const description = localized(language, { en: product.descriptionEn, ar: product.descriptionAr });
  const url = new URL(request.url);
  // A product with options shows the variant `?variant=` names (issue 31): its price, stock and picture.
  const picked = pickVariant(product, url.searchParams.get("variant"), language);
  const variant = product.hasOptions ? picked.selected : null;
  const images = variant?.imageUrl ? [...new Set([variant.imageUrl, ...productImages(product)])] : productImages(product);
  const imageParam = Number(url.searchParams.get("image") ?? "1");
  const { appUrl } = getEnv();
  const inStock = variant ? isInStock(product) && variant.isAvailable && variant.stockQuantity > 0 : isInStock(product);
  const priceFils = variant?.priceFils ?? product.priceFils;
  const priceBeforeDiscountFils = variant ? variant.priceBeforeDiscountFils : product.priceBeforeDiscountFils;
  // The published reviews (issue 47), a page at a time by `?reviews=`; a page past the last shows the last.
  const reviewsPage = Math.max(1, Math.min(1000, Math.floor(Number(url.searchParams.get("reviews")) || 1)));
  const published = await getPublishedReviews(product.id, reviewsPage);
  const shownReviews = published.reviews.map((review) => ({
    id: review.id,
    rating: review.rating,
    title: review.title,
    body: review.body,
    authorName: review.authorName,
    language: languageOrDefault(review.language),
    createdAt: review.createdAt.toISOString(),
    photoUrl: review.photoUrl,
    reply: review.reply && review.repliedAt ? { body: review.reply, at: review.repliedAt.toISOString() } : null,
  }));
  return data(
    {
      language,
      product: {
        id: product.id,
        name,
        description,
        priceFils,
        priceBeforeDiscountFils,
        discounted: variant ? priceBeforeDiscountFils !== null && priceBeforeDiscountFils > priceFils : showsDiscount(product),
        inStock,
        stockQuantity: variant?.stockQuantity ?? product.stockQuantity,
        variantId: variant?.id ?? null,
        options: picked.options,
        choices: picked.choices,
        color: product.colorNameEn ? localized(language, { en: product.colorNameEn, ar: product.colorNameAr ?? "" }) : null,
        level: product.colorLevelEn ? localized(language, { en: product.colorLevelEn, ar: product.colorLevelAr ?? "" }) : null,
        customTags: product.customTags,
      },
      reviews: { average: published.average, count: published.count, stars: published.stars, reviews: shownReviews, page: published.page, pageCount: published.pageCount },
      images,
      initialImage: Number.isInteger(imageParam) && imageParam >= 1 && imageParam <= images.length ? imageParam - 1 : 0,
      // A description typed on several lines is one line in a link's preview and a search result.
      meta: { title: name, description: oneLine(description).slice(0, 160), siteName },
      share: shareLinks({ appUrl, productId: product.id, variantId: variant?.id ?? null, name, description: oneLine(description), image: images[0], asked: askedLanguage(request) }),
      structuredData: {
        "@context": "https://schema.org",
        "@type": "Product",
        name,
        description,
        sku: variant?.sku || product.id,
        image: images.map((image) => `${appUrl}${image}`),
        brand: { "@type": "Brand", name: siteName },
        // Stars in search results (issue 46 point 4, issue 47): only once the product has published reviews.
        ...(published.count > 0
          ? {
              aggregateRating: { "@type": "AggregateRating", ratingValue: published.average, reviewCount: published.count, bestRating: 5, worstRating: 1 },
              review: shownReviews.map((review) => ({
                "@type": "Review",
                author: { "@type": "Person", name: review.authorName },
                datePublished: review.createdAt.slice(0, 10),
                reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
                ...(review.title ? { name: review.title } : {}),
                reviewBody: review.body,
                inLanguage: review.language,
              })),
            }
          : {}),
        // One offer per variant a shopper can choose, each with its own address, price and stock (issue 46).
        offers: saleVariantsOf(product).map((each) => {
          const values = optionTexts(each.optionValues).map((value) => localized(language, value));
          return {
            "@type": "Offer",
            ...(values.length ? { name: `${name} (${values.join(" / ")})` } : {}),
            sku: each.sku || each.id,
            url: `${appUrl}/product/${product.id}${product.hasOptions ? `?variant=${encodeURIComponent(each.id)}` : ""}`,
            priceCurrency: "KWD",
            price: filsToKD(each.priceFils).toFixed(3),
            itemCondition: "https://schema.org/NewCondition",
            availability:
              isInStock(product) && (!product.hasOptions || (each.isAvailable && each.stockQuantity > 0)) ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          };
        }),
      },
    },
  );
}

/** Line breaks and runs of spaces as one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * What a shared link shows (Open Graph, read by WhatsApp, Instagram, Facebook and Snapchat; the Twitter card) and
 * the page's own "share on WhatsApp" link: the product's name, text, address and its share-sized picture.
 */
function shareLinks(input: { appUrl: string; productId: string; variantId: string | null; name: string; description: string; image: string; asked: Language | null }) {
  const path = `/product/${input.productId}`;
  const url = `${input.appUrl}${path}${input.variantId ? `?variant=${encodeURIComponent(input.variantId)}` : ""}`;
  const image = `${input.appUrl}${shareImageOf(input.image)}`;
  const text = input.description.slice(0, 200);
  return {
    whatsApp: `https://wa.me/?text=${encodeURIComponent(`${input.name}\n${url}`)}`,
    meta: [
      ...seoLinks({ appUrl: input.appUrl, path, asked: input.asked }),
      { property: "og:type", content: "product" },
      { property: "og:url", content: url },
      { property: "og:image", content: image },
      { property: "og:image:alt", content: input.name },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: input.name },
      { name: "twitter:description", content: text },
      { name: "twitter:image", content: image },
    ],
  };
}

/** "Notify me" (issue 16): the same model function as `POST /api/products/{id}/notify`, answered in the page's language. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const language = await getLanguage(request);
  const t = fixedT(language);
  const answer = (status: number, body: StockNoticeAnswer) => data(body, { status });
  const submission = parseWithZod(formData, { schema: StockNoticeSignUpSchema });
  if (submission.status !== "success") {
    const typed = typeof submission.payload.email === "string" ? submission.payload.email.slice(0, 254) : "";
    return answer(400, { ok: false, field: true, message: t("account.validation.emailInvalid"), typed });
  }
  const parsed = ProductParamsSchema.safeParse(params);
  if (!parsed.success) return answer(404, { ok: false, field: false, message: t("stockNotices.answers.notFound") });
  const { email, variantId } = submission.value;
  const result = await signUpForStockNotice({ productId: parsed.data.id, variantId: variantId || null, email, language }, { address: clientAddress(context) });
  if (result.outcome === "tooMany") {
    const body: StockNoticeAnswer = { ok: false, field: false, message: inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, language) };
    return data(body, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  if (result.outcome === "variantRequired") {
    return answer(result.status, { ok: false, field: false, message: t("checkout.variantRequired", { name: localized(language, result.productName) }) });
  }
  if (!result.ok) return answer(result.status, { ok: false, field: false, message: t(`stockNotices.answers.${result.outcome}`) });
  return answer(result.status, { ok: true, field: false, message: t(`stockNotices.answers.${result.outcome}`, { email: result.email }) });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/cart" ? false : defaultShouldRevalidate;

/** The address of a page of the reviews, keeping the variant shown. */
function reviewsQuery(variantId: string | null, page: number): string {
  const params = new URLSearchParams();
  if (variantId) params.set("variant", variantId);
  if (page > 1) params.set("reviews", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export default function ProductPage() {
  const { t } = useTranslation();
  const { product, images, initialImage, language, share, reviews } = useLoaderData<typeof loader>();
  const priceLabels = usePriceLabels();
  return (
    <>
      <SearchBox />
      <article className="page product-page" data-testid="product-page">
        <ProductGallery key={product.id} images={images} name={product.name} initialIndex={initialImage} />
        <div className="product-page__info">
          <h1 className="product-page__name">{product.name}</h1>
          <div className="product-page__price">
            <Price
              priceFils={product.priceFils}
              priceBeforeDiscountFils={product.priceBeforeDiscountFils}
              discounted={product.discounted}
              language={language}
              labels={priceLabels}
            />
            {product.discounted ? <SaleBadge label={priceLabels.sale} /> : null}
          </div>
          <p className={product.inStock ? "stock stock--in" : "stock stock--out"} data-testid="stock-label">
            {product.inStock ? t("shop.product.inStock") : t("shop.product.outOfStock")}
          </p>
          {product.options.length ? <VariantPicker productId={product.id} options={product.options} choices={product.choices} /> : null}
          <p className="product-page__description">{product.description}</p>
          <ProductFacts color={product.color} level={product.level} options={product.options} choices={product.choices} />
          {product.inStock ? (
            <AddToCartForm key={product.id} productId={product.id} variantId={product.variantId} tags={product.customTags} language={language} />
          ) : (
            <p className="product-card__out" data-testid="out-of-stock">
              {t("shop.card.outOfStock")}
            </p>
          )}
          <StockNoticeForm key={`notice-${product.id}-${product.variantId ?? ""}`} productId={product.id} variantId={product.variantId} inStock={product.inStock} />
          <a className="product-page__share" href={share.whatsApp} target="_blank" rel="noopener noreferrer" data-testid="share-whatsapp">
            {t("shop.product.shareWhatsApp")}
          </a>
        </div>
      </article>
      <ProductReviews reviews={reviews} language={language} pageQuery={(page) => reviewsQuery(product.variantId, page)} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, error }) => {
  if (!loaderData) {
    // The loader's 404 names its title in the page's language; any other failure is titled by ProductError below.
    const info = isRouteErrorResponse(error) ? (error.data as { title?: string; siteName?: string } | null) : null;
    const title = info?.title ? [{ title: info.siteName ? `${info.title} | ${info.siteName}` : info.title }] : [];
    return [...title, { name: "robots", content: "noindex" }];
  }
  return [
    ...pageMeta(loaderData.meta),
    ...loaderData.share.meta,
    { "script:ld+json": loaderData.structuredData },
  ];
};

/** The product page's own 404 and failure pages, each with a way back to the shop. */
function ProductError({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  const shopName = (useRouteLoaderData("root") as { shop?: ShopFace } | undefined)?.shop?.name;
  const failed = t("shop.product.failed");
  return (
    <section className="error-page" data-testid={notFound ? "product-not-found" : "product-failed"}>
      {notFound ? null : <title>{shopName ? `${failed} | ${shopName}` : failed}</title>}
      <h1>{notFound ? t("shop.product.notFound") : t("shop.product.failed")}</h1>
      {notFound ? <p>{t("shop.product.notFoundBody")}</p> : null}
      <Link to="/" className="button button--primary">
        {t("shop.product.backToShop")}
      </Link>
    </section>
  );
}

const productFailed = () => <ProductError notFound={false} />;

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ProductError notFound /> }} defaultStatusHandler={productFailed} unexpectedErrorHandler={productFailed} />;
}
