/**
 * What waits for the person on a dashboard (issue 21), until in-app
 * notifications exist: on the learner's dashboard the sessions to pay for
 * before the payment window ends, on the mentor's the requests to answer
 * before they expire. Each banner says the deadline in the viewer's zone,
 * the time left, and links to where to act. The list is the server's
 * (`GET /api/me/attention/`); a deadline that passes while the screen is
 * open drops its banner.
 */
import { useEffect } from "react";
import { Link } from "react-router";
import { Icon } from "./icons";
import { attention, useAttention, type AttentionItem, type AttentionKind } from "../lib/attention";
import { instantLabel, timeLeftShort, zoneLabel } from "../lib/time";
import { firstName, useNow } from "../lib/sessions";
import "./attention-banners.css";

function banner(item: AttentionItem, zone: string, left: string) {
  const id = encodeURIComponent(item.booking_id);
  const deadline = `${instantLabel(item.deadline, zone)} (${zoneLabel(zone)})`;
  const start = instantLabel(item.start, zone);
  if (item.kind === "pay") {
    return {
      title: `Pay for ${item.service_title} with ${item.with_name}`,
      text: `${firstName(item.with_name)} accepted your request for ${start}. Pay by ${deadline}, ${left} from now, or the time is released.`,
      action: "Pay now",
      to: `/session-payment-required/${id}`,
    };
  }
  return {
    title: `${item.with_name} asked for ${item.service_title}`,
    text: `For ${start}. Answer by ${deadline}, ${left} from now, or the request expires.`,
    action: "Answer request",
    to: `/session-request/${id}`,
  };
}

/** The banners of one kind (`pay` on the learner's dashboard, `answer_request` on the mentor's), or nothing. */
export function AttentionBanners({ kind, zone }: { kind: AttentionKind; zone: string }) {
  const items = useAttention();
  const now = useNow();
  // The header asks on every screen change; a dashboard shown on its own asks too (at most once in a few seconds).
  useEffect(() => void attention.refresh(), []);
  const open = items.flatMap((item) => {
    if (item.kind !== kind) return [];
    const left = timeLeftShort(item.deadline, now);
    return left === null ? [] : [{ item, left }];
  });
  if (open.length === 0) return null;
  return (
    <section className="attention" aria-labelledby={`attention-${kind}`} data-testid="attention-banners">
      <h2 id={`attention-${kind}`} className="attention__title">
        Waiting for you <span className="attention__count">{open.length}</span>
      </h2>
      <ul className="attention__list">
        {open.map(({ item, left }) => {
          const b = banner(item, zone, left);
          return (
            <li key={item.booking_id} className="attention__item" data-testid="attention-banner">
              <span className="attention__icon" aria-hidden="true">
                <Icon name={kind === "pay" ? "rupee" : "message"} size={20} />
              </span>
              <div className="attention__body">
                <p className="attention__what">{b.title}</p>
                <p className="attention__when">{b.text}</p>
              </div>
              <Link className="btn btn--primary attention__action" to={b.to}>
                {b.action}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
