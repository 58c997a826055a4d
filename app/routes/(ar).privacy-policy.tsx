import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LegalPage, legalMeta, withShopName } from "~/components/shop/legal-page";
import { getShopFace } from "~/models/shop/index.server";
import { getEnv } from "~/env.server";
import { languageOfArSegment } from "~/i18n/language-segment.server";
import { i18nServer } from "~/i18n/i18next.server";
import * as arLegal from "~/i18n/locales/ar/legal";
import * as enLegal from "~/i18n/locales/en/legal";
import { seoLinks } from "~/utils/seo.server";
import { sharedPageHeaders } from "~/utils/shared-page";
// Every browser entry reaches the bundling hints, so they share React's file (docs/decisions/0021).
import "~/i18n/react";

export const headers = sharedPageHeaders;

const PATH = "/privacy-policy";

/** The privacy policy in the visitor's chosen language; /ar/privacy-policy is always Arabic and is the Arabic text's canonical address. */
export async function loader({ request }: LoaderFunctionArgs) {
  const language = await languageOfArSegment(request);
  const shop = await getShopFace(language);
  const document = withShopName((language === "ar" ? arLegal : enLegal).privacy, shop.name);
  const registrationLabel = (await i18nServer.getFixedT(language))("footer.commercialRegistration");
  return {
    language,
    document,
    shop,
    registrationLabel,
    meta: { title: document.title, description: document.description, siteName: shop.name },
    seo: seoLinks({ appUrl: getEnv().appUrl, path: language === "ar" ? `/ar${PATH}` : PATH, alternates: { en: PATH, ar: `/ar${PATH}` } }),
  };
}

export default function PrivacyPage() {
  const { document, language, shop, registrationLabel } = useLoaderData<typeof loader>();
  return <LegalPage document={document} language={language} shop={shop} registrationLabel={registrationLabel} />;
}

export const meta = legalMeta;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
