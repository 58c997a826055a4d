import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TokenActionPage } from "~/components/token-action-page";
import { getLanguage } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { confirmStockNoticeAddress, findStockNoticeAddress } from "~/models/catalogue/index.server";
import { readFormData } from "~/utils/form-data.server";
import { parseWithZod, StockNoticeTokenSchema } from "~/shared/schemas.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";
import { shopNameFor } from "~/models/shop/index.server";

/** The link names one person's address: never kept by a shared cache, never indexed. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * The confirmation mail's link (docs/decisions/0041). A GET confirms nothing, since mail programs and scanners open
 * links on their own: it asks, and the button posts. Worded here, in the visitor's language, like the unsubscribe page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const t = fixedT(await getLanguage(request));
  const token = new URL(request.url).searchParams.get("token");
  const address = await findStockNoticeAddress(token);
  const message = !address
    ? t("stockNotices.confirm.unknown")
    : address.confirmed
      ? t("stockNotices.confirm.done", { email: address.email })
      : t("stockNotices.confirm.question", { email: address.email });
  return data(
    {
      token: address && !address.confirmed ? token : null,
      title: t("stockNotices.confirm.title"),
      message,
      button: t("stockNotices.confirm.button"),
      backToShop: t("stockNotices.unsubscribe.backToShop"),
      meta: { title: t("stockNotices.confirm.title"), siteName: shop },
    },
    { status: address ? 200 : 404 },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const t = fixedT(await getLanguage(request));
  const submission = parseWithZod(await readFormData(request), { schema: StockNoticeTokenSchema });
  const email = submission.status === "success" ? await confirmStockNoticeAddress(submission.value.token) : null;
  if (!email) return data({ done: false, message: t("stockNotices.confirm.unknown") }, { status: 404 });
  return { done: true, message: t("stockNotices.confirm.done", { email }) };
}

export default function ConfirmStockNotices() {
  const texts = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <TokenActionPage name="confirm" texts={texts} answer={answer} />;
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) =>
  loaderData ? [{ title: `${loaderData.meta.title} | ${loaderData.meta.siteName}` }, { name: "robots", content: "noindex" }] : [];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
