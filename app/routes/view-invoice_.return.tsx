import type { ChangeEvent } from "react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { redirectWithToast } from "~/cookies/toast.server";
import { FormMessage } from "~/components/form-message";
import { Ltr, withLtr } from "~/components/ltr";
import { ReturnsList } from "~/components/returns-list";
import { getCustomerFromRequest } from "~/auth/session.server";
import { returnsMessages } from "~/i18n/browser/areas/returns";
import { inLanguage } from "~/i18n/bilingual.server";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { makeReturnRequest, returnPageView, type ReturnLineInput } from "~/models/returns/index.server";
import { returnReadJson } from "~/api/answers/returns.server";
import type { Language } from "~/shared/language";
import type { PageToast } from "~/shared/toast-messages";
import { formatKDText } from "~/shared/bidi";
import { formatCount } from "~/shared/digits";
import { normalizeOrderNumber } from "~/shared/order-number";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { RETURN_REASONS, RETURN_RESOLUTIONS } from "~/shared/returns";
import { parseWithZod, ReturnRequestFormSchema } from "~/shared/schemas.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";
import { retryAfterPageHeaders } from "~/utils/page-headers";
import { formatAdminDate } from "~/shared/admin-dates";
import { shopNameFor } from "~/models/shop/index.server";

/**
 * The shopper's return request (issue 32), reached from My Orders (the signed-in owner) and from /view-invoice (with
 * the order's phone): the order's lines with what is left of each, a reason per line, refund or exchange. A plain
 * POST form, so it works without JavaScript; the answer is the `RET-` number and what happens next.
 */
export const handle = returnsMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

function pageUrl(orderNumber: string, phone: string) {
  const params = new URLSearchParams({ orderNumber });
  if (phone) params.set("phone", phone);
  return `/view-invoice/return?${params.toString()}`;
}

/** A refused lookup's answer headers: every 429 says when to come back. */
function retryAfter(seconds: number) {
  return { "Retry-After": String(Math.max(1, Math.ceil(seconds))), "Cache-Control": "no-store" };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const [language, t] = await Promise.all([getLanguage(request), i18nServer.getFixedT(request)]);
  const url = new URL(request.url);
  const orderNumber = normalizeOrderNumber(url.searchParams.get("orderNumber") ?? "").slice(0, 40);
  const phone = (url.searchParams.get("phone") ?? "").slice(0, 40);
  const meta = { title: t("returns.title"), description: t("returns.description"), siteName: shop };
  const customer = await getCustomerFromRequest(request);
  const view = orderNumber ? await returnPageView(orderNumber, { customerId: customer?.id ?? null, phone, address: clientAddress(context) }) : ({ kind: "notFound" } as const);
  const base = { meta, language, orderNumber, phone };
  if (view.kind === "limited") return data({ ...base, view, error: inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, language) }, { status: 429, headers: retryAfter(view.retryAfterSeconds) });
  if (view.kind === "notFound") return data({ ...base, view, error: t("returns.errors.notFound") }, { status: 404 });
  if (view.kind === "needPhone") return data({ ...base, view, error: view.wrongPhone ? t("returns.errors.wrongPhone") : null }, { status: view.wrongPhone ? 403 : 200 });
  return { ...base, view: { ...view, returns: view.returns.map(returnReadJson) }, error: view.problem ? t(view.problem) : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const submission = parseWithZod(await readFormData(request), { schema: ReturnRequestFormSchema });
  if (submission.status !== "success") return data({ error: t("returns.errors.invalid") }, { status: 400 });
  const { phone, resolution, notes, items } = submission.value;
  const orderNumber = normalizeOrderNumber(submission.value.orderNumber);
  const lines: ReturnLineInput[] = items
    .filter((line) => line.quantity > 0)
    .map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity, reason: line.reason, exchangeVariantId: line.exchangeVariantId ?? null }));
  const customer = await getCustomerFromRequest(request);
  const outcome = await makeReturnRequest({
    orderNumber,
    customerId: customer?.id ?? null,
    phone,
    address: clientAddress(context),
    items: lines,
    resolution,
    notes,
  });
  if (!outcome.ok) {
    if (outcome.status === 429) {
      const error = inLanguage(TOO_MANY_ATTEMPTS_MESSAGE, await getLanguage(request));
      return data({ error }, { status: 429, headers: retryAfter(outcome.retryAfterSeconds) });
    }
    return data({ error: t(outcome.key) }, { status: outcome.status });
  }
  // Post/Redirect/Get with the flash (decision 0049): the page shows the number it carries, checked as a return
  // number, and what happens next; a reload shows the order's returns, the new one among them.
  return redirectWithToast(pageUrl(orderNumber, phone), { name: "returnRequested", returnNumber: outcome.value.number });
}

/**
 * Another size or colour is an exchange: picking one selects it, so it is never dropped with a refund (without
 * JavaScript the server refuses that pair with a message, decision 0078).
 */
function chooseExchange(event: ChangeEvent<HTMLSelectElement>) {
  const choice = event.currentTarget.form?.elements.namedItem("resolution");
  if (event.currentTarget.value && choice instanceof RadioNodeList) choice.value = "exchange";
}

/** A line the shopper can still send back: not personalised, and some of it left. */
function takesReturn(line: { personalised: boolean; quantityLeft: number }) {
  return !line.personalised && line.quantityLeft > 0;
}

function lastDay(windowEnd: string, language: Language): string {
  return formatAdminDate(new Date(new Date(windowEnd).getTime() - 1), language);
}

export default function ReturnRequestPage() {
  const { t } = useTranslation();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { view, language, orderNumber, phone } = loaderData;
  // The flash the request left (its number checked as a return number), read by the root loader once.
  const done = (useRouteLoaderData("root") as { toast?: PageToast | null } | undefined)?.toast?.returnNumber ?? null;
  const error = actionData?.error ?? loaderData.error;
  return (
    <section className="page page--narrow return-request" data-testid="return-request">
      <h1>{t("returns.title")}</h1>
      {orderNumber ? <p>{withLtr((values) => t("returns.order", values), { number: <Ltr key="number">{orderNumber}</Ltr> })}</p> : null}
      {done ? (
        <div className="form-message form-message--success" role="status" data-testid="return-done">
          <p>{withLtr((values) => t("returns.done", values), { number: <Ltr key="number" data-testid="return-number">{done}</Ltr> })}</p>
          <p>{t("returns.next")}</p>
        </div>
      ) : null}
      <FormMessage message={error} />
      {view.kind === "needPhone" ? (
        <Form method="get">
          <input type="hidden" name="orderNumber" value={orderNumber} />
          <p className="field__hint">{t("returns.phoneHint")}</p>
          <div className="field">
            <label htmlFor="return-phone">{t("returns.phone")}</label>
            <div className="phone-input" dir="ltr">
              <span className="phone-input__prefix">{KUWAIT_DIALING_PREFIX}</span>
              <input id="return-phone" name="phone" type="tel" inputMode="tel" maxLength={40} defaultValue={phone} autoComplete="tel-national" />
            </div>
          </div>
          <button type="submit" className="button button--primary">
            {t("returns.open")}
          </button>
        </Form>
      ) : null}
      {view.kind === "found" && !done && !view.problem ? (
        <Form method="post" className="return-form">
          <p>{t("returns.terms")}</p>
          {view.windowEnd ? <p className="field__hint">{t("returns.until", { date: lastDay(view.windowEnd, language) })}</p> : null}
          <input type="hidden" name="orderNumber" value={view.orderNumber} />
          <input type="hidden" name="phone" value={phone} />
          <ul className="return-lines">
            {view.lines.map((line) => {
              // conform's names for the list of lines (items[0].quantity …), numbered among the lines that take a return.
              const item = `items[${view.lines.filter(takesReturn).indexOf(line)}]`;
              const name = (language === "ar" ? line.name.ar || line.name.en : line.name.en || line.name.ar) || "-";
              const open = takesReturn(line);
              return (
                <li key={line.orderItemId} className="return-line" data-testid="return-line">
                  <strong>{name}</strong>
                  {line.personalised ? (
                    <p className="field__hint" data-testid="not-returnable">
                      {t("returns.personalised")}
                    </p>
                  ) : line.quantityLeft === 0 ? (
                    <p className="field__hint">{t("returns.nothingLeft")}</p>
                  ) : (
                    <p className="field__hint">{t("returns.left", { count: line.quantityLeft })}</p>
                  )}
                  {open ? (
                    <div className="return-line__fields">
                      <input type="hidden" name={`${item}.orderItemId`} value={line.orderItemId} />
                      <div className="field">
                        <label htmlFor={`qty-${line.orderItemId}`}>{t("returns.quantity")}</label>
                        <select id={`qty-${line.orderItemId}`} name={`${item}.quantity`} defaultValue="0">
                          {Array.from({ length: line.quantityLeft + 1 }, (_, count) => (
                            <option key={count} value={count}>
                              {formatCount(count, language)}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor={`reason-${line.orderItemId}`}>{t("returns.reason")}</label>
                        <select id={`reason-${line.orderItemId}`} name={`${item}.reason`} defaultValue="changedMind">
                          {RETURN_REASONS.map((reason) => (
                            <option key={reason} value={reason}>
                              {t(`returns.reasons.${reason}`)}
                            </option>
                          ))}
                        </select>
                      </div>
                      {line.variants.length > 0 ? (
                        <div className="field">
                          <label htmlFor={`exchange-${line.orderItemId}`}>{t("returns.exchangeFor")}</label>
                          <select id={`exchange-${line.orderItemId}`} name={`${item}.exchangeVariantId`} defaultValue="" data-testid="exchange-variant" onChange={chooseExchange}>
                            <option value="">{t("returns.sameVariant")}</option>
                            {line.variants.map((variant) => {
                              const values = variant.optionValues.map((value) => value[language] || value.en).join(" / ");
                              // A dearer one says by how much: its difference is paid online once the exchange is decided.
                              const more = variant.priceFils - line.priceFils;
                              return (
                                <option key={variant.id} value={variant.id}>
                                  {more > 0 ? t("returns.dearerVariant", { values, amount: formatKDText(more, language) }) : values}
                                </option>
                              );
                            })}
                          </select>
                          {line.variants.some((variant) => variant.priceFils > line.priceFils) ? <p className="field__hint">{t("returns.dearerHint")}</p> : null}
                        </div>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <fieldset className="return-choices">
            <legend>{t("returns.resolutionLabel")}</legend>
            {RETURN_RESOLUTIONS.map((resolution) => (
              <label key={resolution} className="return-choice">
                <input type="radio" name="resolution" value={resolution} defaultChecked={resolution === "refund"} /> {t(`returns.resolutions.${resolution}`)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="return-notes">{t("returns.notes")}</label>
            <textarea id="return-notes" name="notes" maxLength={1000} rows={3} />
          </div>
          <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"} data-testid="send-return">
            {navigation.state === "submitting" ? t("returns.sending") : t("returns.send")}
          </button>
        </Form>
      ) : null}
      {view.kind === "found" ? <ReturnsList returns={view.returns} language={language} /> : null}
      <p>
        <Link to={`/view-invoice?${new URLSearchParams({ orderNumber, phone }).toString()}`}>{t("returns.back")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
