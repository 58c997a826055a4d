import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { OrderCard } from "~/components/account/order-card";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { getOrdersForCustomer } from "~/models/fulfilment/index.server";
import { orderAsReadJson } from "~/api/answers/orders.server";
import { ordersOpenForReturn } from "~/models/returns/index.server";
import { returnsMessages } from "~/i18n/browser/areas/returns";
import { requireCustomer } from "~/auth/auth.server";
import { lateCancelFormAction } from "~/auth/late-cancel.server";
import { lateCancelState } from "~/shared/promised-date";
import { pageMeta } from "~/utils/meta";
import { accountMessages } from "~/i18n/browser/areas/account";
import { checkoutMessages } from "~/i18n/browser/areas/checkout";
import { combinedAreas } from "~/i18n/area-messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

/** The account and checkout texts (order statuses), which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = combinedAreas(accountMessages, checkoutMessages, returnsMessages);

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const customer = await requireCustomer(request);
  const [t, language, orders] = await Promise.all([i18nServer.getFixedT(request), getLanguage(request), getOrdersForCustomer(customer.id).then((found) => found.map(orderAsReadJson))]);
  // Only a delivered order takes a return: no query for a shopper whose orders are still on their way.
  const delivered = orders.filter((order) => order.status === "delivered").map((order) => order._id);
  const open = await ordersOpenForReturn(delivered);
  return {
    orders: orders.map((order) => ({
      ...order,
      returnOpen: open.has(order._id),
      // Only paid orders are listed here.
      lateCancelOpen: lateCancelState({ ...order, paymentStatus: "paid" }, new Date()) === "open",
    })),
    language,
    meta: { title: t("account.orders.title"), description: t("account.orders.description", { shop }), siteName: shop },
  };
}

/** "Cancel and get a full refund" of a late order (issue 48), the signed-in shopper's own. */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  return lateCancelFormAction(request, context, { customerId: customer.id }, () => "/my-orders");
}

export default function MyOrders() {
  const { t } = useTranslation();
  const { orders, language } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.lateCancel;
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === "/my-orders";
  return (
    <section className="page orders-page" data-testid="my-orders-page" aria-busy={reloading}>
      <h1>{t("account.orders.title")}</h1>
      {reloading ? <p role="status">{t("account.orders.loading")}</p> : null}
      {orders.length === 0 ? (
        <p data-testid="orders-empty">{t("account.orders.empty")}</p>
      ) : (
        <ul className="order-list">
          {orders.map((order) => (
            <OrderCard key={order._id} order={order} language={language} lateCancelError={refused?.orderNumber === order.orderNumber ? refused.message : null} />
          ))}
        </ul>
      )}
      <p>
        <Link to="/account">{t("account.orders.backToAccount")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta) : []);

/** SPEC section 8: any failure to read the orders shows the empty view, without a message. */
function NoOrders() {
  const { t } = useTranslation();
  return (
    <section className="page orders-page">
      <h1>{t("account.orders.title")}</h1>
      <p data-testid="orders-empty">{t("account.orders.empty")}</p>
    </section>
  );
}

const noOrders = () => <NoOrders />;

export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultStatusHandler={noOrders} unexpectedErrorHandler={noOrders} />;
}
