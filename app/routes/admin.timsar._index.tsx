import { getFormProps } from "@conform-to/react";
import { AdminCodeStepSchema, AdminLoginSchema, getZodConstraint, parseWithZod } from "~/shared/schemas.server";
import { useFormSubmitting, useShopForm } from "~/components/use-shop-form";
import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Field, FormMessage } from "~/components/forms";
import { i18nServer } from "~/i18n/i18next.server";
import { verifyAdminLogin, needsSecondStep } from "~/models/accounts/index.server";
import { createAdminSession, getAdminFromRequest, type AccessOrigin } from "~/auth/admin-session.server";
import { auditAddress, clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { adminLoginMessages } from "~/i18n/browser/areas/admin/login";
import { issueDeviceCookie, readDeviceCookie } from "~/auth/device-cookie.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { finishSecondStep, pendingSecondStep, startSecondStep } from "~/auth/second-step.server";

/** The sign-in page's texts, which the browser fetches with this page (app/i18n/browser/areas/admin/). */
export const handle = adminLoginMessages;

const DASHBOARD = "/admin/timsar/dashboard";

/**
 * The layout's headers, and a refusal's real wait: a page's answer takes only what its headers function gives, so
 * without this the 429 left with server/security.ts's 60-second fallback while the wait was often far longer.
 */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const answer = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) answer.set("Retry-After", retryAfter);
  return answer;
};

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getAdminFromRequest(request)) throw redirect(DASHBOARD);
  const t = await i18nServer.getFixedT(request);
  return {
    constraint: getZodConstraint(AdminLoginSchema),
    title: t("admin.login.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const t = await i18nServer.getFixedT(request);
  const origin = { address: auditAddress(context), requestId: request.headers.get("x-request-id") };
  if (form.get("intent") === "code") {
    const step = parseWithZod(form, { schema: AdminCodeStepSchema });
    return secondStepAction(request, step.status === "success" ? step.value.code : "", clientAddress(context), origin, t);
  }
  const submission = parseWithZod(form, { schema: AdminLoginSchema });
  if (submission.status !== "success") return Response.json(submission.reply(), { status: 400 });
  const device = await readDeviceCookie(request, "admin-login");
  const result = await verifyAdminLogin(submission.value.email, submission.value.password, clientAddress(context), device, origin.address);
  if (!result.ok) {
    const tooMany = result.reason === "tooManyAttempts";
    const message = tooMany ? t("admin.login.tooManyAttempts") : t("admin.login.invalidCredentials");
    return Response.json(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
      status: tooMany ? 429 : 401,
      headers: tooMany ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    });
  }
  // An owner with two-step sign-in gets no session yet: the page asks for the code next.
  if (await needsSecondStep(result.admin.id)) {
    return Response.json({ step: "code" }, { headers: { "Set-Cookie": await startSecondStep(result.admin) } });
  }
  const headers = new Headers({ "Set-Cookie": await createAdminSession(result.admin.id, origin) });
  headers.append("Set-Cookie", await issueDeviceCookie("admin-login", result.admin.email));
  return redirect(DASHBOARD, { status: 303, headers });
}

/** The code of a two-step sign-in, posted after the password (the pending cookie names who typed it). */
async function secondStepAction(request: Request, code: string, address: string, origin: AccessOrigin, t: Awaited<ReturnType<typeof i18nServer.getFixedT>>) {
  const pending = await pendingSecondStep(request);
  // Five minutes passed (or no password was typed): back to the password.
  if (!pending) return redirect("/admin/timsar", 303);
  const result = await finishSecondStep(pending, code, address, origin);
  if (result.ok) return redirect(DASHBOARD, { status: 303, headers: result.headers });
  if (result.reason === "tooManyAttempts") {
    return Response.json({ step: "code", error: t("admin.login.tooManyAttempts") }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
  }
  return Response.json({ step: "code", error: t("admin.login.codeInvalid") }, { status: 401 });
}

export default function AdminLogin() {
  const { constraint } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const submitting = useFormSubmitting();
  const secondStep = lastResult && typeof lastResult === "object" && "step" in lastResult ? (lastResult as { error?: string }) : null;
  const [form, fields] = useShopForm("adminLogin", { lastResult: secondStep ? undefined : lastResult, constraint });
  if (secondStep) return <SecondStepForm error={secondStep.error ?? null} />;
  return (
    <section className="admin-login page">
      <h1>{t("admin.login.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="admin-card admin-form">
        <FormMessage message={form.errors?.length ? form.errors[0] || t("admin.login.failed") : null} />
        <Field meta={fields.email} label={t("admin.login.email")} type="email" autoComplete="username" />
        <Field meta={fields.password} label={t("admin.login.password")} type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {t("admin.login.submit")}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

function SecondStepForm({ error }: { error: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="admin-login page">
      <h1>{t("admin.login.title")}</h1>
      <Form method="post" className="admin-card admin-form" data-testid="second-step-form">
        <p>{t("admin.login.codeIntro")}</p>
        <FormMessage message={error} />
        <input type="hidden" name="intent" value="code" />
        <div className="field">
          <label htmlFor="login-code">{t("admin.login.code")}</label>
          <input id="login-code" name="code" inputMode="numeric" autoComplete="one-time-code" dir="ltr" required maxLength={32} />
        </div>
        <button type="submit" className="button button--primary">
          {t("admin.login.codeSubmit")}
        </button>
      </Form>
    </section>
  );
}
