import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { checkContactNumber, checkOptionalName, siteName } from "../../lib/domain";
import { SessionEndedError } from "../../lib/api/client";
import { formErrors } from "../../lib/api/errors";
import { completeProfile, isSuccess, userFrom } from "./api";
import { AuthPage } from "./AuthPage";
import { Field, focusFirstInvalid, FormAlert, SubmitButton } from "../../components/form";
import { UserIcon } from "../../components/badges";
import { FIX_ERRORS, NETWORK_ERROR, PROFILE_FAILED } from "./messages";
import { session, useSession } from "../../lib/session";
import "./auth.css";

type Errors = { name?: string | undefined; contact_number?: string | undefined };

/**
 * /complete-profile (login required, shown without header and footer): the
 * contact number a Google sign-up did not give us; then on to where the
 * person was going.
 */
export default function CompleteProfilePage() {
  const navigate = useNavigate();
  const snapshot = useSession();
  const user = snapshot.status === "user" ? snapshot.user : null;
  const [name, setName] = useState(user?.name ?? "");
  const [contact, setContact] = useState(user?.contact_number ?? "");
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function fail(found: Errors, text: string | undefined) {
    setErrors(found);
    setMessage(text);
    requestAnimationFrame(() => focusFirstInvalid(form.current));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const nameCheck = checkOptionalName(name);
    const contactCheck = checkContactNumber(contact);
    if (nameCheck?.type === "error" || contactCheck.type === "error") {
      fail(
        {
          name: nameCheck?.type === "error" ? nameCheck.message : undefined,
          contact_number: contactCheck.type === "error" ? contactCheck.message : undefined,
        },
        undefined,
      );
      return;
    }
    setErrors({});
    setMessage(undefined);
    setBusy(true);
    try {
      const answer = await completeProfile(contactCheck.value, nameCheck?.value);
      const body = (answer.body ?? {}) as { user?: unknown; profile_complete?: unknown; requires_contact_number?: unknown };
      const updated = isSuccess(answer) ? userFrom(body.user) : null;
      if (updated) {
        session.updateUser({
          ...updated,
          profile_complete: typeof body.profile_complete === "boolean" ? body.profile_complete : updated.profile_complete,
          requires_contact_number:
            typeof body.requires_contact_number === "boolean" ? body.requires_contact_number : updated.requires_contact_number,
        });
        void navigate(session.arrivalFor(updated), { replace: true });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["name", "contact_number"] as const);
        fail(fields, Object.keys(fields).length > 0 ? FIX_ERRORS : (other ?? PROFILE_FAILED));
        return;
      }
      fail({}, PROFILE_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="bare-page">
      <p className="bare-page__brand">
        <Link to="/">{siteName()}</Link>
      </p>
      <AuthPage
        title="Complete your profile"
        eyebrow="One last step"
        icon={<UserIcon />}
        lead="Add a contact number so we can reach you about your sessions."
        testId="complete-profile-page"
        footer={
          <p className="auth-page__muted">
            {user ? <>Signed in as {user.email}. </> : null}Not you?{" "}
            <button type="button" className="link-button" onClick={() => session.logout()}>
              Log out
            </button>
          </p>
        }
      >
        <form ref={form} className="auth-form" noValidate onSubmit={onSubmit}>
          <Field label="Full name" name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
          <Field
            label="Contact number"
            type="tel"
            name="contact_number"
            autoComplete="tel"
            inputMode="tel"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
            error={errors.contact_number}
            hint="Include your country code, e.g. +91 98765 43210."
            required
          />
          {message ? <FormAlert tone="error">{message}</FormAlert> : null}
          <SubmitButton busy={busy} busyLabel="Saving…">
            Save and Continue
          </SubmitButton>
        </form>
      </AuthPage>
    </div>
  );
}
