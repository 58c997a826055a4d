import type { getZodConstraint } from "@conform-to/zod/v4";
import { useEffect, useMemo, useState } from "react";
import type { FormName, Validators } from "~/lazy/form-validation";

/** A form's attributes (required, lengths, patterns) as its schema gives them; loaders work them out on the server. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/**
 * A form's check in the browser (`onValidate` for conform's useForm), by the schema its action uses, once it has
 * loaded: zod is fetched after the page is up, not with it (docs/decisions/0021-javascript-budget.md). Until then, and
 * without JavaScript, the form is posted and the server answers with the same messages.
 */
export function useFormValidation<Name extends FormName>(name: Name) {
  const [validate, setValidate] = useState<Validators[Name] | null>(null);
  useEffect(() => {
    let current = true;
    void import("~/lazy/form-validation").then(({ validators }) => {
      if (current) setValidate(() => validators[name]);
    });
    return () => {
      current = false;
    };
  }, [name]);
  return useMemo(() => (validate ? ({ formData }: { formData: FormData }) => validate(formData) as ReturnType<Validators[Name]> : undefined), [validate]);
}
