import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";
import { directionOf, type Language } from "~/shared/language";
import { formatCount } from "~/shared/digits";
import { Stars } from "./stars";

export type ShownReview = {
  id: string;
  rating: number;
  title: string | null;
  body: string;
  authorName: string;
  language: Language;
  createdAt: string;
  /** the buyer's photo (its 1,000-pixel size; "-400" beside it is the small one shown here) */
  photoUrl: string | null;
  reply: { body: string; at: string } | null;
};

export type ShownReviews = {
  average: number;
  count: number;
  stars: Record<1 | 2 | 3 | 4 | 5, number>;
  reviews: ShownReview[];
  page: number;
  pageCount: number;
};

/** "4.3" in the page's digits. */
function averageText(average: number, language: Language): string {
  return new Intl.NumberFormat(language === "ar" ? "ar-KW" : "en-KW", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(average);
}

/**
 * The product page's reviews (issue 47): the average, the count and how many gave each number of stars, then the
 * published reviews, newest first, a page at a time by plain links (no script). Each review keeps the language it was
 * written in (its own `lang` and `dir`), inside the page's frame; the owner's reply shows under it.
 */
export function ProductReviews({ reviews, language, pageQuery }: { reviews: ShownReviews; language: Language; pageQuery: (page: number) => string }) {
  const { t } = useTranslation();
  const average = averageText(reviews.average, language);
  const dates = new Intl.DateTimeFormat(language === "ar" ? "ar-KW" : "en-KW", { dateStyle: "medium", timeZone: "Asia/Kuwait" });
  return (
    <section className="reviews" aria-labelledby="reviews-heading" data-testid="product-reviews">
      <h2 id="reviews-heading">{t("reviews.heading")}</h2>
      {reviews.count === 0 ? (
        <p data-testid="reviews-none">{t("reviews.none")}</p>
      ) : (
        <>
          <p className="reviews__summary" data-testid="reviews-summary" data-average={reviews.average} data-count={reviews.count}>
            <Stars rating={reviews.average} label={t("reviews.average", { average })} />
            <strong>{t("reviews.average", { average })}</strong>
            <span>{t("reviews.count", { count: reviews.count })}</span>
          </p>
          <ul className="reviews__bars">
            {([5, 4, 3, 2, 1] as const).map((stars) => (
              <li key={stars} className="reviews__bar">
                <span>{t("reviews.stars", { count: stars })}</span>
                <meter min={0} max={reviews.count} value={reviews.stars[stars]} aria-label={t("reviews.distribution", { stars: t("reviews.stars", { count: stars }), number: formatCount(reviews.stars[stars], language) })} />
                <span>{formatCount(reviews.stars[stars], language)}</span>
              </li>
            ))}
          </ul>
          <ol className="reviews__list">
            {reviews.reviews.map((review) => (
              <li key={review.id} className="review" data-testid="review">
                <article lang={review.language} dir={directionOf(review.language)}>
                  <Stars rating={review.rating} label={t("reviews.stars", { count: review.rating })} />
                  {/* A review's language is the page's it was written on, not always the text's: an English
                      sentence beside an Arabic one keeps its own direction. */}
                  {review.title ? <h3 dir="auto">{review.title}</h3> : null}
                  <p dir="auto">{review.body}</p>
                  {review.photoUrl ? <ReviewPhoto url={review.photoUrl} label={t("reviews.photoOf", { name: review.authorName })} /> : null}
                </article>
                <p className="review__meta">
                  <bdi>{review.authorName}</bdi> · {t("reviews.verified")} · <time dateTime={review.createdAt}>{dates.format(new Date(review.createdAt))}</time>
                </p>
                {review.reply ? (
                  <div className="review__reply" data-testid="review-reply">
                    <strong>{t("reviews.reply")}</strong>
                    <p dir="auto">{review.reply.body}</p>
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
          {reviews.pageCount > 1 ? (
            <nav className="reviews__pages" aria-label={t("reviews.heading")}>
              {reviews.page > 1 ? <Link to={pageQuery(reviews.page - 1)} preventScrollReset>{t("reviews.previous")}</Link> : null}
              <span>{t("reviews.pageOf", { page: formatCount(reviews.page, language), total: formatCount(reviews.pageCount, language) })}</span>
              {reviews.page < reviews.pageCount ? <Link to={pageQuery(reviews.page + 1)} preventScrollReset data-testid="reviews-next">{t("reviews.next")}</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The buyer's photo, small and lazy under her words, opening at full size. Shared with the owner's list. */
export function ReviewPhoto({ url, label }: { url: string; label: string }) {
  return (
    <a href={url} className="review__photo" data-testid="review-photo">
      <img src={url.replace(/\.webp$/, "-400.webp")} alt={label} width={160} height={160} loading="lazy" decoding="async" />
    </a>
  );
}
