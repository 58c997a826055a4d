import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/translation";

type InputType = "text" | "email" | "password" | "tel" | "number" | "hidden" | "search" | "date";

/** Each field owns its label, aria-invalid, aria-describedby and its error list. */
export function Field({
  meta,
  label,
  type = "text",
  hint,
  ...rest
}: {
  meta: FieldMetadata<string | number | undefined | null>;
  label: string;
  type?: InputType;
  hint?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <input {...props} {...rest} key={props.key} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function SelectField({
  meta,
  label,
  children,
  ...rest
}: {
  meta: FieldMetadata<string | undefined | null>;
  label: string;
  children: React.ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const props = getSelectProps(meta);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <select {...props} {...rest} key={props.key}>
        {children}
      </select>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({
  meta,
  label,
  ...rest
}: { meta: FieldMetadata<string | undefined | null>; label: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const props = getTextareaProps(meta);
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <textarea {...props} {...rest} key={props.key} />
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * Schemas carry translation keys as messages (validation.*); the error list translates them, so
 * one schema serves both languages on the client and the server.
 */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {errors.map((error) => (
        <li key={error}>{t(error as never, { defaultValue: error })}</li>
      ))}
    </ul>
  );
}

// In a module of its own, so a page with a plain form shows it without loading conform (about 10 KB gzipped).
export { FormMessage } from "./form-message";
