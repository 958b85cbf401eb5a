import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { faqCollapsedCount, faqPreview, faqReadToggleLabel, faqShowMoreLabel, faqToggle } from "../../lib/domain";
import { REPLY_TIME } from "../../lib/facts";
import { FAQS, type FaqEntry } from "./faqs";
import { Icon } from "../../components/icons";
import "./home.css";

/** schema.org FAQPage data for search engines: every question with its full answer. */
export function faqJsonLd(entries: readonly FaqEntry[]): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((e) => ({
      "@type": "Question",
      name: e.question,
      acceptedAnswer: { "@type": "Answer", text: e.answer },
    })),
  };
  // "<" escaped so no answer can ever close the script element.
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

function isTouch(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(pointer: coarse)").matches;
}

/** How many questions the collapsed list shows here, following resizes. */
function useCollapsedCount(): number {
  const [count, setCount] = useState(() => faqCollapsedCount(window.innerWidth, isTouch()));
  useEffect(() => {
    const update = () => setCount(faqCollapsedCount(window.innerWidth, isTouch()));
    window.addEventListener("resize", update, { passive: true });
    return () => window.removeEventListener("resize", update);
  }, []);
  return count;
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text.split("\n\n").map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}

interface ItemProps {
  entry: FaqEntry;
  index: number;
  open: boolean;
  onToggle: (index: number) => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
  baseId: string;
}

function FaqItem({ entry, index, open, onToggle, buttonRef, baseId }: ItemProps) {
  const preview = useMemo(() => faqPreview(entry.answer), [entry.answer]);
  const [expanded, setExpanded] = useState(false);
  // A question opened again starts from its preview.
  useEffect(() => {
    if (!open) setExpanded(false);
  }, [open]);

  const questionId = `${baseId}-q-${entry.id}`;
  const panelId = `${baseId}-a-${entry.id}`;
  const textId = `${panelId}-text`;
  return (
    <li className={`faq-item${open ? " is-open" : ""}`} data-testid="faq-item">
      <h3 className="faq-item__heading">
        <button
          ref={buttonRef}
          type="button"
          id={questionId}
          className="faq-item__question"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(index)}
        >
          <span>{entry.question}</span>
          <span className="faq-item__chevron" aria-hidden="true">
            <Icon name="chevronDown" size={20} />
          </span>
        </button>
      </h3>
      <div id={panelId} className="faq-item__panel" role="region" aria-labelledby={questionId} data-testid="faq-answer">
        <div className="faq-item__panel-inner">
          <div id={textId} className="faq-item__answer">
            <Paragraphs text={expanded || !preview.truncated ? entry.answer : preview.text} />
          </div>
          {preview.truncated ? (
            <button
              type="button"
              className="faq-item__read"
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((e) => !e)}
            >
              {faqReadToggleLabel(expanded)}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * "Frequently Asked Questions" (SPEC §2 item 9): the first 4 questions (6 on
 * large screens without touch), "Show More Questions (N more)" for the
 * rest, one answer open at a time, long answers behind Read More. Every
 * rule comes from the domain module; this component only renders.
 */
export function Faq({ entries = FAQS }: { entries?: readonly FaqEntry[] }) {
  const baseId = useId().replace(/:/g, "");
  const collapsed = useCollapsedCount();
  const [showAll, setShowAll] = useState(false);
  const [open, setOpen] = useState<number | undefined>(undefined);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const focusAfterReveal = useRef<number | undefined>(undefined);

  const visible = showAll ? entries.length : Math.min(collapsed, entries.length);
  const moreLabel = faqShowMoreLabel(entries.length, visible);

  useEffect(() => {
    const next = focusAfterReveal.current;
    if (next === undefined) return;
    focusAfterReveal.current = undefined;
    buttons.current.get(next)?.focus();
  }, [showAll]);

  const revealAll = () => {
    // Keyboard users continue with the first question they could not see.
    focusAfterReveal.current = visible;
    setShowAll(true);
  };

  return (
    <section className="home-section home-faq" aria-labelledby="faq-title" data-testid="home-faq">
      <script type="application/ld+json" data-testid="faq-jsonld" dangerouslySetInnerHTML={{ __html: faqJsonLd(entries) }} />
      <div className="container home-faq__inner">
        <div className="home-faq__intro">
          <p className="eyebrow">FAQ</p>
          <h2 id="faq-title" className="section-title">
            Frequently Asked Questions
          </h2>
          <p className="home-section__lead">
            Payments, refunds, sessions and becoming a mentor: the answers people ask us for most.
          </p>
        </div>
        <div className="home-faq__list-wrap">
          <ul className="faq-list">
            {entries.slice(0, visible).map((entry, index) => (
              <FaqItem
                key={entry.id}
                entry={entry}
                index={index}
                open={open === index}
                onToggle={(i) => setOpen((current) => faqToggle(current, i))}
                buttonRef={(el) => {
                  if (el) buttons.current.set(index, el);
                  else buttons.current.delete(index);
                }}
                baseId={baseId}
              />
            ))}
          </ul>
          {moreLabel !== undefined ? (
            <button type="button" className="btn btn--secondary faq-more" onClick={revealAll} data-testid="faq-show-more">
              {moreLabel}
              <Icon name="chevronDown" size={18} />
            </button>
          ) : null}
        </div>
        <div className="faq-support" data-testid="faq-support">
          <span className="faq-support__icon" aria-hidden="true">
            <Icon name="message" size={22} />
          </span>
          <h3 className="faq-support__title">Still have questions?</h3>
          <p className="faq-support__text">Write to us and our team replies within {REPLY_TIME}.</p>
          <Link className="btn btn--primary" to="/contact">
            Contact Support
          </Link>
        </div>
      </div>
    </section>
  );
}
