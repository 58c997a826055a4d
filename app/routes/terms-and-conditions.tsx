import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalErrorBoundary, LegalPage, legalMeta } from "~/components/shop/legal-page";
import { getLanguage } from "~/i18n/i18next.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { legalPage } from "~/models/legal.server";
import { sharedPageHeaders } from "~/utils/shared-page";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

export const headers = sharedPageHeaders;

/** In the visitor's chosen language; /ar/terms-and-conditions is always Arabic. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const t = fixedT(language);
  return legalPage("terms", language, t("meta.siteName"));
}

export default function TermsPage() {
  const { document, language } = useLoaderData<typeof loader>();
  return <LegalPage document={document} language={language} />;
}

export const meta = legalMeta;

export const ErrorBoundary = LegalErrorBoundary;
