import { bilingual, forRequest, inLanguage } from "~/i18n/bilingual.server";
import { getLanguage } from "~/i18n/i18next.server";
import { getShopFace } from "~/models/shop/index.server";
import { directionOf, type Language } from "~/shared/language";
import { escapeHtml } from "~/utils/html";
import { jsonError } from "~/utils/api.server";
import appStyles from "~/styles/app.css";
import shopStyles from "~/styles/shop.css";

/**
 * A refusal from a route that answers files (an invoice, a credit note): a browser that opened the address gets a
 * page in its language, an HTTP client the `{ message }` of CONTRACT.md in the language the request names (both
 * without one). These addresses are not under /api/, where the server would choose that language for them.
 */
export async function refuseDocument(request: Request, status: 403 | 404, message: string): Promise<Response> {
  if (!(request.headers.get("Accept") ?? "").toLowerCase().includes("text/html")) return jsonError(status, forRequest(request, message));
  const language = await getLanguage(request);
  const { name } = await getShopFace(language);
  const html = refusalPage(language, inLanguage(message, language), name);
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Language": language, "Cache-Control": "no-store", Vary: "Accept, Accept-Language, Cookie" },
  });
}

/** The shop's error page (app/components/error-page.tsx) as a document of its own: its styles, its words, its way back. */
function refusalPage(language: Language, message: string, shopName: string): string {
  const title = shopName ? `${message} | ${shopName}` : message;
  const backHome = inLanguage(bilingual("errors.backHome"), language);
  return (
    `<!DOCTYPE html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
    `${[appStyles, shopStyles].filter(Boolean).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("")}</head><body><main>` +
    `<section class="error-page" data-testid="error-page"><h1>${escapeHtml(message)}</h1>` +
    `<a href="/" class="button button--primary">${escapeHtml(backHome)}</a></section></main></body></html>`
  );
}
