import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TokenActionPage } from "~/components/token-action-page";
import { getLanguage } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { findStockNoticeEmail, unsubscribeStockNotices } from "~/models/catalogue/index.server";
import { readFormData } from "~/utils/form-data.server";
import { parseWithZod, StockNoticeTokenSchema } from "~/shared/schemas.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";
import { shopNameFor } from "~/models/shop/index.server";

/** The link names one person's address: never kept by a shared cache, never indexed. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * The back-in-stock mail's link. A GET changes nothing (a mail program that opens links to scan them must not
 * unsubscribe anyone): it asks, and the button posts. The texts are worded here, in the visitor's language, so the
 * page carries no texts module of its own.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = fixedT(await getLanguage(request));
  const token = new URL(request.url).searchParams.get("token");
  const email = await findStockNoticeEmail(token);
  return data(
    {
      token: email ? token : null,
      title: t("stockNotices.unsubscribe.title"),
      message: email ? t("stockNotices.unsubscribe.confirm", { email }) : t("stockNotices.unsubscribe.unknown"),
      button: t("stockNotices.unsubscribe.button"),
      backToShop: t("stockNotices.unsubscribe.backToShop"),
      meta: { title: t("stockNotices.unsubscribe.title"), siteName: shop },
    },
    { status: email ? 200 : 404 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const t = fixedT(await getLanguage(request));
  const submission = parseWithZod(await readFormData(request), { schema: StockNoticeTokenSchema });
  const email = submission.status === "success" ? await unsubscribeStockNotices(submission.value.token) : null;
  if (!email) return data({ done: false, message: t("stockNotices.unsubscribe.unknown") }, { status: 404 });
  return { done: true, message: t("stockNotices.unsubscribe.done", { email }) };
}

export default function UnsubscribeStockNotices() {
  const texts = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <TokenActionPage name="unsubscribe" texts={texts} answer={answer} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  loaderData ? [{ title: `${loaderData.meta.title} | ${loaderData.meta.siteName}` }, { name: "robots", content: "noindex" }] : [];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
