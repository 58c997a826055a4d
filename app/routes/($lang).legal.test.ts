import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import * as privacy from "./($lang).privacy-policy";
import * as terms from "./($lang).terms-and-conditions";

const visit = (route: typeof privacy | typeof terms, path: string, lang: string | undefined, cookie?: string) =>
  route.loader({ request: new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }), params: { lang }, context: { cspNonce: "" } });

describe.each([
  ["privacy", privacy, "/privacy-policy"],
  ["terms", terms, "/terms-and-conditions"],
] as const)("the %s page's optional language segment", (_, route, path) => {
  const appUrl = getEnv().appUrl;
  const canonical = (page: Awaited<ReturnType<typeof route.loader>>) => page.seo.find((link) => "rel" in link && link.rel === "canonical");

  it("shows the visitor's language without a segment, with that language's canonical address", async () => {
    const english = await visit(route, path, undefined, "lang=en");
    expect(english.language).toBe("en");
    expect(canonical(english)).toMatchObject({ href: `${appUrl}${path}` });
    const arabic = await visit(route, path, undefined, "lang=ar");
    expect(arabic.language).toBe("ar");
    expect(canonical(arabic)).toMatchObject({ href: `${appUrl}/ar${path}` });
    expect(arabic.seo).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "en", href: `${appUrl}${path}` });
  });

  it("shows Arabic at /ar/ whatever the visitor chose", async () => {
    const page = await visit(route, `/ar${path}`, "ar", "lang=en");
    expect(page.language).toBe("ar");
    expect(page.document.title).not.toBe((await visit(route, path, undefined, "lang=en")).document.title);
  });

  it("answers 404 for any other segment", async () => {
    for (const lang of ["en", "fr", "product"]) {
      const thrown = await visit(route, `/${lang}${path}`, lang).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });
});
