import { isLanguage } from "~/shared/language";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { languageCookieHeader } from "~/i18n/language-cookie.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { readFormData } from "~/utils/form-data.server";
import { LanguageFormSchema, parseWithZod } from "~/shared/schemas.server";

/** The language toggle's form posts here; it works the same with JavaScript off. */
export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LanguageFormSchema });
  const { lang, redirectTo } = submission.status === "success" ? submission.value : {};
  const back = safeRedirectPath(redirectTo);
  // A language the shop does not speak changes nothing; the shopper still goes back to the page.
  if (!isLanguage(lang)) return redirect(back, { status: 303 });
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": languageCookieHeader(lang) },
  });
}

export function loader() {
  return redirect("/");
}
