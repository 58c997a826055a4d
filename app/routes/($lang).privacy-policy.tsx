import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalPage, legalMeta } from "~/components/shop/legal-page";
import { getEnv } from "~/env.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { languageOfSegment } from "~/i18n/language-segment.server";
import * as arLegal from "~/i18n/locales/ar/legal";
import * as enLegal from "~/i18n/locales/en/legal";
import { seoLinks } from "~/utils/seo";
import { sharedPageHeaders } from "~/utils/shared-page";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

export const headers = sharedPageHeaders;

const PATH = "/privacy-policy";

/** The privacy policy in the visitor's chosen language; /ar/privacy-policy is always Arabic and is the Arabic text's canonical address. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = await languageOfSegment(request, params.lang);
  const document = (language === "ar" ? arLegal : enLegal).privacy;
  return {
    language,
    document,
    meta: { title: document.title, description: document.description, siteName: fixedT(language)("meta.siteName") },
    seo: seoLinks({ appUrl: getEnv().appUrl, path: language === "ar" ? `/ar${PATH}` : PATH, alternates: { en: PATH, ar: `/ar${PATH}` } }),
  };
}

export default function PrivacyPage() {
  const { document, language } = useLoaderData<typeof loader>();
  return <LegalPage document={document} language={language} />;
}

export const meta = legalMeta;

/** A language segment other than `ar` is no page: the shop's 404, as any unknown address. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ErrorPage kind="notFound" /> }} />;
}
