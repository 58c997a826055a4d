import crypto from "node:crypto";
import zlib from "node:zlib";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "~/i18n/react";
import { CatalogueImportSchema, parseWithZod } from "~/shared/schemas.server";
import { adminErrorHandlers } from "~/components/admin/admin-error";
import { SheetErrors, SheetPreview } from "~/components/admin/catalogue-sheet-preview";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getLanguage, i18nServer } from "~/i18n/i18next.server";
import { applyCatalogueSheet, bulkSheetRows, type SheetError, type SheetPlan } from "~/models/catalogue/index.server";
import { openImportSeal, planImportText, readImportFile, sealImport, sheetRowNames } from "~/admin/catalogue-import.server";
import { catalogueSheetCsv } from "~/api/answers/catalogue-sheet.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { redirectWithToast } from "~/cookies/toast.server";
import { combinedAreas } from "~/i18n/area-messages";
import { adminCatalogueSheetMessages } from "~/i18n/browser/areas/admin/catalogue-sheet";
import { adminProductMessages } from "~/i18n/browser/areas/admin/products";
import { formatCount } from "~/shared/digits";
import { localized, type Language } from "~/shared/language";
import { parseMultipart } from "~/utils/multipart.server";
import { MAX_UPLOAD_BYTES } from "~/utils/uploads.server";

export const handle = combinedAreas(adminProductMessages, adminCatalogueSheetMessages);

/** The preview shows this many lines of each list; the counts above them are whole. */
const SHOWN = 300;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const t = await i18nServer.getFixedT(request);
  return { title: t("admin.sheet.importTitle") };
}

/**
 * Upload → preview → confirm (the bulk change of the list joins at the preview): the file's text travels (gzipped, in
 * base64) to the confirmation in a hidden field sealed for this member, and is planned again there, so what is written
 * is what the catalogue is at that moment; a plan that differs from the one shown is shown again instead. Gzipped, as
 * a file near the upload limit would be a third larger in base64 and the confirmation refused as too large.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  const [t, language] = await Promise.all([i18nServer.getFixedT(request), getLanguage(request)]);
  // A file over the upload limit is told so on this page, not by the error page the parser's thrown answer would reach.
  const tooLarge = new Response(null, { status: 400 });
  let form: FormData;
  try {
    form = await parseMultipart(request, () => tooLarge);
  } catch (error) {
    if (error !== tooLarge) throw error;
    return data({ stage: "refused" as const, message: t("admin.sheet.fileTooLarge", { limit: MAX_UPLOAD_BYTES / 1024 / 1024 }), errors: [], more: 0 }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema: CatalogueImportSchema });
  if (submission.status !== "success") {
    const bulk = submission.payload.intent === "bulk";
    const key = bulk ? "admin.sheet.bulkInvalid" : "admin.sheet.fileMissing";
    return data({ stage: "refused" as const, message: t(key), bulk, errors: [] as ReturnType<typeof errorLines>, more: 0 }, { status: 400 });
  }
  const value = submission.value;
  let name = "";
  let text: string;
  if (value.intent === "preview") {
    const file = await readImportFile(value.file);
    if (file === "missing" || file === "unreadable") return data({ stage: "refused" as const, message: t(file === "missing" ? "admin.sheet.fileMissing" : "admin.sheet.fileUnreadable"), errors: [], more: 0 }, { status: 400 });
    ({ name, text } = file);
  } else if (value.intent === "bulk") {
    const selection = { productIds: value.productIds ?? [], variantIds: value.variantIds ?? [] };
    if (selection.productIds.length + selection.variantIds.length === 0) return data({ stage: "refused" as const, message: t("admin.sheet.bulkNone"), bulk: true, errors: [], more: 0 }, { status: 400 });
    const rows = await bulkSheetRows(selection, value);
    if (!rows) return data({ stage: "refused" as const, message: t("admin.sheet.bulkInvalid"), bulk: true, errors: [], more: 0 }, { status: 400 });
    text = catalogueSheetCsv(rows);
  } else {
    const carried = unpackText(value.text);
    const sealed = carried === null ? null : openImportSeal(value.seal, admin.id, carried);
    if (!sealed) return data({ stage: "refused" as const, message: t("admin.sheet.previewExpired"), errors: [], more: 0 }, { status: 400 });
    ({ name } = sealed);
    text = carried as string;
  }
  // A bulk change of the list has no file, so no file name.
  const bulk = name === "";
  const refused = (errors: SheetError[]) => {
    const names = bulk ? sheetRowNames(text, language) : null;
    const message = t(bulk ? "admin.sheet.bulkErrorsTitle" : "admin.sheet.errorsTitle");
    return data({ stage: "refused" as const, message, bulk, errors: errorLines(t, language, errors, names), more: Math.max(0, errors.length - SHOWN) }, { status: 400 });
  };
  const planned = await planImportText(text, name);
  if (!planned.ok) return refused(planned.errors);
  const digest = planDigest(planned.plan);
  if (value.intent === "confirm" && digest === value.planDigest) {
    const applied = await applyCatalogueSheet(planned.plan, { actor: admin, fileName: name });
    if (!applied.ok) return refused(applied.errors);
    return redirectWithToast("/admin/timsar/products", { name: "catalogueImported" });
  }
  return data({
    stage: "preview" as const,
    changedSincePreview: value.intent === "confirm",
    bulk,
    ...previewOf(planned.plan, language),
    text: zlib.gzipSync(Buffer.from(text, "utf8")).toString("base64"),
    seal: sealImport(admin.id, name, text),
    planDigest: digest,
  });
}

/** The previewed file's text back from its hidden field, or null when it is not what the preview sent (its seal then fails too). */
function unpackText(base64: string): string | null {
  try {
    return zlib.gunzipSync(Buffer.from(base64, "base64"), { maxOutputLength: CARRIED_TEXT_MAX_BYTES }).toString("utf8");
  } catch {
    return null;
  }
}

/** More than any file the upload limit lets through (6 MB), so no real file is cut; a crafted one stops here. */
const CARRIED_TEXT_MAX_BYTES = 8 * 1024 * 1024;

/** What the owner was shown, in a few bytes: the confirmation writes only if planning again gives the same. */
function planDigest(plan: SheetPlan): string {
  return crypto.createHash("sha256").update(JSON.stringify([plan.created, plan.updated, plan.unchanged, plan.changes, plan.creations])).digest("base64url");
}

function previewOf(plan: SheetPlan, language: Language) {
  const name = (line: { nameEn: string; nameAr: string }) => localized(language, { en: line.nameEn, ar: line.nameAr });
  return {
    counts: { created: formatCount(plan.created, language), updated: formatCount(plan.updated, language), unchanged: formatCount(plan.unchanged, language) },
    nothing: plan.created + plan.updated === 0,
    stockKept: plan.stockKept ? formatCount(plan.stockKept, language) : null,
    changes: plan.changes.slice(0, SHOWN).map((change) => ({ row: formatCount(change.row, language), product: name(change), column: change.column, from: change.from, to: change.to })),
    moreChanges: Math.max(0, plan.changes.length - SHOWN),
    creations: plan.creations.slice(0, SHOWN).map((creation) => ({
      row: formatCount(creation.row, language),
      product: name(creation),
      values: creation.values.map((value) => value[language]).join(" / "),
      newProduct: creation.newProduct,
    })),
    moreCreations: Math.max(0, plan.creations.length - SHOWN),
  };
}

/** Each refusal by its row and column, or, for a bulk change (`names`), by the product it would have made wrong. */
function errorLines(t: TFunction, language: Language, errors: SheetError[], names: Map<number, string> | null) {
  return errors.slice(0, SHOWN).map((error) => ({
    row: names ? (names.get(error.row) ?? "") : formatCount(error.row, language),
    column: error.column ?? "",
    message: t(`admin.sheet.errors.${error.problem}`, { column: error.column ?? "", ...error.params }),
  }));
}

export default function CatalogueImport() {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  // A bulk change of the products list comes here with no file: its answer offers no upload, only the way back.
  const bulk = Boolean(answer && "bulk" in answer && answer.bulk);
  return (
    <section className="page admin-page catalogue-import">
      <h1>{t(bulk ? "admin.sheet.bulkTitle" : "admin.sheet.importTitle")}</h1>
      {answer?.stage === "preview" ? (
        <SheetPreview preview={answer} />
      ) : bulk && answer ? (
        <>
          <SheetErrors message={answer.message} errors={answer.errors} more={answer.more} bulk />
          <Link to="/admin/timsar/products" className="button button--secondary">
            {t("admin.sheet.cancel")}
          </Link>
        </>
      ) : (
        <>
          {answer?.stage === "refused" ? <SheetErrors message={answer.message} errors={answer.errors} more={answer.more} /> : null}
          <p>{t("admin.sheet.importIntro")}</p>
          <Form method="post" encType="multipart/form-data" className="admin-form catalogue-import__upload">
            <div className="field">
              <label htmlFor="catalogue-file">{t("admin.sheet.file")}</label>
              <input id="catalogue-file" type="file" name="file" accept=".csv,text/csv" required />
            </div>
            <div className="admin-form__actions">
              <button type="submit" name="intent" value="preview" className="button button--primary">
                {t("admin.sheet.preview")}
              </button>
              <Link to="/admin/timsar/products" className="button button--secondary">
                {t("admin.sheet.cancel")}
              </Link>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Admin" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary {...adminErrorHandlers("admin.products.categoriesFailed")} />;
}
