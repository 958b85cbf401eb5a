import { useRef, useState } from "react";
import { durationLabel } from "../../lib/domain";
import { priceLabelOf } from "../../lib/money";
import { Dialog } from "../../components/Dialog";
import { FormAlert } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { detailOf } from "../../lib/api/errors";
import { deleteService, updateService, type MentorService, type ServiceFields } from "./api";
import type { Loaded } from "./load";
import { DELETE_FAILED, NETWORK_ERROR, SAVE_FAILED, SERVICE_ADDED, SERVICE_DELETED, SERVICE_SAVED } from "./messages";
import { SectionFailed, SectionHeader, SectionLoading, Switch } from "./parts";
import { receiveLine, ServiceDialog } from "./ServiceDialog";

type Notice = { tone: "success" | "error"; text: string } | undefined;
type Editing = { service: MentorService | undefined } | undefined;

export interface ServicesSectionProps {
  state: Loaded<MentorService[]>;
  reload: () => void;
  onChange: (services: MentorService[]) => void;
}

/** The mentor's services: price, length, what they receive, on/off switches; add and edit in a dialog, delete after confirming. */
export function ServicesSection({ state, reload, onChange }: ServicesSectionProps) {
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<MentorService>();
  const [busyId, setBusyId] = useState<number>();
  const [notice, setNotice] = useState<Notice>();
  const addButton = useRef<HTMLButtonElement>(null);

  const services = state.status === "ready" ? state.value : [];
  const rateBps = services[0]?.commission_bps;

  function replace(updated: MentorService) {
    onChange(services.map((s) => (s.id === updated.id ? updated : s)));
  }

  async function toggle(service: MentorService, changes: Partial<ServiceFields>) {
    setBusyId(service.id);
    setNotice(undefined);
    try {
      const answer = await updateService(service.id, changes);
      if (answer.ok && answer.body !== null && typeof answer.body.id === "number") replace(answer.body);
      else setNotice({ tone: "error", text: detailOf(answer.body) ?? SAVE_FAILED });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setNotice({ tone: "error", text: NETWORK_ERROR });
    } finally {
      setBusyId(undefined);
    }
  }

  async function remove(service: MentorService) {
    setBusyId(service.id);
    try {
      const answer = await deleteService(service.id);
      if (answer.ok || answer.status === 404) {
        onChange(services.filter((s) => s.id !== service.id));
        setNotice({ tone: "success", text: SERVICE_DELETED });
        setDeleting(undefined);
        requestAnimationFrame(() => addButton.current?.focus());
      } else {
        setNotice({ tone: "error", text: detailOf(answer.body) ?? DELETE_FAILED });
        setDeleting(undefined);
      }
    } catch (error) {
      if (!(error instanceof SessionEndedError)) {
        setNotice({ tone: "error", text: NETWORK_ERROR });
        setDeleting(undefined);
      }
    } finally {
      setBusyId(undefined);
    }
  }

  return (
    <div className="md-section" aria-labelledby="md-services-title">
      <SectionHeader
        id="md-services-title"
        title="Services & prices"
        lead="What learners can book with you. Prices are per session, in rupees."
        action={
          state.status === "ready" ? (
            <button ref={addButton} type="button" className="btn btn--primary" onClick={() => setEditing({ service: undefined })}>
              Add a service
            </button>
          ) : undefined
        }
      />
      {state.status === "loading" ? <SectionLoading label="Loading your services…" /> : null}
      {state.status === "failed" ? <SectionFailed onRetry={reload} /> : null}
      {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      {state.status === "ready" && services.length === 0 ? (
        <div className="md-card md-empty" data-testid="services-empty">
          <h3 className="md-card__title">No services yet</h3>
          <p className="md-muted">Add your first session: what it covers, how long it lasts and its price. You can add a free introductory call too.</p>
        </div>
      ) : null}
      {services.length > 0 ? (
        <ul className="md-services" data-testid="services">
          {services.map((s) => (
            <li key={s.id} className={`md-card md-service${s.active ? "" : " is-paused"}`} data-testid="service">
              <div className="md-service__main">
                <div className="md-service__head">
                  <h3 className="md-service__title">{s.title}</h3>
                  {s.active ? null : <span className="chip md-chip--muted">Paused</span>}
                </div>
                <p className="md-service__meta">
                  <span>{durationLabel(s.duration_minutes)}</span>
                  <span aria-hidden="true">·</span>
                  <strong>{priceLabelOf(s.price_paise)}</strong>
                </p>
                {s.description ? <p className="md-service__desc">{s.description}</p> : null}
                <p className="md-receive" data-testid="receive">
                  {receiveLine(s.price_paise, s.mentor_receives_paise, s.commission_bps)}
                </p>
              </div>
              <div className="md-service__controls">
                <Switch
                  checked={s.active}
                  disabled={busyId === s.id}
                  onChange={(active) => void toggle(s, { active })}
                  label="Active"
                  hint={s.active ? "Learners can book it" : "Hidden from learners"}
                />
                <Switch
                  checked={s.instant_confirmation}
                  disabled={busyId === s.id}
                  onChange={(instant) => void toggle(s, { instant_confirmation: instant })}
                  label="Instant confirmation"
                />
                <div className="md-service__buttons">
                  <button type="button" className="btn btn--secondary" onClick={() => setEditing({ service: s })} aria-label={`Edit ${s.title}`}>
                    Edit
                  </button>
                  <button type="button" className="btn btn--ghost md-danger" onClick={() => setDeleting(s)} aria-label={`Delete ${s.title}`}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {editing ? (
        <ServiceDialog
          service={editing.service}
          rateBps={rateBps}
          onClose={() => setEditing(undefined)}
          onSaved={(saved, created) => {
            if (created) onChange([...services, saved]);
            else replace(saved);
            setNotice({ tone: "success", text: created ? SERVICE_ADDED : SERVICE_SAVED });
            setEditing(undefined);
          }}
        />
      ) : null}
      {deleting ? (
        <Dialog
          title={`Delete “${deleting.title}”?`}
          onClose={() => setDeleting(undefined)}
          testId="delete-dialog"
          actions={
            <>
              <button type="button" className="btn btn--ghost" onClick={() => setDeleting(undefined)}>
                Keep it
              </button>
              <button type="button" className="btn btn--primary md-danger-btn" disabled={busyId === deleting.id} onClick={() => void remove(deleting)}>
                {busyId === deleting.id ? "Deleting…" : "Delete service"}
              </button>
            </>
          }
        >
          <p>Learners won’t be able to book it any more. Sessions already booked stay booked. To hide it for a while instead, switch it off.</p>
        </Dialog>
      ) : null}
    </div>
  );
}
