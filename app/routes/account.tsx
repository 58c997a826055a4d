import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/account/auth-card";
import { i18nServer } from "~/i18n/i18next.server";
import { requireCustomer } from "~/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { accountMessages } from "~/i18n/browser/areas/account";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const customer = await requireCustomer(request);
  const t = await i18nServer.getFixedT(request);
  return {
    email: customer.email,
    meta: { title: t("account.page.title"), description: t("account.page.description", { shop }), siteName: shop },
  };
}

export default function Account() {
  const { t } = useTranslation();
  const { email } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("account.page.title")} testId="account-page">
      <p>
        {t("account.page.signedInAs")} <span className="account-email" data-testid="account-email">{email}</span>
      </p>
      <div className="account-actions">
        <Link to="/change-password" className="button button--secondary">
          {t("account.page.changePassword")}
        </Link>
        <Link to="/my-orders" className="button button--secondary">
          {t("account.page.myOrders")}
        </Link>
        <Form method="post" action="/logout">
          <button type="submit" className="button button--primary">
            {t("account.page.logout")}
          </button>
        </Form>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
