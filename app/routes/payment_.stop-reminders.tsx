import { parseWithZod, StopRemindersSchema } from "~/shared/schemas.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FormMessage } from "~/components/form-message";
import { Ltr } from "~/components/ltr";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { i18nServer } from "~/i18n/i18next.server";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { getReminderStop, stopPaymentReminders } from "~/models/payments/index.server";
import { shopNameFor } from "~/models/shop/index.server";
import { redirectWithToast } from "~/cookies/toast.server";
import { readFormData } from "~/utils/form-data.server";
import { pageMeta } from "~/utils/meta";

/** The checkout texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = checkoutMessages;

/**
 * The stop link of a payment reminder (issue 45, decision 0085): the page names the order and asks, and its button
 * (a plain form post, so it works without JavaScript) stops that order's reminders. A GET changes nothing: a mail
 * client or scanner that opens the link stops nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const [shop, t] = await Promise.all([shopNameFor(request), i18nServer.getFixedT(request)]);
  const meta = { title: t("payment.stopReminders.title"), description: t("pageTexts.defaultDescription"), siteName: shop };
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const stop = token.length <= 200 ? await getReminderStop(token) : null;
  if (!stop) return data({ meta, token, orderNumber: null, stopped: false }, { status: 404 });
  return { meta, token, orderNumber: stop.orderNumber, stopped: stop.stopped };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: StopRemindersSchema });
  const token = submission.status === "success" ? submission.value.token : "";
  const stopped = token ? await stopPaymentReminders(token) : null;
  if (!stopped) {
    const t = await i18nServer.getFixedT(request);
    return data({ error: t("payment.stopReminders.unknown") }, { status: 404 });
  }
  return redirectWithToast(`/payment/stop-reminders?token=${encodeURIComponent(token)}`, { name: "remindersStopped" });
}

export default function StopRemindersPage() {
  const { t } = useTranslation();
  const { token, orderNumber, stopped } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <section className="page page--narrow">
      <h1>{t("payment.stopReminders.title")}</h1>
      <div className="payment-card">
        {refused ? <FormMessage message={refused.error} /> : null}
        {orderNumber === null ? (
          <FormMessage message={t("payment.stopReminders.unknown")} />
        ) : stopped ? (
          <p className="form-message form-message--success" role="status">
            <WithOrderNumber text={t("payment.stopReminders.stopped", { orderNumber: SLOT })} orderNumber={orderNumber} />
          </p>
        ) : (
          <Form method="post" replace>
            <input type="hidden" name="token" value={token} />
            <p>
              <WithOrderNumber text={t("payment.stopReminders.ask", { orderNumber: SLOT })} orderNumber={orderNumber} />
            </p>
            <button type="submit" className="button button--primary" data-testid="stop-reminders">
              {t("payment.stopReminders.button")}
            </button>
          </Form>
        )}
        <p>
          <Link to="/">{t("payment.backToShop")}</Link>
        </p>
      </div>
    </section>
  );
}

const SLOT = "\u0000";

/** A sentence with the order number as a left-to-right island on one line, as the payment page shows it (issue 28). */
function WithOrderNumber({ text, orderNumber }: { text: string; orderNumber: string }) {
  const [before, after = ""] = text.split(SLOT);
  return (
    <>
      {before}
      <Ltr data-testid="reminders-order-number">{orderNumber}</Ltr>
      {after}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [...pageMeta(loaderData.meta), { name: "robots", content: "noindex" }] : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
