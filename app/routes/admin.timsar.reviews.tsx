import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { Pagination } from "~/components/admin/pagination";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormMessage } from "~/components/form-message";
import { Ltr } from "~/components/ltr";
import { ReviewPhoto } from "~/components/shop/product-reviews";
import { Stars } from "~/components/shop/stars";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { redirectWithToast } from "~/cookies/toast.server";
import { combinedAreas } from "~/i18n/area-messages";
import { adminOrderMessages } from "~/i18n/browser/areas/admin/orders";
import { adminReviewMessages } from "~/i18n/browser/areas/admin/reviews";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { listAdminReviews, replyToReview, setReviewsStatus } from "~/models/reviews/index.server";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { formatCount } from "~/shared/digits";
import { directionOf, languageOrDefault, localized } from "~/shared/language";
import { readPageParam } from "~/shared/paging";
import { REVIEW_REPLY_MAX, REVIEW_STATUSES, isReviewStatus } from "~/shared/reviews";
import { parseWithZod, ReviewModerationSchema } from "~/shared/schemas.server";
import { readFormData } from "~/utils/form-data.server";

/** The reviews' texts and the paging links' (with the orders'), which the browser fetches with this page. */
export const handle = combinedAreas(adminReviewMessages, adminOrderMessages);

/**
 * `/admin/timsar/reviews` (issue 47): the reviews by status (waiting first), newest first, with their order and
 * product; the owner publishes or hides one or several, and replies under one. Plain forms: it works without script.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const params = new URL(request.url).searchParams;
  const requested = params.get("status");
  const status = requested === "all" ? "all" : isReviewStatus(requested) ? requested : "pending";
  const [language, t, list] = await Promise.all([
    getLanguage(request),
    i18nServer.getFixedT(request),
    listAdminReviews({ status: status === "all" ? null : status, page: readPageParam(params, "page") }),
  ]);
  return {
    title: t("admin.reviews.title"),
    language,
    status,
    byStatus: list.byStatus,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.reviews.map((review) => ({
      id: review.id,
      orderId: review.order.id,
      orderNumber: review.order.orderNumber,
      product: localized(language, { en: review.product.nameEn, ar: review.product.nameAr }),
      productId: review.productId,
      rating: review.rating,
      title: review.title,
      body: review.body,
      language: languageOrDefault(review.language),
      authorName: review.authorName,
      status: isReviewStatus(review.status) ? review.status : "pending",
      held: review.heldReason !== null,
      photoUrl: review.photoUrl,
      reply: review.reply,
      date: formatAdminDateTime(review.createdAt, language),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  const submission = parseWithZod(await readFormData(request), { schema: ReviewModerationSchema });
  const t = await i18nServer.getFixedT(request);
  if (submission.status !== "success") {
    // The schema names a text of this page for what the owner can get wrong; a status no button posts gets zod's
    // own English, which the page must not show.
    const first = Object.values(submission.error ?? {}).flat()[0];
    const error = first?.startsWith("admin.reviews.errors.") ? t(first as never) : submission.error?.status ? t("admin.reviews.errors.status") : t("admin.reviews.errors.noneChosen");
    return data({ error }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "status") await setReviewsStatus(value.ids, value.status, admin);
  else if (!(await replyToReview(value.id, value.reply, admin))) return data({ error: t("admin.reviews.errors.notFound") }, { status: 404 });
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { name: "reviewsSaved" });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function AdminReviews() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const tabHref = (status: string) => `/admin/timsar/reviews?status=${status}`;
  return (
    <section className="page admin-page" data-testid="admin-reviews">
      <h1>{t("admin.reviews.title")}</h1>
      <nav aria-label={t("admin.reviews.status")}>
        <ul className="admin-tabs">
          {[...REVIEW_STATUSES, "all" as const].map((status) => (
            <li key={status}>
              <Link to={tabHref(status)} className="admin-tab" aria-current={status === loaderData.status ? "page" : undefined}>
                {t(`admin.reviews.tabs.${status}`)}
                {status !== "all" ? ` (${formatCount(loaderData.byStatus[status] ?? 0, loaderData.language)})` : ""}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormMessage message={actionData?.error} />
      {loaderData.rows.length === 0 ? (
        <p data-testid="reviews-empty">{t("admin.reviews.none")}</p>
      ) : (
        <>
          {/* The chosen reviews' boxes sit in their cards and belong to this form by its id. */}
          <Form method="post" id="reviews-bulk" className="admin-reviews__bulk">
            <input type="hidden" name="intent" value="status" />
            <button type="submit" name="status" value="published" className="button button--primary" data-testid="publish-chosen">
              {t("admin.reviews.publishChosen")}
            </button>
            <button type="submit" name="status" value="hidden" className="button button--secondary" data-testid="hide-chosen">
              {t("admin.reviews.hideChosen")}
            </button>
          </Form>
          <ul className="admin-reviews" data-testid="reviews-list">
            {loaderData.rows.map((row) => (
              <ReviewCard key={row.id} row={row} />
            ))}
          </ul>
        </>
      )}
      <Pagination page={loaderData.page} pageCount={loaderData.pageCount} />
    </section>
  );
}

function ReviewCard({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <li className="admin-review" data-testid="admin-review" data-review-id={row.id} data-status={row.status}>
      <div className="admin-review__head">
        <input type="checkbox" form="reviews-bulk" name="ids" value={row.id} id={`choose-${row.id}`} aria-label={t("admin.reviews.choose", { name: row.product })} />
        <strong>{row.product}</strong>
        <Link to={`/admin/timsar/orders/${row.orderId}`}>
          <Ltr>{row.orderNumber}</Ltr>
        </Link>
        <span>{t(`admin.reviews.statuses.${row.status}`)}</span>
        {row.held ? <span className="badge badge--warning">{t("admin.reviews.held")}</span> : null}
        <span>{row.date}</span>
      </div>
      <div lang={row.language} dir={directionOf(row.language)}>
        <Stars rating={row.rating} label={String(row.rating)} />
        {row.title ? <h2 className="admin-review__title">{row.title}</h2> : null}
        <p>{row.body}</p>
        {row.photoUrl ? <ReviewPhoto url={row.photoUrl} label={t("admin.reviews.photo", { name: row.authorName })} /> : null}
        <p className="review__meta">
          <bdi>{row.authorName}</bdi>
        </p>
      </div>
      <div className="admin-review__actions">
        <Form method="post">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="ids" value={row.id} />
          {row.status !== "published" ? (
            <button type="submit" name="status" value="published" className="button button--primary" data-testid="publish-review">
              {t("admin.reviews.publish")}
            </button>
          ) : null}
          {row.status !== "hidden" ? (
            <button type="submit" name="status" value="hidden" className="button button--secondary" data-testid="hide-review">
              {t("admin.reviews.hide")}
            </button>
          ) : null}
        </Form>
        <Form method="post" className="admin-review__reply">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={row.id} />
          <label htmlFor={`reply-${row.id}`}>{t("admin.reviews.replyLabel")}</label>
          <textarea id={`reply-${row.id}`} name="reply" defaultValue={row.reply ?? ""} maxLength={REVIEW_REPLY_MAX} rows={2} />
          <button type="submit" className="button button--secondary" data-testid="save-reply">
            {t("admin.reviews.saveReply")}
          </button>
        </Form>
      </div>
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [{ title: loaderData?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.reviews.fetchFailed")} />;
}
