import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { FormAlert } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { useSession } from "../../lib/session";
import { applicationFrom, fetchMyApplications, type Application } from "./api";
import { ApplicationForm } from "./ApplicationForm";
import { ApplicationStatus } from "./ApplicationStatus";
import { SignInLink } from "./SignInLink";
import { confirmEmailText, CONFIRM_EMAIL_TITLE, LOAD_FAILED, NETWORK_ERROR } from "./messages";
import "./apply.css";

type Mine =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "none" }
  | { status: "found"; application: Application; focus: boolean; notice?: string | undefined };

/** A signed-in person's latest application, the first of `GET /api/mentor-applications/`. */
function useMyApplication(signedIn: boolean) {
  const [mine, setMine] = useState<Mine>({ status: "loading" });
  const load = useCallback(async (after?: { focus: boolean; notice?: string | undefined }) => {
    try {
      const answer = await fetchMyApplications();
      const list = answer.ok && Array.isArray(answer.body) ? (answer.body as unknown[]) : undefined;
      const application = list?.[0] === undefined ? undefined : applicationFrom(list[0]);
      if (application) setMine({ status: "found", application, focus: after?.focus ?? false, notice: after?.notice });
      else if (list?.length === 0) setMine({ status: "none" });
      else setMine({ status: "failed", message: LOAD_FAILED });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setMine({ status: "failed", message: NETWORK_ERROR });
    }
  }, []);
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);
  return { mine, setMine, load };
}

function Sent({ email }: { email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: "center" });
  }, []);
  return (
    <div className="ap-status ap-status--pending" role="status" data-testid="application-sent">
      <div className="ap-status__head">
        <span className="ap-status__icon" aria-hidden="true">
          <Icon name="mail" size={26} />
        </span>
        <div>
          <p className="eyebrow ap-status__eyebrow">Application received</p>
          <h3 ref={heading} tabIndex={-1} className="ap-status__title">
            {CONFIRM_EMAIL_TITLE}
          </h3>
        </div>
      </div>
      <p className="ap-status__lead">{confirmEmailText(email)}</p>
      <p className="ap-status__hint">
        No e-mail after a few minutes? Check your spam folder, or <Link to="/auth/resend-verification">send the link again</Link>.
      </p>
    </div>
  );
}

/**
 * The application part of /become-mentor: a guest fills in the form with a
 * password (the account and the application are stored together; confirming
 * the e-mail submits it); a signed-in person sees their application's status
 * when they have one, else the form with their details filled in.
 */
export default function ApplySection() {
  const snapshot = useSession();
  const user = snapshot.status === "user" ? snapshot.user : null;
  const signedIn = snapshot.status === "user";
  const { mine, setMine, load } = useMyApplication(signedIn);
  const [sentTo, setSentTo] = useState<string>();
  const [again, setAgain] = useState<Application>();

  let body;
  if (!signedIn) {
    body = sentTo ? (
      <Sent email={sentTo} />
    ) : (
      <ApplicationForm variant="guest" prefill={{}} onSubmitted={() => undefined} onAccountCreated={setSentTo} onConflict={() => undefined} />
    );
  } else if (mine.status === "loading") {
    body = (
      <div className="ap-loading" role="status" data-testid="application-loading">
        <span className="spinner" aria-hidden="true" />
        Checking your application…
      </div>
    );
  } else if (mine.status === "failed") {
    body = (
      <div className="ap-status">
        <FormAlert tone="error">{mine.message}</FormAlert>
        <button type="button" className="btn btn--secondary" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  } else if (mine.status === "found" && again?.id !== mine.application.id) {
    body = (
      <ApplicationStatus
        application={mine.application}
        role={user?.role}
        focus={mine.focus}
        notice={mine.notice}
        onApplyAgain={() => setAgain(mine.application)}
      />
    );
  } else if (mine.status === "none" && user?.role === "admin") {
    body = (
      <div className="ap-status" data-testid="admin-note">
        <p className="ap-status__lead">
          You’re signed in as an administrator. Review applications in the <Link to="/dashboard/admin">admin dashboard</Link>.
        </p>
      </div>
    );
  } else if (mine.status === "none" && user?.role === "mentor") {
    body = (
      <div className="ap-status ap-status--approved" data-testid="already-mentor">
        <p className="ap-status__lead">You’re already a mentor. Manage your profile, services and calendar from your dashboard.</p>
        <div className="ap-status__actions">
          <Link className="btn btn--primary btn--lg" to="/dashboard/mentor">
            Open your mentor dashboard
          </Link>
        </div>
      </div>
    );
  } else {
    body = (
      <ApplicationForm
        key={again?.id ?? "new"}
        variant="member"
        prefill={{ name: user?.name, email: user?.email, phone: user?.contact_number ?? undefined, previous: again }}
        onSubmitted={(application) => {
          setAgain(undefined);
          if (application) setMine({ status: "found", application, focus: true });
          else void load({ focus: true });
        }}
        onAccountCreated={() => undefined}
        onConflict={(notice) => {
          setAgain(undefined);
          void load({ focus: true, notice });
        }}
      />
    );
  }

  const showingForm = !signedIn ? !sentTo : mine.status === "none" || (mine.status === "found" && again?.id === mine.application.id);
  return (
    <div className="ap" data-testid="apply-section">
      {showingForm ? (
        <p className="ap__lead">
            {signedIn
              ? "Tell us about your experience and the sessions you’d offer. It takes about ten minutes; we decide within 24 hours."
              : "No account yet? Fill this in with a password: we create your account with your application. Already registered? "}
            {signedIn ? null : (
              <>
                <SignInLink /> first.
              </>
            )}
        </p>
      ) : null}
      {body}
    </div>
  );
}
