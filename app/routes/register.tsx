import type { SubmissionResult } from "@conform-to/react";
import { CodeStepSchema, EmailSchema, getZodConstraint, parseWithZod, ProfileSchema } from "~/shared/schemas.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/account/auth-card";
import { CodeStep, EmailStep, ProfileStep } from "~/components/account/register-steps";
import { FormMessage } from "~/components/form-message";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { completeRegistration, isRegistrationVerified, startRegistration, verifyRegistrationCode } from "~/models/accounts/index.server";
import { readRegistrationProgress, saveRegistrationProgress, type RegistrationProgress } from "~/auth/account-flow.server";
import { clientAddress } from "~/utils/client-address.server";
import { pageMeta } from "~/utils/meta";
import { refusalInit, retryAfterPageHeaders } from "~/utils/page-headers";
import { createCustomerSession, getCustomerFromRequest } from "~/auth/session.server";
import { afterLoginPath } from "~/auth/auth.server";
import { flashHeader } from "~/cookies/toast.server";
import { clearProofCookieHeader, getProof, proofCookieHeader } from "~/auth/verification-proof.server";
import { readFormData } from "~/utils/form-data.server";
import { accountMessages } from "~/i18n/browser/areas/account";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { shopNameFor } from "~/models/shop/index.server";

type StepName = "email" | "code" | "profile";
type ActionData = { step: StepName; result?: SubmissionResult<string[]>; notice?: string };

/** Step 3 is shown only while this browser still holds a live proof; otherwise back to step 2 (SPEC section 4). */
/** The account texts, which the browser gets with this route (app/i18n/route-messages.tsx). */
export const handle = accountMessages;

/** A refusal's real wait reaches the browser (app/utils/page-headers.ts). */
export const headers = retryAfterPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await shopNameFor(request);
  if (await getCustomerFromRequest(request)) throw redirect("/account");
  const t = await i18nServer.getFixedT(request);
  const progress = await readRegistrationProgress(request);
  let step = progress?.step ?? 1;
  let warning: string | null = null;
  if (progress && step === 3 && !(await isRegistrationVerified(progress.email, getProof(request, "register", progress.email)))) {
    step = 2;
    warning = "account.messages.verifyAgain";
  }
  return {
    step,
    // Each step's form attributes (required, lengths) from its schema, so the browser needs no zod to draw it.
    constraints: { email: getZodConstraint(EmailSchema), code: getZodConstraint(CodeStepSchema), profile: getZodConstraint(ProfileSchema) },
    email: progress?.email ?? "",
    warning,
    meta: { title: t("account.register.title"), description: t("account.register.description", { shop }), siteName: shop },
  };
}

async function goTo(progress: RegistrationProgress | null, extraCookies: string[] = [], path = "/register") {
  const headers = new Headers({ "Set-Cookie": await saveRegistrationProgress(progress) });
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return redirect(path, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const progress = await readRegistrationProgress(request);
  const flowContext = { language: await getLanguage(request), address: clientAddress(context) };
  const proofFor = (email: string) => getProof(request, "register", email);

  if (intent === "change-email") return goTo({ email: progress?.email ?? "", step: 1 });
  if (intent === "change-code") return goTo(progress ? { ...progress, step: 2 } : null);
  if (intent === "resend") {
    if (!progress?.email) return goTo(null);
    const outcome = await startRegistration(progress.email, proofFor(progress.email), flowContext);
    if (!outcome.ok) return data<ActionData>({ step: "code", notice: `account.messages.${outcome.message}` }, refusalInit(outcome));
    if (outcome.alreadyVerified) return goTo({ ...progress, step: 3 });
    return data<ActionData>({ step: "code", notice: "account.messages.codeSent" });
  }
  if (intent === "email") {
    const submission = parseWithZod(formData, { schema: EmailSchema });
    if (submission.status !== "success") return data<ActionData>({ step: "email", result: submission.reply() }, { status: 400 });
    const email = submission.value.email;
    const outcome = await startRegistration(email, proofFor(email), flowContext);
    if (!outcome.ok) return data<ActionData>({ step: "email", result: submission.reply({ formErrors: [`account.messages.${outcome.message}`] }) }, refusalInit(outcome));
    return goTo({ email, step: outcome.alreadyVerified ? 3 : 2 });
  }
  if (!progress?.email) return goTo(null);
  if (intent === "code") {
    const submission = parseWithZod(formData, { schema: CodeStepSchema });
    if (submission.status !== "success") return data<ActionData>({ step: "code", result: submission.reply() }, { status: 400 });
    const outcome = await verifyRegistrationCode(progress.email, submission.value.verificationCode, proofFor(progress.email), flowContext);
    if (!outcome.ok) return data<ActionData>({ step: "code", result: submission.reply({ formErrors: [`account.messages.${outcome.message}`] }) }, refusalInit(outcome));
    return goTo({ ...progress, step: 3 }, outcome.proofToken ? [proofCookieHeader("register", outcome.proofToken)] : []);
  }
  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: ProfileSchema });
    if (submission.status !== "success") return data<ActionData>({ step: "profile", result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    const outcome = await completeRegistration({ email: progress.email, ...submission.value }, proofFor(progress.email), flowContext);
    if (!outcome.ok && outcome.status === 403) return goTo({ ...progress, step: 3 });
    if (!outcome.ok) return data<ActionData>({ step: "profile", result: submission.reply({ formErrors: [`account.messages.${outcome.message}`], hideFields: ["password"] }) }, refusalInit(outcome));
    // SPEC's reset of the saved progress, and the shopper is signed in where a signed-in shopper lands (issue 28, point 6).
    const { setCookie, cartCookie } = await createCustomerSession(request, outcome.customer.id);
    const joined = cartCookie ? [cartCookie] : [];
    return goTo(null, [clearProofCookieHeader("register"), setCookie, ...joined, flashHeader({ name: "accountCreated" })], afterLoginPath(null));
  }
  return goTo(progress);
}

export default function Register() {
  const { t } = useTranslation();
  const { step, email, warning, constraints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const resultFor = (name: StepName) => (actionData?.step === name ? actionData.result : undefined);
  return (
    <AuthCard title={t("account.register.title")} testId="register-page">
      <p className="account-steps" data-testid="register-step" data-step={step}>
        {t("account.register.stepOf", { step })}
      </p>
      {warning ? <FormMessage message={t(warning as never)} /> : null}
      {actionData?.notice ? (
        <FormMessage kind={actionData.notice.endsWith("codeSent") ? "success" : "error"} message={t(actionData.notice as never)} />
      ) : null}
      {step === 1 ? <EmailStep key="email" lastResult={resultFor("email")} email={email} constraint={constraints.email} /> : null}
      {step === 2 ? <CodeStep key="code" lastResult={resultFor("code")} email={email} constraint={constraints.code} /> : null}
      {step === 3 ? <ProfileStep key="profile" lastResult={resultFor("profile")} email={email} constraint={constraints.profile} /> : null}
      <div className="account-links">
        <Link to="/login">{t("account.register.haveAccount")}</Link>
      </div>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.meta) : []);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
