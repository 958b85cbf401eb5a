/**
 * The enquiry forms' state (contact, custom quote): `useEnquiryForm` checks,
 * sends and reports; the fields come from the form kit (components/form).
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { Checked as EnquiryCheck } from "../../lib/domain";
import { submitForm, type EnquiryBodies } from "./submit";

export const FIX_ERRORS = "Please fix the errors above.";

export type Checked<F extends string> =
  | { type: "ok"; body: Record<string, unknown>; name: string; email: string }
  | { type: "invalid"; errors: Partial<Record<F, string>> };

export interface Sent {
  name: string;
  email: string;
}

/**
 * The state of one enquiry form: values, field errors, the alert, sending and
 * sent. `check` turns the values into the body to send (or the field
 * errors); the server's own field errors are shown the same way.
 */
export function useEnquiryForm<F extends string>(options: {
  path: keyof EnquiryBodies;
  initial: Record<F | "website", string>;
  check: (values: Record<F | "website", string>) => Checked<F>;
  supportEmail: string;
}) {
  const { path, check, supportEmail } = options;
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [alert, setAlert] = useState<string[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | undefined>(undefined);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submit, focus moves to the first field in error.
  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  function field(name: F | "website") {
    return {
      value: values[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        if (name !== "website" && errors[name as F]) setErrors((errs) => ({ ...errs, [name]: undefined }));
      },
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = check(values);
    if (checked.type === "invalid") {
      setErrors(checked.errors);
      setAlert([FIX_ERRORS]);
      setFocusTick((t) => t + 1);
      return;
    }
    setErrors({});
    setAlert(undefined);
    setBusy(true);
    // `check` builds the body of the endpoint's schema from the form's fields.
    const result = await submitForm(path, { ...checked.body, website: values.website } as EnquiryBodies[typeof path], supportEmail);
    setBusy(false);
    switch (result.type) {
      case "ok":
        setSent({ name: checked.name, email: checked.email });
        return;
      case "fields": {
        const known = Object.keys(options.initial).filter((k) => k !== "website");
        const fieldErrors: Partial<Record<F, string>> = {};
        const general = [...result.general];
        for (const [key, message] of Object.entries(result.fields)) {
          if (known.includes(key)) fieldErrors[key as F] = message;
          else general.push(message);
        }
        setErrors(fieldErrors);
        setAlert(Object.keys(fieldErrors).length > 0 ? [...general, FIX_ERRORS] : general);
        setFocusTick((t) => t + 1);
        return;
      }
      case "error":
        setAlert([result.message]);
        return;
    }
  }

  function reset() {
    setValues(options.initial);
    setErrors({});
    setAlert(undefined);
    setSent(undefined);
  }

  return { values, errors, alert, busy, sent, formRef, field, onSubmit, reset };
}

/* ---------- The crate's field checks ---------- */

/**
 * Records the outcome of one of the crate's enquiry checks (`checkMessage`,
 * `checkSubject`, …): the cleaned value into `body`, or its message into
 * `errors`. An absent optional field adds neither.
 */
export function take<F extends string>(
  checked: EnquiryCheck,
  field: F,
  body: Record<string, unknown>,
  errors: Partial<Record<F, string>>,
): void {
  if (checked.type === "ok") body[field] = checked.value;
  else if (checked.type === "invalid") errors[field] = checked.message;
}
