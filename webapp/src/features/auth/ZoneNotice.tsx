/**
 * One time zone per person (issue 21), kept in step with the device:
 *
 * - an account that never had a zone chosen (made through the API, by an
 *   administrator or the demo: it is in UTC) takes this browser's at its
 *   first sign-in, through the profile call (`detected_time_zone`, which
 *   the server takes only that once);
 * - when this device is in another zone than the account's, the person is
 *   offered the switch, in a small notice that says both zones; "Keep" is
 *   remembered on this device for that zone.
 *
 * The rules are `zoneAction` in `lib/time`; this only acts on them.
 */
import { useEffect, useRef, useState } from "react";
import { browserZone, zoneAction, zoneLabel, zoneOfferKey } from "../../lib/time";
import { isSuccess, updateMe, userFrom } from "./api";
import { session, useSession } from "../../lib/session";
import "./zone-notice.css";

function declinedZone(userId: number): string | null {
  try {
    return window.localStorage.getItem(zoneOfferKey(userId));
  } catch {
    return null;
  }
}

export function ZoneNotice() {
  const snapshot = useSession();
  const user = snapshot.status === "user" ? snapshot.user : null;
  const [, setDeclinedAt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const adopted = useRef<number | null>(null);
  const device = browserZone();
  const action = zoneAction(user, device, user ? declinedZone(user.id) : null);

  useEffect(() => {
    if (action.type !== "adopt" || user === null || adopted.current === user.id) return;
    adopted.current = user.id;
    void updateMe({ detected_time_zone: action.zone }).then((answer) => {
      const updated = isSuccess(answer) ? userFrom(answer.body) : null;
      if (updated) session.updateUser(updated);
    });
  }, [action, user]);

  if (action.type !== "offer" || user === null) return null;
  const now = new Date();
  const wanted = zoneLabel(action.zone, now);
  const current = zoneLabel(action.current, now);

  const switchZone = async () => {
    setBusy(true);
    setFailed(false);
    const answer = await updateMe({ time_zone: action.zone });
    const updated = isSuccess(answer) ? userFrom(answer.body) : null;
    setBusy(false);
    if (updated) session.updateUser(updated);
    else setFailed(true);
  };
  const keep = () => {
    try {
      window.localStorage.setItem(zoneOfferKey(user.id), action.zone);
    } catch {
      // Storage refused: the notice comes back next visit.
    }
    setDeclinedAt(Date.now());
  };

  return (
    <section className="zone-notice" aria-label="Time zone" data-testid="zone-notice">
      <p className="zone-notice__text">
        This device is in <strong>{wanted}</strong>; your times are shown in <strong>{current}</strong>.
      </p>
      {failed ? (
        <p className="zone-notice__error" role="alert">
          Could not change your time zone. Try again, or change it in your profile.
        </p>
      ) : null}
      <div className="zone-notice__actions">
        <button type="button" className="btn btn--primary zone-notice__button" onClick={() => void switchZone()} disabled={busy}>
          Use {wanted.replace(/^.* — /, "")}
        </button>
        <button type="button" className="btn btn--secondary zone-notice__button" onClick={keep} disabled={busy}>
          Keep {current.replace(/^.* — /, "")}
        </button>
      </div>
    </section>
  );
}
