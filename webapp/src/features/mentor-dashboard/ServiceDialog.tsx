import { useRef, useState, type FormEvent } from "react";
import { applicationLimits, checkService, commissionSplit, durationLabel, instantByDefault } from "../../lib/domain";
import { parsePrice, priceInput, priceLabelOf } from "../../lib/money";
import { Dialog } from "../../components/Dialog";
import { FormAlert, SelectField, TextArea, TextField } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { fieldErrors, formErrors } from "../../lib/api/errors";
import { createService, updateService, type MentorService, type ServiceFields } from "./api";
import { FIX_ERRORS, NETWORK_ERROR, SAVE_FAILED } from "./messages";
import { Switch } from "./parts";

const FIELDS = ["title", "description", "duration_minutes", "price_paise"] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/** "You receive ₹X after the platform's Y% commission", or what a free session means. */
export function receiveLine(pricePaise: number, mentorPaise: number, rateBps: number): string {
  if (pricePaise === 0) return "Free session: learners pay nothing and no commission is taken.";
  return `You receive ${priceLabelOf(mentorPaise)} after the platform’s ${rateBps / 100}% commission.`;
}

export interface ServiceDialogProps {
  /** The service to edit; undefined adds one. */
  service: MentorService | undefined;
  /** The platform's rate for this mentor when known (from a saved service), for the live line. */
  rateBps: number | undefined;
  onClose: () => void;
  onSaved: (service: MentorService, created: boolean) => void;
}

/** Adding or editing a service, in a dialog: checked by the crate's rule, then saved. */
export function ServiceDialog({ service, rateBps, onClose, onSaved }: ServiceDialogProps) {
  const [title, setTitle] = useState(service?.title ?? "");
  const [description, setDescription] = useState(service?.description ?? "");
  const [duration, setDuration] = useState(String(service?.duration_minutes ?? 60));
  const [price, setPrice] = useState(service ? priceInput(service.price_paise) : "");
  const [active, setActive] = useState(service?.active ?? true);
  // A saved service keeps its setting; a new one follows the crate's default for its price (a free one is instant) until the mentor chooses.
  const [instantChosen, setInstant] = useState<boolean | undefined>(service?.instant_confirmation);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // The lengths the crate offers; a length set otherwise (through the API) is offered too.
  const offered = applicationLimits().durations;
  const durations = offered.includes(Number(duration)) ? offered : [...offered, Number(duration)].sort((a, b) => a - b);
  const paise = parsePrice(price);
  const instant = instantChosen ?? instantByDefault(paise);
  const split = rateBps !== undefined && paise >= 0 && paise % 100 === 0 ? commissionSplit(paise, rateBps) : undefined;

  function fail(found: Errors, text: string) {
    setErrors(found);
    setAlert(text);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  async function submit() {
    if (busy) return;
    const check = checkService({ title, description, duration_minutes: Number(duration), price_paise: paise });
    if (check.type === "error") {
      fail(fieldErrors(check.errors), FIX_ERRORS);
      return;
    }
    setErrors({});
    setAlert(undefined);
    setBusy(true);
    const { value } = check;
    const fields: ServiceFields = {
      title: value.title ?? title,
      description: value.description ?? "",
      duration_minutes: value.duration_minutes ?? Number(duration),
      price_paise: value.price_paise ?? paise,
      active,
      instant_confirmation: instant,
    };
    try {
      const answer = service ? await updateService(service.id, fields) : await createService(fields);
      if (answer.ok && answer.body !== null && typeof answer.body.id === "number") {
        onSaved(answer.body, service === undefined);
        return;
      }
      if (answer.status === 400) {
        const { fields: found, other } = formErrors(answer.body, FIELDS);
        fail(found, Object.keys(found).length > 0 ? FIX_ERRORS : (other ?? SAVE_FAILED));
        return;
      }
      fail({}, SAVE_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title={service ? "Edit service" : "Add a service"}
      onClose={onClose}
      testId="service-dialog"
      actions={
        <>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} aria-busy={busy} onClick={() => void submit()}>
            {busy ? "Saving…" : service ? "Save service" : "Add service"}
          </button>
        </>
      }
    >
      <form ref={form} className="md-form" noValidate onSubmit={onSubmit}>
        <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} placeholder="e.g. Career strategy call" />
        <TextArea
          label="What learners get"
          name="description"
          optional
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />
        <div className="md-form__row">
          <SelectField label="Length" name="duration_minutes" value={duration} onChange={(e) => setDuration(e.target.value)} error={errors.duration_minutes}>
            {durations.map((m) => (
              <option key={m} value={m}>
                {durationLabel(m)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Price (₹)"
            name="price"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={errors.price_paise}
            hint="In whole rupees; 0 for a free session."
          />
        </div>
        <p className="md-receive" aria-live="polite" data-testid="dialog-receive">
          {split ? receiveLine(split.price_paise, split.mentor_paise, rateBps ?? 0) : "You’ll see what you receive after the platform’s commission once the service is saved."}
        </p>
        <Switch checked={active} onChange={setActive} label="Active" hint="Learners can book it. Switch off to pause it without deleting it." />
        <Switch
          checked={instant}
          onChange={setInstant}
          label="Instant confirmation"
          hint="Bookings are confirmed at once, without waiting for you to accept."
        />
        {alert ? <FormAlert tone="error">{alert}</FormAlert> : null}
      </form>
    </Dialog>
  );
}
