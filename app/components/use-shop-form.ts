import { useEffect } from "react";
import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import type { FormName, Validators } from "~/lazy/form-validation";
import { useFormValidation, type FormConstraint } from "./use-form-validation";

type SubmissionOf<Name extends FormName> = ReturnType<Validators[Name]>;
/** The fields a form's schema reads, and what it gives when they are right, as its browser check sees them. */
type SchemaOf<Name extends FormName> = Name extends FormName
  ? SubmissionOf<Name> extends Submission<infer Schema, string[], infer _Value>
    ? Schema extends Record<string, unknown>
      ? Schema
      : never
    : never
  : never;
type ValueOf<Name extends FormName> = Name extends FormName ? (SubmissionOf<Name> extends Submission<infer _Schema, string[], infer Value> ? Value : never) : never;
type OnValidate<Name extends FormName> = (context: { formData: FormData }) => Submission<SchemaOf<Name>, string[], ValueOf<Name>>;

type ShopFormOptions<Schema> = {
  /** A fixed id where two forms of a page must not share conform's generated one. */
  id?: string;
  /** The action's answer for this form: its field errors and what was typed. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<Schema>;
  /** The form's attributes from its schema, worked out by the route's loader. */
  constraint: FormConstraint;
  /** Buttons (their `intent` value) that post the form to be shown again, not saved: the check does not stop them. */
  unchecked?: string[];
};

/**
 * Every form of the shop the same way: checked by its action's schema in the browser once that has loaded
 * (`useFormValidation`), first when a field is left, then at every keystroke while it is wrong; without JavaScript
 * the server answers with the same messages. Returns conform's form and fields, and the check itself for forms
 * that also ask it outside conform (the checkout's Pay button).
 */
export function useShopForm<Name extends FormName>(name: Name, options: ShopFormOptions<SchemaOf<Name>>) {
  const validate = useFormValidation(name);
  const { unchecked, ...formOptions } = options;
  // conform lets a submission go when its error is null: the answer keeps the check's values but not its refusal.
  const check =
    validate && unchecked?.length
      ? (context: { formData: FormData; submitter?: HTMLElement | null }) => {
          const submission = validate(context);
          const intent = context.submitter instanceof HTMLButtonElement ? context.submitter.value : "";
          return unchecked.includes(intent) ? { ...submission, error: null } : submission;
        }
      : validate;
  const [form, fields] = useForm<SchemaOf<Name>, ValueOf<Name>>({
    ...formOptions,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The check is the one `name` picks, so its answer is that form's submission; TypeScript cannot follow a
    // generic name through the validators' table.
    onValidate: check as OnValidate<Name> | undefined,
  });
  useEffect(() => {
    // React ignores the events fired while it changes the page, among them the "blur" of a focused field it removes.
    // conform checks that field by submitting the form with its own button, and with React's handler skipped that
    // submission went to the server as a whole page (the product form, once, when its variant grid was redrawn).
    // A check is never meant to leave the page: whatever React did not take up here is stopped.
    const stopStrayCheck = (event: SubmitEvent) => {
      if (event.defaultPrevented || (event.target as HTMLFormElement | null)?.id !== form.id) return;
      if (event.submitter instanceof HTMLButtonElement && event.submitter.name === CONFORM_INTENT) event.preventDefault();
    };
    document.addEventListener("submit", stopStrayCheck);
    return () => document.removeEventListener("submit", stopStrayCheck);
  }, [form.id]);
  return [form, fields, validate] as const;
}

/** The name of the buttons conform submits its own intents (a check, a list's row added) with. */
const CONFORM_INTENT = "__intent__";
