import { useTranslation } from "~/i18n/translation";

export type CreditNoteRow = { number: string; when: string; amount: string; remaining: string; url: string };

/** The order's credit notes, one per accepted refund, each with its PDF (issue 18). */
export function CreditNotesCard({ notes }: { notes: CreditNoteRow[] }) {
  const { t } = useTranslation();
  return (
    <section className="admin-card" data-testid="credit-notes">
      <h2>{t("admin.creditNotes.title")}</h2>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t("admin.creditNotes.number")}</th>
              <th scope="col">{t("admin.creditNotes.date")}</th>
              <th scope="col">{t("admin.creditNotes.amount")}</th>
              <th scope="col">{t("admin.creditNotes.remaining")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("admin.creditNotes.download")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {notes.map((note) => (
              <tr key={note.number} data-testid="credit-note-row">
                <td>
                  <bdi dir="ltr">{note.number}</bdi>
                </td>
                <td>{note.when}</td>
                <td>{note.amount}</td>
                <td>{note.remaining}</td>
                <td>
                  <a href={note.url} target="_blank" rel="noreferrer" aria-label={t("admin.creditNotes.downloadLabel", { number: note.number })}>
                    {t("admin.creditNotes.download")}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
