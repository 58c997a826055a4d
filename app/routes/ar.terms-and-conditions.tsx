import { useLoaderData } from "@remix-run/react";
import { LegalErrorBoundary, LegalPage, legalMeta } from "~/components/shop/legal-page";
import { fixedT } from "~/i18n/fixed-t.server";
import { legalPage } from "~/models/legal.server";
import { sharedPageHeaders } from "~/utils/shared-page";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

export const headers = sharedPageHeaders;

/** The Arabic address of /terms-and-conditions: Arabic whatever language the visitor chose. */
export function loader() {
  const t = fixedT("ar");
  return legalPage("terms", "ar", t("meta.siteName"));
}

export default function ArabicTermsPage() {
  const { document, language } = useLoaderData<typeof loader>();
  return <LegalPage document={document} language={language} />;
}

export const meta = legalMeta;

export const ErrorBoundary = LegalErrorBoundary;
