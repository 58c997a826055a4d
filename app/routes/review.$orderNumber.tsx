import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormMessage } from "~/components/form-message";
import { Ltr, withLtr } from "~/components/ltr";
import { StarRatingInput } from "~/components/shop/star-rating-input";
import { Stars } from "~/components/shop/stars";
import { redirectWithToast } from "~/cookies/toast.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { reviewsMessages } from "~/i18n/browser/areas/reviews";
import { inLanguage } from "~/i18n/bilingual.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { OrderPhoneLimitedError } from "~/models/orders/index.server";
import { ReviewError, reviewLinkPath, reviewPageView, writeReview } from "~/models/reviews/index.server";
import { shopNameFor } from "~/models/shop/index.server";
import { localized } from "~/shared/language";
import { normalizeOrderNumber } from "~/shared/order-number";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "~/shared/reviews";
import { parseWithZod, ReviewFormSchema } from "~/shared/schemas.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";
import { parseMultipart } from "~/utils/multipart.server";
import { discardUploadedImage, saveUploadedImage, uploadMessage, UploadError } from "~/utils/uploads.server";
import { pageMeta } from "~/utils/meta";
import { retryAfterPageHeaders } from "~/utils/page-headers";

/**
 * The review page of an order (issue 47): opened from the invitation's signed link or from My Orders (the signed-in
 * owner), else by the order's phone, which then leads to the same signed link. One plain POST form per product of the
 * order, so it works without JavaScript; the stars are a real radio group.
 */
export const handle = reviewsMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

function retryAfter(seconds: number) {
  return { "Retry-After": String(Math.max(1, Math.ceil(seconds))), ...NO_STORE };
}

function askerOf(request: Request, customerId: string | null, address: string, phone?: string) {
  return { customerId, token: new URL(request.url).searchParams.get("token"), phone: phone ?? null, address };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? "").slice(0, 40);
  const customer = await getCustomerFromRequest(request);
  const who = askerOf(request, customer?.id ?? null, clientAddress(context));
  // Without a session or a link there is nothing to compare yet: the phone is asked, and no guess is counted.
  const view = who.customerId || who.token ? await reviewPageView(orderNumber, who) : ({ kind: "needPhone", wrongPhone: false } as const);
  const base = { meta: { title: t("reviews.title"), description: t("reviews.intro"), siteName: shop }, language, orderNumber };
  if (view.kind === "limited") return data({ ...base, view, error: inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, language) }, { status: 429, headers: retryAfter(view.retryAfterSeconds) });
  if (view.kind === "notFound") return data({ ...base, view, error: t("reviews.notFound") }, { status: 404, headers: NO_STORE });
  if (view.kind === "needPhone") return data({ ...base, view, error: null }, { headers: NO_STORE });
  return data({ ...base, view, error: view.delivered ? null : t("reviews.notDelivered") }, { headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? "").slice(0, 40);
  // A plain form without a photo, or multipart with one (the product pictures' rules: type, size, dimensions).
  let form: FormData;
  try {
    form = await parseMultipart(request);
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    return data({ error: inLanguage(uploadMessage("size"), language), productId: null, fields: null }, { status: 400 });
  }
  const customer = await getCustomerFromRequest(request);
  const address = clientAddress(context);
  if (form.get("intent") === "phone") {
    const phone = String(form.get("phone") ?? "").slice(0, 40);
    const view = await reviewPageView(orderNumber, { customerId: null, phone, address });
    if (view.kind === "limited") return data({ error: inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, language), productId: null, fields: null }, { status: 429, headers: retryAfter(view.retryAfterSeconds) });
    if (view.kind === "notFound") return data({ error: t("reviews.notFound"), productId: null, fields: null }, { status: 404 });
    if (view.kind === "needPhone") return data({ error: t("reviews.errors.wrongPhone"), productId: null, fields: null }, { status: 403 });
    // The right phone earns the order's signed link, so the page (and a reload) needs the phone no more.
    return redirect(reviewLinkPath(orderNumber));
  }
  const submission = parseWithZod(form, { schema: ReviewFormSchema });
  const productId = String(form.get("productId") ?? "");
  if (submission.status !== "success") {
    const fields = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, (messages ?? []).map((key) => t(key as never))]));
    return data({ error: null, productId, fields }, { status: 400 });
  }
  const token = new URL(request.url).searchParams.get("token");
  let photoUrl: string | null = null;
  const photo = form.get("photo");
  if (photo instanceof Blob && photo.size > 0) {
    try {
      photoUrl = await saveUploadedImage(photo, "reviews");
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      return data({ error: null, productId, fields: { photo: [inLanguage(error.userMessage, language)] } }, { status: 400 });
    }
  }
  try {
    await writeReview({ ...submission.value, orderNumber, customerId: customer?.id ?? null, token, address, language, photoUrl });
  } catch (error) {
    if (photoUrl) await discardUploadedImage(photoUrl, "reviews");
    if (error instanceof OrderPhoneLimitedError) return data({ error: inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, language), productId, fields: null }, { status: 429, headers: retryAfter(error.retryAfterSeconds) });
    if (error instanceof ReviewError) return data({ error: t(`reviews.errors.${error.reason}`), productId, fields: null }, { status: error.status });
    throw error;
  }
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, { name: "reviewSent" });
}

export default function ReviewPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { view, language, orderNumber } = loaderData;
  const pageError = actionData && !actionData.productId ? actionData.error : loaderData.error;
  return (
    <section className="page page--narrow review-page" data-testid="review-page">
      <h1>{t("reviews.title")}</h1>
      {orderNumber ? <p>{withLtr((values) => t("reviews.order", values), { number: <Ltr key="number">{orderNumber}</Ltr> })}</p> : null}
      <p className="field__hint">{t("reviews.intro")}</p>
      <FormMessage message={pageError} />
      {view.kind === "needPhone" ? (
        <Form method="post" data-testid="review-phone">
          <input type="hidden" name="intent" value="phone" />
          <p>{t("reviews.phoneIntro")}</p>
          <div className="field">
            <label htmlFor="review-phone">{t("reviews.phone")}</label>
            <div className="phone-input" dir="ltr">
              <span className="phone-input__prefix">{KUWAIT_DIALING_PREFIX}</span>
              <input id="review-phone" name="phone" type="tel" inputMode="tel" autoComplete="tel-national" required maxLength={40} />
            </div>
          </div>
          <button type="submit" className="button button--primary">
            {t("reviews.open")}
          </button>
        </Form>
      ) : null}
      {view.kind === "found" ? (
        <ul className="review-page__products">
          {view.products.map((product) => {
            const name = localized(language, product.name);
            const mine = actionData?.productId === product.productId ? actionData : null;
            return (
              <li key={product.productId} className="review-page__product" data-testid="review-product" data-product-id={product.productId}>
                <div className="review-page__head">
                  <img src={product.imageUrl.replace(/\.webp$/, "-400.webp")} alt="" width={64} height={64} />
                  <h2>{name}</h2>
                </div>
                {/* Above the form, not in it: a refusal of a second review (a page left open) comes back with the form gone. */}
                <FormMessage message={mine?.error} />
                {product.review ? (
                  <p data-testid="review-done">
                    {t("reviews.reviewed", { stars: t("reviews.stars", { count: product.review.rating }) })} {t(`reviews.${product.review.status === "published" ? "published" : product.review.status === "hidden" ? "hidden" : "pending"}`)}{" "}
                    <Stars rating={product.review.rating} />
                  </p>
                ) : view.delivered ? (
                  <Form method="post" encType="multipart/form-data" className="review-form" data-testid="review-form">
                    <input type="hidden" name="intent" value="review" />
                    <input type="hidden" name="productId" value={product.productId} />
                    <StarRatingInput name="rating" legend={t("reviews.rating")} idPrefix={`rating-${product.productId}`} labelOf={(count) => t("reviews.stars", { count })} errors={mine?.fields?.rating} />
                    <div className="field">
                      <label htmlFor={`title-${product.productId}`}>{t("reviews.titleField")}</label>
                      <input id={`title-${product.productId}`} name="title" maxLength={REVIEW_TITLE_MAX} aria-invalid={mine?.fields?.title ? true : undefined} />
                      {mine?.fields?.title ? <p className="field__error">{mine.fields.title[0]}</p> : null}
                    </div>
                    <div className="field">
                      <label htmlFor={`body-${product.productId}`}>{t("reviews.body")}</label>
                      <textarea
                        id={`body-${product.productId}`}
                        name="body"
                        required
                        maxLength={REVIEW_BODY_MAX}
                        rows={5}
                        aria-describedby={`body-${product.productId}-hint`}
                        aria-invalid={mine?.fields?.body ? true : undefined}
                      />
                      <p className="field__hint" id={`body-${product.productId}-hint`}>
                        {t("reviews.bodyHint")}
                      </p>
                      {mine?.fields?.body ? <p className="field__error">{mine.fields.body[0]}</p> : null}
                    </div>
                    <div className="field">
                      <label htmlFor={`photo-${product.productId}`}>{t("reviews.photo")}</label>
                      <input
                        id={`photo-${product.productId}`}
                        name="photo"
                        type="file"
                        accept="image/jpeg,image/png,image/webp"
                        aria-describedby={`photo-${product.productId}-hint`}
                        aria-invalid={mine?.fields?.photo ? true : undefined}
                      />
                      <p className="field__hint" id={`photo-${product.productId}-hint`}>
                        {t("reviews.photoHint")}
                      </p>
                      {mine?.fields?.photo ? <p className="field__error" data-testid="photo-error">{mine.fields.photo[0]}</p> : null}
                    </div>
                    <button type="submit" className="button button--primary" data-testid="review-submit">
                      {t("reviews.submit")}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [...pageMeta(loaderData.meta), { name: "robots", content: "noindex" }] : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
