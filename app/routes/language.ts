import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/shared/language";
import { languageCookieHeader } from "~/i18n/language-cookie.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { readFormData } from "~/utils/form-data.server";

/** The language toggle's form posts here; it works the same with JavaScript off. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const language = form.get("lang");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!isLanguage(language)) return redirect(back, { status: 303 });
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": languageCookieHeader(language) },
  });
}

export function loader() {
  return redirect("/");
}
