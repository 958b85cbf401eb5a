import { useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { checkApplication, checkNewPassword, inlinePasswordMismatch, mentorCategories, messageLength, formatCount, type ApplicationDraft } from "../../lib/domain";
import { focusFirstInvalid, MessageAlert, SendButton, TextArea, TextField } from "../../components/form";
import { FIRST_PASSWORD, NewPasswordFields } from "../../components/NewPasswordFields";
import { SessionEndedError, type Answer } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { parsePrice, priceInput } from "../../lib/money";
import { applicationFrom, applyWithAccount, submitApplication, type Application } from "./api";
import { ExpertisePicker, Group, LinkList, newSessionRow, PhotoPicker, SessionRows, type SessionRow } from "./fields";
import { SignInLink } from "./SignInLink";
import { FIX_ERRORS, NETWORK_ERROR, PHOTO_LATER, SUBMIT_FAILED } from "./messages";

const FIELDS = [
  "name",
  "email",
  "phone",
  "expertise",
  "experience_years",
  "current_role",
  "company",
  "linkedin",
  "links",
  "bio",
  "services",
  "photo_id",
  "password",
  "re_password",
] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string>>;

interface Values {
  name: string;
  email: string;
  phone: string;
  expertise: string[];
  experience: string;
  current_role: string;
  company: string;
  linkedin: string;
  links: string[];
  bio: string;
  sessions: SessionRow[];
  password: string;
  re_password: string;
}

/** What the form starts with: the signed-in person's details, or a previous application's. */
export interface Prefill {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  previous?: Application | undefined;
}

function initialValues({ name, email, phone, previous }: Prefill): Values {
  const p = previous;
  return {
    name: p?.name ?? name ?? "",
    email: p?.email ?? email ?? "",
    phone: p?.phone ?? phone ?? "",
    expertise: p ? [...p.expertise] : [],
    experience: p ? String(p.experience_years) : "",
    current_role: p?.current_role ?? "",
    company: p?.company ?? "",
    linkedin: p?.linkedin ?? "",
    links: p ? [...p.links] : [],
    bio: p?.bio ?? "",
    sessions:
      p && p.services.length > 0
        ? p.services.map((s) =>
            newSessionRow({ title: s.title, duration: String(s.duration_minutes), price: s.price_paise > 0 ? priceInput(s.price_paise) : "", free: s.price_paise === 0 }),
          )
        : [newSessionRow()],
    password: "",
    re_password: "",
  };
}

/** Whole years typed; empty or unreadable is no number (-1), which the crate's rule refuses in its words. */
function yearsOf(typed: string): number {
  const trimmed = typed.trim();
  const value = trimmed === "" ? Number.NaN : Number(trimmed);
  return Number.isInteger(value) ? value : -1;
}

function draftOf(values: Values): ApplicationDraft {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    expertise: values.expertise,
    experience_years: yearsOf(values.experience),
    current_role: values.current_role,
    company: values.company,
    linkedin: values.linkedin,
    links: values.links,
    bio: values.bio,
    services: values.sessions.map((s) => ({
      title: s.title,
      description: "",
      duration_minutes: Number(s.duration),
      price_paise: s.free ? 0 : parsePrice(s.price),
    })),
  };
}

/** The first message of each field the crate names. */
function firstOfEach(errors: Record<string, string[]>): Errors {
  const found: Errors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first !== undefined && (FIELDS as readonly string[]).includes(field)) found[field as FieldName] = first;
  }
  return found;
}

export interface ApplicationFormProps {
  /** "member": signed in (the photo can be uploaded); "guest": with a password, creating the account. */
  variant: "member" | "guest";
  prefill: Prefill;
  /** A signed-in person's application was received (201). */
  onSubmitted: (application: Application | undefined) => void;
  /** A guest's account and draft were stored: they confirm by e-mail. */
  onAccountCreated: (email: string) => void;
  /** 409: an application is already open, or the person is a mentor: the status is read again. */
  onConflict: (message: string) => void;
}

/**
 * The application to become a mentor: checked by the crate's rule
 * (`checkApplication`, the same one the server runs) on submit, errors
 * shown under each field with "Please fix the errors above.", then sent.
 */
export function ApplicationForm({ variant, prefill, onSubmitted, onAccountCreated, onConflict }: ApplicationFormProps) {
  const [values, setValues] = useState<Values>(() => initialValues(prefill));
  const [photoId, setPhotoId] = useState<string>();
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string[]>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const categories = useMemo(() => mentorCategories(), []);
  const guest = variant === "guest";

  function update<K extends keyof Values>(key: K, value: Values[K], field?: FieldName) {
    setValues((v) => ({ ...v, [key]: value }));
    const name = field ?? (key as FieldName);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  }

  const text = (key: "name" | "email" | "phone" | "current_role" | "company" | "linkedin" | "bio" | "password" | "re_password") => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => update(key, e.target.value),
  });

  function fail(found: Errors, messages: string[] | undefined) {
    setErrors(found);
    setAlert(messages);
    requestAnimationFrame(() => {
      if (Object.values(found).some(Boolean)) focusFirstInvalid(form.current);
      else form.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
    });
  }

  function afterAnswer(answer: Answer, email: string) {
    if (answer.status === 201 || answer.ok) {
      if (guest) onAccountCreated(email);
      else onSubmitted(applicationFrom(answer.body));
      return;
    }
    if (answer.status === 400) {
      const { fields, other } = formErrors(answer.body, FIELDS);
      if (Object.keys(fields).length > 0) fail(fields, other ? [other, FIX_ERRORS] : [FIX_ERRORS]);
      else fail({}, [other ?? SUBMIT_FAILED]);
      return;
    }
    if (answer.status === 409) {
      onConflict(detailOf(answer.body) ?? SUBMIT_FAILED);
      return;
    }
    fail({}, [detailOf(answer.body) ?? SUBMIT_FAILED]);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const check = checkApplication(draftOf(values));
    const found: Errors = check.type === "error" ? firstOfEach(check.errors) : {};
    if (guest) {
      const passwords = checkNewPassword(values.password, values.re_password);
      if (passwords.type === "error") found[passwords.field === "password" ? "password" : "re_password"] = passwords.message;
    }
    if (check.type === "error" || Object.values(found).some(Boolean)) {
      fail(found, [FIX_ERRORS]);
      return;
    }
    // The cleaned draft is the body the API documents (the same fields, the same cleaning).
    const body = check.value;
    setErrors({});
    setAlert(undefined);
    setBusy(true);
    try {
      const answer = guest
        ? await applyWithAccount({ ...body, password: values.password, re_password: values.re_password })
        : await submitApplication(photoId ? { ...body, photo_id: photoId } : body);
      afterAnswer(answer, body.email);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, [NETWORK_ERROR]);
    } finally {
      setBusy(false);
    }
  }

  const mismatch = errors.re_password ?? (guest ? inlinePasswordMismatch(values.password, values.re_password) : undefined);

  return (
    <form ref={form} className="ap-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Mentor application" data-testid="application-form">
      <div className="ap-form__section">
        <h3 className="ap-form__heading">
          <span className="ap-form__step" aria-hidden="true">
            1
          </span>
          About you
        </h3>
        <div className="sp-form__row">
          <TextField label="Full name" name="name" autoComplete="name" error={errors.name} {...text("name")} />
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            error={errors.email}
            hint={guest ? "Your account’s address: we’ll send the confirmation link here." : undefined}
            {...text("email")}
          />
        </div>
        <div className="sp-form__row">
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.phone}
            hint="With the country code, e.g. +91 98765 43210. Only our team sees it."
            {...text("phone")}
          />
          <TextField
            label="Years of experience"
            name="experience_years"
            inputMode="numeric"
            error={errors.experience_years}
            value={values.experience}
            onChange={(e) => update("experience", e.target.value, "experience_years")}
          />
        </div>
        <div className="sp-form__row">
          <TextField label="Current role" name="current_role" autoComplete="organization-title" optional error={errors.current_role} {...text("current_role")} />
          <TextField label="Company" name="company" autoComplete="organization" optional error={errors.company} {...text("company")} />
        </div>
      </div>

      <div className="ap-form__section">
        <h3 className="ap-form__heading">
          <span className="ap-form__step" aria-hidden="true">
            2
          </span>
          Your expertise
        </h3>
        <Group legend="Areas you mentor in" hint="Choose the categories that fit and add your own specialities." error={errors.expertise} testId="expertise">
          <ExpertisePicker categories={categories} value={values.expertise} onChange={(next) => update("expertise", next)} />
        </Group>
        <TextArea
          label="Bio"
          name="bio"
          rows={7}
          error={errors.bio}
          hint={
            <span className="ap-bio-hint">
              <span>What you have done, what you can help with, and how you like to mentor.</span>
              <span className="ap-counter" data-testid="bio-counter">
                {formatCount(messageLength(values.bio))} characters
              </span>
            </span>
          }
          {...text("bio")}
        />
        <TextField
          label="LinkedIn profile"
          name="linkedin"
          type="url"
          inputMode="url"
          spellCheck={false}
          optional
          placeholder="https://www.linkedin.com/in/your-name"
          error={errors.linkedin}
          {...text("linkedin")}
        />
        <Group legend="Other links" optional hint="Your site, portfolio, talks or writing." error={errors.links} testId="links">
          <LinkList links={values.links} onChange={(next) => update("links", next)} />
        </Group>
      </div>

      <div className="ap-form__section">
        <h3 className="ap-form__heading">
          <span className="ap-form__step" aria-hidden="true">
            3
          </span>
          Sessions you’d offer
        </h3>
        <Group
          legend="Your sessions"
          hint="One to five kinds of session, each with its length and price in whole rupees, or free. You’ll see what you receive after the platform commission before you publish your prices."
          error={errors.services}
          testId="sessions"
        >
          <SessionRows rows={values.sessions} onChange={(next) => update("sessions", next, "services")} />
        </Group>
      </div>

      <div className="ap-form__section">
        <h3 className="ap-form__heading">
          <span className="ap-form__step" aria-hidden="true">
            4
          </span>
          {guest ? "Your account" : "Your photo"}
        </h3>
        {guest ? (
          <>
            <p className="ap-note">
              <span>{PHOTO_LATER}</span> Already have an account? <SignInLink /> first and your details are filled in for you.
            </p>
            <NewPasswordFields
              fields={FIRST_PASSWORD}
              password={values.password}
              confirmation={values.re_password}
              onPasswordChange={text("password").onChange}
              onConfirmationChange={text("re_password").onChange}
              passwordError={errors.password}
              confirmationError={mismatch}
            />
          </>
        ) : (
          <Group legend="Profile photo" optional error={errors.photo_id}>
            <PhotoPicker name={values.name} onChange={setPhotoId} />
          </Group>
        )}
      </div>

      {alert ? <MessageAlert messages={alert} /> : null}
      <div className="ap-form__submit">
        <SendButton busy={busy}>{guest ? "Create account and apply" : "Submit application"}</SendButton>
        <p className="ap-form__legal">
          By applying you agree to our <Link to="/terms">Terms &amp; Conditions</Link> and <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </div>
    </form>
  );
}
