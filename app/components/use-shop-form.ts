import { useEffect } from "react";
import { useNavigation } from "@remix-run/react";
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

/**
 * Whether a form's submission is on its way, for the button that sends it: `loading` counts the page's reload after
 * it (and any other navigation) too. conform's own submissions do not count: before the browser check has loaded, a
 * field left is checked by posting the form to the server, and the press on the button that leaves the field starts
 * that post; a button disabled by it was gone when the press ended, and the shopper's click was lost.
 */
export function useFormSubmitting({ loading = false } = {}) {
  const navigation = useNavigation();
  if (navigation.formData?.has(CONFORM_INTENT)) return false;
  return loading ? navigation.state !== "idle" : navigation.state === "submitting";
}

/** The name of the buttons conform submits its own intents (a check, a list's row added) with. */
const CONFORM_INTENT = "__intent__";
