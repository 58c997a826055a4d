import type { MetaFunction } from "@remix-run/node";
import { directionOf, type Language } from "~/shared/language";
import type { LegalDocument } from "~/i18n/locales/legal-types";
import { pageMeta } from "~/utils/meta";
import type { ShopFace } from "~/models/shop/index.server";

/** The legal texts name the shop as `{{shop}}`: the owner's name from the settings goes in (decision 0075). */
export function withShopName(document: LegalDocument, name: string, values: { deliveryDays?: number; lateDays?: number } = {}): LegalDocument {
  // The terms state the shop's own rules (issue 48): its delivery days from the settings, not a number in the text.
  const fill = (text: string) =>
    text.replaceAll("{{shop}}", name).replaceAll("{{deliveryDays}}", String(values.deliveryDays ?? "")).replaceAll("{{lateDays}}", String(values.lateDays ?? ""));
  return {
    ...document,
    title: fill(document.title),
    description: fill(document.description),
    sections: document.sections.map((section) => ({ heading: fill(section.heading), paragraphs: section.paragraphs.map(fill) })),
  };
}

/**
 * Terms and privacy: title and body in the page's language, right to left for Arabic, paragraph by paragraph, then
 * the shop's commercial registration number as the owner set it, labelled in the document's language (`/ar/…` is
 * Arabic whatever the visitor chose, so the label comes from the loader, not from the layout's language). How to reach the shop is the footer's, below: a list
 * here too would say it twice and, shared with the layout, put the footer in a file of its own on every page.
 */
export function LegalPage({ document, language, shop, registrationLabel }: { document: LegalDocument; language: Language; shop: ShopFace; registrationLabel: string }) {
  return (
    <article className="page legal" lang={language} dir={directionOf(language)} data-testid="legal-page">
      <h1>{document.title}</h1>
      <p className="legal__updated">{document.updated}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
      {shop.commercialRegistration ? (
        <p data-testid="legal-commercial-registration">
          {registrationLabel}: <span dir="ltr">{shop.commercialRegistration}</span>
        </p>
      ) : null}
    </article>
  );
}

type LegalData = { meta: Parameters<typeof pageMeta>[0]; seo: ReturnType<MetaFunction> };

export const legalMeta: MetaFunction<() => Promise<LegalData>> = ({ data }) => (data ? [...pageMeta(data.meta), ...data.seo] : []);
