import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { checkContactNumber, checkCurrentPassword, checkName, checkOptionalContactNumber } from "../../lib/domain";
import { RouteTitle } from "../../components/RouteTitle";
import { SessionEndedError } from "../../lib/api/client";
import { useGoogleClientId } from "../../lib/api/config";
import { formErrors } from "../../lib/api/errors";
import { changePassword, fetchMe, isSuccess, updateMe, userFrom } from "./api";
import { Field, focusFirstInvalid, FormAlert, PasswordField, SubmitButton } from "../../components/form";
import { AddPasswordSection, type AddPasswordResult } from "./AddPasswordSection";
import { ConnectGoogleSection } from "./ConnectGoogleSection";
import { NewPasswordFields } from "../../components/NewPasswordFields";
import {
  FIX_ERRORS,
  HAS_PASSWORD_ALREADY,
  NETWORK_ERROR,
  PASSWORD_ADDED,
  PASSWORD_CHANGE_FAILED,
  PASSWORD_CHANGED,
  PROFILE_FAILED,
  PROFILE_LOAD_FAILED,
  PROFILE_SAVED,
} from "./messages";
import { newPasswordErrors } from "./passwords";
import { session, useSession, type User } from "../../lib/session";
import { accountZone, matchZone, TimeZoneField, useZoneChoices, ZONE_UNKNOWN } from "./TimeZoneField";
import "./auth.css";

type Outcome = { tone: "success" | "error" | "info"; text: string } | undefined;

function ProfileForm({ user }: { user: User }) {
  const [name, setName] = useState(user.name);
  const [contact, setContact] = useState(user.contact_number ?? "");
  const [savedZone, setSavedZone] = useState(() => accountZone(user));
  const [zone, setZone] = useState(savedZone);
  const zones = useZoneChoices(savedZone);
  const [errors, setErrors] = useState<{ name?: string | undefined; contact_number?: string | undefined; time_zone?: string | undefined }>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const nameCheck = checkName(name);
    // An empty number is fine for someone who never gave one; once given, it stays.
    const contactCheck = user.contact_number ? checkContactNumber(contact) : checkOptionalContactNumber(contact);
    const zoneValue = matchZone(zone, zones);
    const found = {
      name: nameCheck.type === "error" ? nameCheck.message : undefined,
      contact_number: contactCheck?.type === "error" ? contactCheck.message : undefined,
      time_zone: zoneValue ? undefined : ZONE_UNKNOWN,
    };
    setErrors(found);
    setOutcome(undefined);
    if (nameCheck.type === "error" || contactCheck?.type === "error" || !zoneValue) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    try {
      const changes: { name: string; contact_number?: string; time_zone: string } = { name: nameCheck.value, time_zone: zoneValue };
      if (contactCheck?.type === "ok") changes.contact_number = contactCheck.value;
      const answer = await updateMe(changes);
      const updated = isSuccess(answer) ? userFrom(answer.body) : null;
      if (updated) {
        session.updateUser(updated);
        setName(updated.name);
        setContact(updated.contact_number ?? "");
        // A server that does not store zones yet answers without one: keep the chosen one.
        const stored = "time_zone" in updated ? accountZone(updated) : zoneValue;
        setSavedZone(stored);
        setZone(stored);
        setOutcome({ tone: "success", text: PROFILE_SAVED });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["name", "contact_number", "time_zone"] as const);
        setErrors(fields);
        setOutcome({ tone: "error", text: Object.keys(fields).length > 0 ? FIX_ERRORS : (other ?? PROFILE_FAILED) });
        requestAnimationFrame(() => focusFirstInvalid(form.current));
        return;
      }
      setOutcome({ tone: "error", text: PROFILE_FAILED });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setOutcome({ tone: "error", text: NETWORK_ERROR });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="profile-section__title">
        Personal details
      </h2>
      <Field label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} required />
      <Field
        label="E-mail address"
        type="email"
        name="email"
        value={user.email}
        readOnly
        className="field--readonly"
        hint={
          <>
            Your sign-in address can’t be changed here. <Link to="/contact">Contact support</Link> if you need to.
          </>
        }
      />
      <Field
        label="Contact number"
        type="tel"
        name="contact_number"
        autoComplete="tel"
        inputMode="tel"
        optional={!user.contact_number}
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        error={errors.contact_number}
        hint="Include your country code, e.g. +91 98765 43210."
      />
      <TimeZoneField
        value={zone}
        saved={savedZone}
        zones={zones}
        onChange={(value) => {
          setZone(value);
          if (errors.time_zone) setErrors((e) => ({ ...e, time_zone: undefined }));
        }}
        error={errors.time_zone}
      />
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save Changes
      </SubmitButton>
    </form>
  );
}

const PASSWORD_FIELDS = ["current_password", "new_password", "re_new_password"] as const;
type PasswordErrors = Partial<Record<(typeof PASSWORD_FIELDS)[number], string>>;

/** `notice`: what to say first (the password was just added, or was there already). */
function PasswordForm({ notice }: { notice?: Outcome }) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(notice);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function fail(found: PasswordErrors, text: string) {
    setErrors(found);
    setOutcome({ tone: "error", text });
    requestAnimationFrame(() => focusFirstInvalid(form.current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problems = newPasswordErrors(next, confirmation);
    const currentCheck = checkCurrentPassword(current);
    const found: PasswordErrors = {
      current_password: currentCheck.type === "error" ? currentCheck.message : undefined,
      new_password: problems.password,
      re_new_password: problems.confirmation,
    };
    setOutcome(undefined);
    if (found.current_password || found.new_password || found.re_new_password) {
      setErrors(found);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await changePassword(current, next, confirmation);
      if (isSuccess(answer)) {
        setCurrent("");
        setNext("");
        setConfirmation("");
        setOutcome({ tone: "success", text: PASSWORD_CHANGED });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, PASSWORD_FIELDS);
        fail(fields, Object.keys(fields).length > 0 ? FIX_ERRORS : (other ?? PASSWORD_CHANGE_FAILED));
        return;
      }
      fail({}, PASSWORD_CHANGE_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={onSubmit} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="profile-section__title">
        Change password
      </h2>
      <PasswordField
        label="Current password"
        name="current_password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.current_password}
        required
      />
      <NewPasswordFields
        password={next}
        confirmation={confirmation}
        onPasswordChange={(e) => setNext(e.target.value)}
        onConfirmationChange={(e) => setConfirmation(e.target.value)}
        passwordError={errors.new_password}
        confirmationError={errors.re_new_password}
      />
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
      <SubmitButton busy={busy} busyLabel="Updating…">
        Update Password
      </SubmitButton>
    </form>
  );
}

/** The Connect Google card, drawn only when the server has a Google client id. */
function ConnectGoogleCard({ email, connected, onLinked }: { email: string; connected: boolean; onLinked: (user: User | null) => void }) {
  const clientId = useGoogleClientId();
  if (!clientId) return null;
  return (
    <div className="auth-card profile__card">
      <ConnectGoogleSection email={email} connected={connected} onLinked={onLinked} />
    </div>
  );
}

type Load = { status: "loading" } | { status: "ready"; user: User } | { status: "failed" };

/**
 * /auth/edit-profile (login required): name, contact number and time zone; the
 * password (changed, or added to an account that signs in with Google);
 * connecting Google to an account with a password.
 */
export default function EditProfilePage() {
  const snapshot = useSession();
  const stored = snapshot.status === "user" ? snapshot.user : null;
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [passwordNotice, setPasswordNotice] = useState<Outcome>();

  const reload = useCallback(() => {
    let active = true;
    setLoad({ status: "loading" });
    fetchMe().then(
      (answer) => {
        if (!active) return;
        const user = isSuccess(answer) ? userFrom(answer.body) : null;
        if (user) session.updateUser(user);
        setLoad(user ? { status: "ready", user } : { status: "failed" });
      },
      (error: unknown) => {
        if (active && !(error instanceof SessionEndedError)) setLoad({ status: "failed" });
      },
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => reload(), [reload]);

  const user = load.status === "ready" ? load.user : null;

  function passwordAdded(result: AddPasswordResult) {
    if (!user) return;
    if (result === "had-password") {
      setPasswordNotice({ tone: "info", text: HAS_PASSWORD_ALREADY });
      reload();
      return;
    }
    const updated: User = { ...user, is_google_user: false };
    session.updateUser(updated);
    setPasswordNotice({ tone: "success", text: PASSWORD_ADDED });
    setLoad({ status: "ready", user: updated });
  }

  function googleLinked(updated: User | null) {
    if (!updated) return;
    session.updateUser(updated);
  }

  return (
    <section className="auth-page auth-page--wide" aria-labelledby="edit-profile-title" data-testid="edit-profile-page">
      <RouteTitle />
      <div className="profile">
        <header className="profile__header">
          <p className="eyebrow">Account</p>
          <h1 id="edit-profile-title" className="auth-card__title">
            Edit profile
          </h1>
          <p className="auth-card__lead">
            {stored?.name ? `Signed in as ${stored.name} (${stored.email}). ` : null}Keep your details up to date so mentors know who they’re
            meeting.
          </p>
        </header>
        {load.status === "loading" ? (
          <div className="auth-card profile__card" aria-busy="true" role="status" data-testid="profile-loading">
            <span className="sr-only">Loading your profile…</span>
            <div className="skeleton profile__skeleton" />
            <div className="skeleton profile__skeleton" />
            <div className="skeleton profile__skeleton" />
          </div>
        ) : null}
        {load.status === "failed" ? (
          <div className="auth-card profile__card">
            <FormAlert tone="error">{PROFILE_LOAD_FAILED}</FormAlert>
            <button type="button" className="btn btn--secondary" onClick={reload}>
              Try again
            </button>
          </div>
        ) : null}
        {user ? (
          <>
            <div className="auth-card profile__card">
              <ProfileForm user={user} />
            </div>
            <div className="auth-card profile__card">
              {user.is_google_user ? <AddPasswordSection email={user.email} onDone={passwordAdded} /> : <PasswordForm notice={passwordNotice} />}
            </div>
            {user.is_google_user ? null : <ConnectGoogleCard email={user.email} connected={user.google_connected === true} onLinked={googleLinked} />}
          </>
        ) : null}
      </div>
    </section>
  );
}
