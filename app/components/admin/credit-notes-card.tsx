import { useTranslation } from "~/i18n/translation";
import { AdminTable, type AdminColumn } from "./admin-table";

export type CreditNoteRow = { number: string; when: string; amount: string; remaining: string; url: string };

/** The order's credit notes, one per accepted refund, each with its PDF (issue 18). */
export function CreditNotesCard({ notes }: { notes: CreditNoteRow[] }) {
  const { t } = useTranslation();
  const columns: AdminColumn<CreditNoteRow>[] = [
    { header: t("admin.creditNotes.number"), cell: (note) => <bdi dir="ltr">{note.number}</bdi> },
    { header: t("admin.creditNotes.date"), cell: (note) => note.when },
    { header: t("admin.creditNotes.amount"), cell: (note) => note.amount },
    { header: t("admin.creditNotes.remaining"), cell: (note) => note.remaining },
    {
      header: <span className="visually-hidden">{t("admin.creditNotes.download")}</span>,
      cell: (note) => (
        <a href={note.url} target="_blank" rel="noreferrer" aria-label={t("admin.creditNotes.downloadLabel", { number: note.number })}>
          {t("admin.creditNotes.download")}
        </a>
      ),
    },
  ];
  return (
    <section className="admin-card" data-testid="credit-notes">
      <h2>{t("admin.creditNotes.title")}</h2>
      <AdminTable rows={notes} columns={columns} rowKey={(note) => note.number} rowProps={() => ({ "data-testid": "credit-note-row" })} />
    </section>
  );
}
