import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import * as privacy from "./(ar).privacy-policy";
import * as terms from "./(ar).terms-and-conditions";

const visit = (route: typeof privacy | typeof terms, path: string, cookie: string) =>
  route.loader({ request: new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params: {}, context: { cspNonce: "" } });

describe.each([
  ["privacy", privacy, "/privacy-policy"],
  ["terms", terms, "/terms-and-conditions"],
] as const)("the %s page's optional /ar/ segment", (_, route, path) => {
  const appUrl = getEnv().appUrl;
  const canonical = (page: Awaited<ReturnType<typeof route.loader>>) => page.seo.find((link) => "rel" in link && link.rel === "canonical");

  it("shows the visitor's language without a segment, with that language's canonical address", async () => {
    const english = await visit(route, path, "lang=en");
    expect(english.language).toBe("en");
    expect(canonical(english)).toMatchObject({ href: `${appUrl}${path}` });
    const arabic = await visit(route, path, "lang=ar");
    expect(arabic.language).toBe("ar");
    expect(canonical(arabic)).toMatchObject({ href: `${appUrl}/ar${path}` });
    expect(arabic.seo).toContainEqual({ tagName: "link", rel: "alternate", hrefLang: "en", href: `${appUrl}${path}` });
  });

  it("shows Arabic at /ar/ whatever the visitor chose", async () => {
    const page = await visit(route, `/ar${path}`, "lang=en");
    expect(page.language).toBe("ar");
    expect((await visit(route, `/AR${path}/`, "lang=en")).language).toBe("ar");
    expect(page.document.title).not.toBe((await visit(route, path, "lang=en")).document.title);
  });
});
