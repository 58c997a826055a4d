import type { MetaFunction } from "@remix-run/node";
import { directionOf, type Language } from "~/shared/language";
import type { LegalDocument } from "~/i18n/locales/legal-types";
import { pageMeta } from "~/utils/meta";

/** Terms and privacy: title and body in the page's language, right to left for Arabic, paragraph by paragraph. */
export function LegalPage({ document, language }: { document: LegalDocument; language: Language }) {
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
    </article>
  );
}

type LegalData = { meta: Parameters<typeof pageMeta>[0]; seo: ReturnType<MetaFunction> };

export const legalMeta: MetaFunction<() => Promise<LegalData>> = ({ data }) => (data ? [...pageMeta(data.meta), ...data.seo] : []);
