import { getFormProps } from "@conform-to/react";
import { getZodConstraint, LoginSchema, parseWithZod } from "~/shared/schemas.server";
import { useShopForm } from "~/components/use-shop-form";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard, FormErrors } from "~/components/account/auth-card";
import { Field } from "~/components/forms";
import { i18nServer } from "~/i18n/i18next.server";
import { afterLoginPath, LoginFailure, loginAuthenticator } from "~/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { createCustomerSession, getCustomerFromRequest } from "~/auth/session.server";
import { flashHeader } from "~/cookies/toast.server";
import { readFormData } from "~/utils/form-data.server";
import { accountMessages } from "~/i18n/browser/areas/account";
import { issueDeviceCookie } from "~/auth/device-cookie.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";
import { refusalInit, retryAfterPageHeaders } from "~/utils/page-headers";


/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") === "checkout" ? "checkout" : null;
  if (await getCustomerFromRequest(request)) throw redirect(afterLoginPath(from));
  const t = await i18nServer.getFixedT(request);
  return {
    constraint: getZodConstraint(LoginSchema),
    from,
    meta: { title: t("account.login.title"), description: t("account.login.description", { shop }), siteName: shop },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request.clone());
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  let customer;
  try {
    customer = await loginAuthenticator(context).authenticate("form", request);
  } catch (error) {
    if (!(error instanceof LoginFailure)) throw error;
    const reply = submission.reply({ formErrors: [`account.messages.${error.outcome.message}`], hideFields: ["password"] });
    return data(reply, refusalInit(error.outcome));
  }
  const { setCookie, cartCookie, cartProblem } = await createCustomerSession(request, customer.id);
  const from = submission.value.from === "checkout" ? "checkout" : null;
  const headers = new Headers({ "Set-Cookie": setCookie });
  // The guest cart has joined the shopper's saved one: the cookie is emptied, and what could not join is said as the cart says it.
  if (cartCookie) headers.append("Set-Cookie", cartCookie);
  if (cartProblem) headers.append("Set-Cookie", flashHeader({ name: cartProblem }));
  headers.append("Set-Cookie", await issueDeviceCookie("login", customer.email));
  return redirect(afterLoginPath(from), { headers });
}

export default function Login() {
  const { t } = useTranslation();
  const { constraint, from } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useShopForm("login", { lastResult, constraint });
  return (
    <AuthCard title={t("account.login.title")} testId="login-page">
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        {from ? <input type="hidden" name="from" value={from} /> : null}
        <Field meta={fields.email} label={t("account.login.email")} type="email" autoComplete="email" />
        <Field meta={fields.password} label={t("account.login.password")} type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary">
          {t("account.login.submit")}
        </button>
      </Form>
      <div className="account-links">
        <Link to="/forgot-password">{t("account.login.forgotPassword")}</Link>
        <Link to="/register">{t("account.login.register")}</Link>
      </div>
      {from === "checkout" ? (
        <>
          <p className="account-separator">{t("account.login.or")}</p>
          {/* The checkout route handles this POST: it lets a guest check out without an account. */}
          <form method="post" action="/checkout">
            <input type="hidden" name="intent" value="guest" />
            <button type="submit" className="button button--secondary" data-testid="guest-checkout">
              {t("account.login.guestCheckout")}
            </button>
          </form>
        </>
      ) : null}
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
