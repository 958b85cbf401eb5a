/**
 * The Webhooks tab (issue 25): the endpoints that receive the marketplace's
 * events, each signed with its own secret; register one (the secret is shown
 * once), pause or resume it, make its secret anew, remove it, and read its
 * delivery log (every attempt and the receiver's answer). What is sent and
 * how to check a signature is in docs/api.md.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { FormAlert, TextField } from "../../components/form";
import { Icon } from "../../components/icons";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf, formErrors } from "../../lib/api/errors";
import { submittedLabel } from "./time";
import {
  changeEndpoint,
  createEndpoint,
  fetchDeliveries,
  fetchEndpoints,
  fetchEvents,
  removeEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from "./webhooksApi";
import "./webhooks.css";

const LOAD_FAILED = "We couldn’t load the webhooks. Please try again.";
const NETWORK_ERROR = "We couldn’t reach the server. Check your connection and try again.";
const SAVE_FAILED = "We couldn’t save that. Please try again.";

type Loaded =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; endpoints: WebhookEndpoint[]; events: WebhookEvent[]; labels: Map<string, string> };

/** A secret shown once, with a button that copies it. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="wh-secret" role="status" data-testid="webhook-secret">
      <p className="wh-secret__title">
        <Icon name="lock" size={18} /> The signing secret, shown this once
      </p>
      <code className="wh-secret__value">{secret}</code>
      <p className="ad-muted">Keep it with the receiver: it checks each delivery’s X-MentorBridge-Signature with it. We can make a new one, never show this one again.</p>
      <div className="wh-actions">
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </div>
  );
}

/** The admin badge's tone of a delivery's status. */
function statusTone(status: string): string {
  return status === "delivered" ? "approved" : status === "failed" ? "overdue" : "pending";
}

/** An endpoint's deliveries, newest first, each with its attempts. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | "loading" | "failed">("loading");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setDeliveries("loading");
    fetchDeliveries(endpoint.id, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setDeliveries(answer.ok && answer.body ? answer.body : "failed");
      },
      (e: unknown) => {
        if (!controller.signal.aborted && !(e instanceof SessionEndedError)) setDeliveries("failed");
      },
    );
    return () => controller.abort();
  }, [endpoint.id, attempt]);

  if (deliveries === "loading") return <p role="status">Loading the delivery log…</p>;
  if (deliveries === "failed")
    return (
      <div className="wh-log">
        <FormAlert tone="error">We couldn’t load the delivery log.</FormAlert>
        <button type="button" className="btn btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    );
  return (
    <div className="wh-log" data-testid="delivery-log">
      <div className="wh-log__head">
        <h4 className="ad-block__title">Delivery log</h4>
        <button type="button" className="btn btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
          <Icon name="refresh" size={16} /> Refresh
        </button>
      </div>
      {deliveries.length === 0 ? (
        <p className="ad-muted">Nothing sent yet. Deliveries appear here as events happen.</p>
      ) : (
        <ol className="wh-deliveries">
          {deliveries.map((d) => (
            <li key={d.id} className="wh-delivery" data-testid="delivery" data-status={d.status}>
              <div className="wh-delivery__head">
                <code>{d.event}</code>
                <span className={`ad-badge ad-badge--${statusTone(d.status)}`}>{d.status}</span>
                <span className="ad-muted">
                  <time dateTime={d.created_at}>{submittedLabel(d.created_at)}</time> · {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                </span>
              </div>
              {d.log.length > 0 ? (
                <ul className="wh-attempts">
                  {d.log.map((a) => (
                    <li key={a.attempted_at + a.answer}>
                      <span className={`wh-code wh-code--${a.status_code && a.status_code < 300 ? "ok" : "bad"}`}>{a.status_code ?? "no answer"}</span>{" "}
                      <time dateTime={a.attempted_at}>{submittedLabel(a.attempted_at)}</time> · {a.duration_ms} ms
                      {a.answer ? <span className="wh-answer"> · {a.answer}</span> : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** One endpoint with its actions. */
function EndpointCard({
  endpoint,
  labels,
  onChanged,
  onRemoved,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  labels: Map<string, string>;
  onChanged: (e: WebhookEndpoint) => void;
  onRemoved: (id: number) => void;
  onSecret: (secret: string) => void;
}) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [showLog, setShowLog] = useState(false);

  async function act(run: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await run();
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setProblem(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  const change = (body: { active?: boolean; rotate_secret?: boolean }) =>
    act(async () => {
      const answer = await changeEndpoint(endpoint.id, body);
      if (answer.ok && answer.body) {
        const { secret, ...rest } = answer.body;
        onChanged(rest);
        if (secret) onSecret(secret);
      } else setProblem(detailOf(answer.body) ?? SAVE_FAILED);
    });

  const remove = () =>
    act(async () => {
      const answer = await removeEndpoint(endpoint.id);
      if (answer.ok) onRemoved(endpoint.id);
      else setProblem(detailOf(answer.body) ?? SAVE_FAILED);
    });

  return (
    <article className="ad-detail wh-card" aria-labelledby={titleId} data-testid="webhook-endpoint" data-active={endpoint.active}>
      <header className="wh-card__head">
        <h3 id={titleId} className="wh-card__url">
          {endpoint.url}
        </h3>
        <span className={`ad-badge ad-badge--${endpoint.active ? "approved" : "pending"}`}>{endpoint.active ? "Active" : "Paused"}</span>
      </header>
      {endpoint.description ? <p className="ad-muted">{endpoint.description}</p> : null}
      <ul className="wh-events" aria-label="Events it receives">
        {endpoint.events.map((e) => (
          <li key={e} title={labels.get(e)}>
            <code>{e}</code>
          </li>
        ))}
      </ul>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <div className="wh-actions">
        <button type="button" className="btn btn--ghost" aria-expanded={showLog} onClick={() => setShowLog((s) => !s)}>
          <Icon name="file" size={16} /> {showLog ? "Hide the delivery log" : "Delivery log"}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void change({ active: !endpoint.active })}>
          {endpoint.active ? "Pause" : "Resume"}
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => void change({ rotate_secret: true })}>
          <Icon name="lock" size={16} /> New secret
        </button>
        {confirmRemove ? (
          <span className="wh-confirm" role="group" aria-label="Confirm removal">
            <span>Remove it and its delivery log?</span>
            <button type="button" className="btn wh-danger" disabled={busy} onClick={() => void remove()}>
              Remove
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setConfirmRemove(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn--ghost wh-remove" onClick={() => setConfirmRemove(true)}>
            Remove…
          </button>
        )}
      </div>
      {showLog ? <DeliveryLog endpoint={endpoint} /> : null}
    </article>
  );
}

type FieldName = "url" | "events" | "description" | "secret";

/** Registers a new endpoint. */
function NewEndpointForm({ events, onCreated }: { events: WebhookEvent[]; onCreated: (e: WebhookEndpoint, secret: string) => void }) {
  const legendId = useId();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [secret, setSecret] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(events.map((e) => e.event)));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setAlert(undefined);
    setErrors({});
    setBusy(true);
    try {
      const body = {
        url: url.trim(),
        events: events.map((e) => e.event).filter((e) => chosen.has(e)),
        description: description.trim(),
        ...(secret.trim() ? { secret: secret.trim() } : {}),
      };
      const answer = await createEndpoint(body);
      if (answer.status === 201 && answer.body) {
        const { secret: made, ...endpoint } = answer.body;
        onCreated(endpoint, made);
        setUrl("");
        setDescription("");
        setSecret("");
      } else if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, ["url", "events", "description", "secret"] as const);
        setErrors(fields);
        if (other) setAlert(other);
      } else setAlert(detailOf(answer.body) ?? SAVE_FAILED);
    } catch (e) {
      if (!(e instanceof SessionEndedError)) setAlert(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ad-detail wh-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${legendId}-title`} data-testid="webhook-form">
      <h3 id={`${legendId}-title`} className="wh-form__title">
        Add an endpoint
      </h3>
      {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://hooks.example.com/mentorbridge"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={errors.url}
        required
      />
      <TextField label="Description" optional value={description} onChange={(e) => setDescription(e.currentTarget.value)} error={errors.description} maxLength={200} />
      <fieldset className="wh-choices" aria-describedby={errors.events ? `${legendId}-error` : undefined}>
        <legend id={legendId}>Events it receives</legend>
        {events.map((e) => (
          <label key={e.event} className="wh-choice">
            <input
              type="checkbox"
              checked={chosen.has(e.event)}
              onChange={(ev) => {
                const next = new Set(chosen);
                if (ev.currentTarget.checked) next.add(e.event);
                else next.delete(e.event);
                setChosen(next);
              }}
            />
            <span>
              <code>{e.event}</code>
              <span className="ad-muted">{e.label}</span>
            </span>
          </label>
        ))}
        {errors.events ? (
          <p id={`${legendId}-error`} className="sp-field__error" role="alert">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Signing secret"
        optional
        autoComplete="off"
        hint="At least 16 characters. Leave it empty and we make one."
        value={secret}
        onChange={(e) => setSecret(e.currentTarget.value)}
        error={errors.secret}
      />
      <div className="wh-actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
          {busy ? "Adding…" : "Add endpoint"}
        </button>
      </div>
    </form>
  );
}

export function WebhooksPanel() {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [secret, setSecret] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: "loading" });
    Promise.all([fetchEndpoints(controller.signal), fetchEvents(controller.signal)]).then(
      ([endpoints, events]) => {
        if (controller.signal.aborted) return;
        if (endpoints.ok && endpoints.body && events.ok && events.body)
          setLoaded({ status: "ready", endpoints: endpoints.body, events: events.body, labels: new Map(events.body.map((ev) => [ev.event, ev.label])) });
        else setLoaded({ status: "failed" });
      },
      (e: unknown) => {
        if (!controller.signal.aborted && !(e instanceof SessionEndedError)) setLoaded({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const update = useCallback((change: (list: WebhookEndpoint[]) => WebhookEndpoint[]) => {
    setLoaded((l) => (l.status === "ready" ? { ...l, endpoints: change(l.endpoints) } : l));
  }, []);

  return (
    <section className="wh" aria-labelledby="wh-title" data-testid="webhooks-panel">
      <header className="wh__head">
        <h2 id="wh-title" className="ad__section-title">
          Webhooks
        </h2>
        <p className="ad-muted">
          Bookings, payments, refunds and new mentors, sent as they happen to the systems you connect. Each delivery is signed: X-MentorBridge-Signature
          carries <code>t=&lt;time&gt;,v1=&lt;HMAC-SHA256 of "t.body"&gt;</code> under the endpoint’s secret. Failed deliveries are tried again for about three hours.
        </p>
      </header>
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(undefined)} /> : null}
      {loaded.status === "loading" ? (
        <p role="status">Loading…</p>
      ) : loaded.status === "failed" ? (
        <div className="ad-empty">
          <FormAlert tone="error">{LOAD_FAILED}</FormAlert>
          <button type="button" className="btn btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {loaded.endpoints.length === 0 ? (
            <div className="ad-empty">
              <Icon name="globe" size={32} />
              <p>No endpoints yet. Add one below to receive events.</p>
            </div>
          ) : (
            <div className="wh-list">
              {loaded.endpoints.map((e) => (
                <EndpointCard
                  key={e.id}
                  endpoint={e}
                  labels={loaded.labels}
                  onChanged={(next) => update((list) => list.map((x) => (x.id === next.id ? next : x)))}
                  onRemoved={(id) => update((list) => list.filter((x) => x.id !== id))}
                  onSecret={setSecret}
                />
              ))}
            </div>
          )}
          <NewEndpointForm
            events={loaded.events}
            onCreated={(e, made) => {
              update((list) => [...list, e]);
              setSecret(made);
            }}
          />
        </>
      )}
    </section>
  );
}
