import type { LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { getCreditNote, getCreditNotePdf } from "~/models/payments/index.server";
import { canReadOrderDocument } from "~/auth/document-access.server";
import { refuseDocument } from "~/auth/document-refusal.server";
import { privatePdfResponse } from "~/utils/pdf-response.server";

/**
 * `/uploads/credit-notes/{number}.pdf`: a refund's credit note, private as the order's invoice is
 * (uploads.invoices.$file.ts): for the order's owner, the administrator, or a link signed for this note.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = /^(CN-\d+)\.pdf$/.exec(params.file ?? "");
  const note = match ? await getCreditNote(match[1]) : null;
  if (!note) return refuseDocument(request, 404, bilingual("api.creditNote.notFound"));
  if (!(await canReadOrderDocument(request, note.order, { kind: "credit-note", number: note.number }))) {
    return refuseDocument(request, 403, bilingual("api.creditNote.private"));
  }
  const pdf = await getCreditNotePdf(note.id);
  if (!pdf) return refuseDocument(request, 404, bilingual("api.creditNote.notFound"));
  return privatePdfResponse(pdf, `${note.number}.pdf`);
}
