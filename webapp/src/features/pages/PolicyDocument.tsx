/**
 * A legal document (privacy, terms, refund): numbered sections beside a table
 * of contents. A contents link scrolls smoothly to its section (instantly when
 * the visitor prefers reduced motion), moves keyboard focus to the section's
 * heading so reading continues there, and puts the section in the address
 * bar. Opening the page with `#section` lands on that section.
 */
import { useEffect, useState, type ReactNode } from "react";
import { onSectionLinkClick, useLandOnHash } from "./sectionLinks";

export interface PolicySection {
  /** The fragment of the section's address, e.g. `cookies`. */
  id: string;
  title: string;
  body: ReactNode;
}

/** The section nearest the top of the viewport, for the contents' "you are here" mark. */
function useCurrentSection(key: string): string | undefined {
  const [current, setCurrent] = useState<string | undefined>(undefined);
  useEffect(() => {
    const ids = key.split(" ");
    if (typeof IntersectionObserver !== "function") return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        const first = ids.find((id) => visible.has(id));
        if (first) setCurrent(first);
      },
      // A band under the header: a section is "current" while its top part is in it.
      { rootMargin: "-90px 0px -55% 0px" },
    );
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [key]);
  return current;
}

export interface PolicyDocumentProps {
  sections: readonly PolicySection[];
  /** Text before the first section (outside the contents). */
  intro?: ReactNode;
  /** After the last section: a note, links. */
  outro?: ReactNode;
}

export function PolicyDocument({ sections, intro, outro }: PolicyDocumentProps) {
  const current = useCurrentSection(sections.map((s) => s.id).join(" "));

  useLandOnHash();

  return (
    <div className="container sp-doc">
      <nav className="sp-toc" aria-labelledby="sp-toc-title" data-testid="toc">
        <h2 id="sp-toc-title" className="sp-toc__title">
          On this page
        </h2>
        <ol className="sp-toc__list">
          {sections.map((section, i) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="sp-toc__link"
                aria-current={current === section.id ? "location" : undefined}
                onClick={(event) => onSectionLinkClick(event, section.id)}
              >
                <span className="sp-toc__num" aria-hidden="true">
                  {i + 1}.
                </span>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <article className="sp-doc__body">
        {intro ? <div className="sp-doc__intro">{intro}</div> : null}
        {sections.map((section, i) => (
          <section key={section.id} id={section.id} className="sp-doc__section" aria-labelledby={`${section.id}-title`} data-testid="policy-section">
            <h2 id={`${section.id}-title`} className="sp-doc__heading" tabIndex={-1}>
              <span className="sp-doc__num" aria-hidden="true">
                {i + 1}
              </span>
              {section.title}
            </h2>
            <div className="sp-prose">{section.body}</div>
          </section>
        ))}
        {outro ? <div className="sp-doc__outro">{outro}</div> : null}
      </article>
    </div>
  );
}
