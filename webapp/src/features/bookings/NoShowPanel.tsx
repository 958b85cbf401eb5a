/**
 * A missed session's report on the booking page (issue 20): who reported
 * whom, both sides' words, the deadline to contest in the viewer's time
 * zone, the contest form for the side that did not report, and how it was
 * settled. The rules (who may contest until when, what each outcome pays)
 * are the crate's, applied by the server; this panel shows its answer.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { FormAlert, TextArea } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { bookingFormLimits } from "../../lib/domain";
import { detailOf, formErrors } from "../../lib/api/errors";
import { contestNoShow, fetchNoShowReport, type NoShowReport } from "./api";
import { priceLabelOf } from "../../lib/money";
import { deadlineWords, timeLeft } from "../../lib/time";
import type { Booking } from "./types";
import "./no-show.css";

/** The longest statement: the API's parser's limit, from the crate
 * (`no_show::STATEMENT_MAX`). */
function statementMax(): number {
  return bookingFormLimits().statement;
}

const LOAD_FAILED = "We couldn’t load the no-show report. Please try again.";
const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const CONTEST_FAILED = "We couldn’t send your statement. Please try again.";

/** What a settled report's outcome means, for the booking's people. */
export function outcomeWords(report: NoShowReport): string {
  const refund = report.refund_paise ?? 0;
  const money = refund > 0 ? ` ${priceLabelOf(refund)} goes back to the learner.` : " No money goes back.";
  switch (report.outcome) {
    case "mentor_missed":
      return report.choice === "reschedule" ? "The mentor missed the session; the learner chose a new time instead of a refund." : `The mentor missed the session.${money}`;
    case "learner_missed":
      return "The learner missed the session, so it counts as held. No money goes back.";
    case "partial":
      return `Neither side’s account could be established, so part of the payment goes back.${money}`;
    default:
      return "";
  }
}

function ContestForm({ booking, report, onContested }: { booking: Booking; report: NoShowReport; onContested: (r: NoShowReport) => void }) {
  const [statement, setStatement] = useState("");
  const [choice, setChoice] = useState<"refund" | "reschedule">("refund");
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const choiceName = useId();
  // A learner contesting the mentor's report says which remedy they want if the mentor is found to have missed it.
  const chooses = booking.role === "learner" && report.missed === "learner";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(undefined);
    const text = statement.trim();
    if (!text) {
      setError("Tell us briefly what happened at the session time.");
      return;
    }
    setBusy(true);
    try {
      const answer = await contestNoShow(booking.id, text, chooses ? choice : undefined);
      if (answer.ok && answer.body) {
        onContested(answer.body);
      } else if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["statement", "choice"] as const);
        setError(fields.statement);
        setAlert(fields.statement ? undefined : (fields.choice ?? other ?? CONTEST_FAILED));
      } else {
        setAlert(detailOf(answer.body) ?? CONTEST_FAILED);
      }
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setAlert(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ns-contest" noValidate onSubmit={(e) => void submit(e)} aria-label="Contest the no-show report" data-testid="no-show-contest-form">
      <TextArea
        label="Your statement"
        name="statement"
        rows={4}
        maxLength={statementMax()}
        value={statement}
        error={error}
        hint={`What happened at the session time, in up to ${statementMax()} characters. An administrator reads both sides before deciding.`}
        onChange={(e) => {
          setStatement(e.target.value);
          setError(undefined);
        }}
      />
      {chooses ? (
        <fieldset className="ns-choice">
          <legend>If the mentor is found to have missed it, I would like</legend>
          <label>
            <input type="radio" name={choiceName} value="refund" checked={choice === "refund"} onChange={() => setChoice("refund")} /> a full refund
          </label>
          <label>
            <input type="radio" name={choiceName} value="reschedule" checked={choice === "reschedule"} onChange={() => setChoice("reschedule")} /> a new time for the session
          </label>
        </fieldset>
      ) : null}
      <div aria-live="polite">{alert ? <FormAlert tone="error">{alert}</FormAlert> : null}</div>
      <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {busy ? "Sending…" : "Contest the report"}
      </button>
    </form>
  );
}

interface NoShowPanelProps {
  booking: Booking;
  now: number;
  zone: string;
  /** The report changed (contested): the booking may have too. */
  onChanged?: () => void;
}

type Loaded = { status: "loading" } | { status: "none" } | { status: "failed" } | { status: "ready"; report: NoShowReport };

/** The panel; nothing for a booking nobody reported as missed. */
export function NoShowPanel({ booking, now, zone, onChanged }: NoShowPanelProps) {
  const reported = Boolean(booking.no_show_by);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [version, setVersion] = useState(0);
  const [notice, setNotice] = useState<string>();
  const titleId = useId();

  useEffect(() => {
    if (!reported) return;
    const controller = new AbortController();
    fetchNoShowReport(booking.id, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.ok) setLoaded(answer.body ? { status: "ready", report: answer.body } : { status: "none" });
        else setLoaded(answer.status === 404 ? { status: "none" } : { status: "failed" });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof SessionEndedError)) setLoaded({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [booking.id, reported, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  if (!reported || loaded.status === "loading" || loaded.status === "none") return null;
  if (loaded.status === "failed") {
    return (
      <section className="bk-card ns-panel" aria-labelledby={titleId} data-testid="no-show-panel">
        <h2 id={titleId} className="bk-card__title">
          Missed session report
        </h2>
        <FormAlert tone="error">{LOAD_FAILED}</FormAlert>
        <button type="button" className="btn btn--secondary" onClick={reload}>
          Try again
        </button>
      </section>
    );
  }

  const r = loaded.report;
  const viewerReported = r.reporter === booking.role;
  const closes = new Date(r.contest_closes_at);
  const nowDate = new Date(now);
  const reporterName = r.reporter === "learner" ? booking.learner.name : booking.mentor.name;
  const STATE_LABEL = { open: "Open to contest", contested: "Waiting for a decision", settled: "Settled" } as const;

  return (
    <section className="bk-card ns-panel" aria-labelledby={titleId} data-testid="no-show-panel" data-state={r.state}>
      <h2 id={titleId} className="bk-card__title">
        Missed session report
      </h2>
      <p>
        <span className={`bk-badge bk-badge--${r.state === "settled" ? "muted" : r.state === "contested" ? "warn" : "info"}`} data-testid="no-show-state">
          {STATE_LABEL[r.state]}
        </span>
      </p>
      <dl className="ns-statements">
        <div>
          <dt>{viewerReported ? "Your report" : `${reporterName}’s report`}</dt>
          <dd data-testid="no-show-report-statement">{r.report_statement || "No statement given."}</dd>
        </div>
        {r.contest_statement ? (
          <div>
            <dt>{viewerReported ? "Their statement" : "Your statement"}</dt>
            <dd data-testid="no-show-contest-statement">{r.contest_statement}</dd>
          </div>
        ) : null}
      </dl>

      {r.state === "open" ? (
        <p className="ns-deadline" data-testid="no-show-deadline">
          {now <= closes.getTime()
            ? `${viewerReported ? "It can be contested" : "You can contest it"} until ${deadlineWords(closes, nowDate, zone)} (${timeLeft(closes, nowDate)} from now).`
            : "The time to contest it has passed; it takes effect now."}
        </p>
      ) : null}
      {r.state !== "settled" ? <p data-testid="no-show-message">{r.message}</p> : null}
      {r.state === "settled" ? (
        <div data-testid="no-show-outcome">
          <p>{outcomeWords(r)}</p>
          {r.decision_reason ? <p className="ns-reason">The administrator’s reason: {r.decision_reason}</p> : null}
        </div>
      ) : null}

      <div aria-live="polite">{notice ? <FormAlert tone="success">{notice}</FormAlert> : null}</div>
      {r.may_contest ? (
        <ContestForm
          booking={booking}
          report={r}
          onContested={(next) => {
            setLoaded({ status: "ready", report: next });
            setNotice("Thank you. An administrator will read both sides and decide; we’ll e-mail you both.");
            onChanged?.();
          }}
        />
      ) : null}
    </section>
  );
}
