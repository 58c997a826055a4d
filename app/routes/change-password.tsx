import { getFormProps } from "@conform-to/react";
import { ChangePasswordSchema, getZodConstraint, parseWithZod } from "~/shared/schemas.server";
import { useShopForm } from "~/components/use-shop-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirectWithToast } from "~/cookies/toast.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard, FormErrors } from "~/components/account/auth-card";
import { Field } from "~/components/forms";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { changePassword } from "~/models/accounts/index.server";
import { requireCustomer } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { refusalInit, retryAfterPageHeaders } from "~/utils/page-headers";
import { destroyCustomerSession } from "~/auth/session.server";
import { readFormData } from "~/utils/form-data.server";
import { accountMessages } from "~/i18n/browser/areas/account";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  await requireCustomer(request);
  const t = await i18nServer.getFixedT(request);
  return {
    constraint: getZodConstraint(ChangePasswordSchema),
    meta: { title: t("account.changePassword.title"), description: t("account.changePassword.description"), siteName: shop },
  };
}

/** Success ends every session of the customer (this one too) and sends them to sign in again. */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(request);
  const submission = parseWithZod(await readFormData(request), { schema: ChangePasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["oldPassword", "newPassword"] }), { status: 400 });
  const outcome = await changePassword(customer, submission.value.oldPassword, submission.value.newPassword, {
    language: await getLanguage(request),
    address: clientAddress(context),
  });
  if (!outcome.ok) {
    const reply = submission.reply({ formErrors: [`account.messages.${outcome.message}`], hideFields: ["oldPassword", "newPassword"] });
    return data(reply, refusalInit(outcome));
  }
  return redirectWithToast("/login", { name: "passwordChanged" }, { headers: { "Set-Cookie": await destroyCustomerSession(request) } });
}

export default function ChangePassword() {
  const { constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useShopForm("changePassword", { lastResult, constraint });
  return (
    <AuthCard title={t("account.changePassword.title")} testId="change-password-page">
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <Field meta={fields.oldPassword} label={t("account.changePassword.oldPassword")} type="password" autoComplete="current-password" />
        <Field meta={fields.newPassword} label={t("account.changePassword.newPassword")} type="password" autoComplete="new-password" />
        <button type="submit" className="button button--primary">
          {t("account.changePassword.submit")}
        </button>
      </Form>
      <div className="account-links">
        <Link to="/account">{t("account.orders.backToAccount")}</Link>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
