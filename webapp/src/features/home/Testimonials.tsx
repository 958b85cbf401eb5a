import { TESTIMONIALS, type Testimonial } from "./testimonials";
import "./home.css";

function Stars({ rating }: { rating: number }) {
  return (
    <span className="testimonial__stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false" className={i < Math.round(rating) ? "is-on" : ""}>
          <path fill="currentColor" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}

function LinkedInIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="1.5" y="1.5" width="17" height="17" rx="3.5" fill="currentColor" />
      <path fill="#fff" d="M5.2 8.1h2.1v6.7H5.2zM6.25 4.9a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4zM8.6 8.1h2v.9c.3-.55 1-1.1 2.1-1.1 2.2 0 2.6 1.45 2.6 3.3v3.6h-2.1v-3.2c0-.8 0-1.8-1.1-1.8s-1.3.85-1.3 1.75v3.25H8.6z" />
    </svg>
  );
}

function TestimonialCard({ t }: { t: Testimonial }) {
  return (
    <figure className="testimonial" data-testid="testimonial">
      <svg className="testimonial__quote-mark" viewBox="0 0 48 36" width="44" height="33" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M0 36V21.6C0 9.9 6.2 2.7 18.6 0l2 4.4C13.5 6.6 10 10.6 9.7 16.4H19V36zm28 0V21.6C28 9.9 34.2 2.7 46.6 0l2 4.4c-7.1 2.2-10.6 6.2-10.9 12H47V36z"
        />
      </svg>
      <Stars rating={t.rating} />
      <blockquote className="testimonial__text">
        <p>{t.text}</p>
      </blockquote>
      <p className="testimonial__mentor">
        Mentored by <strong>{t.mentorName}</strong>
      </p>
      <figcaption className="testimonial__author">
        <img className="testimonial__avatar" src={t.image} alt="" width={52} height={52} />
        <span className="testimonial__who">
          <span className="testimonial__name">{t.name}</span>
          <span className="testimonial__role">
            {t.position}, {t.company}
          </span>
        </span>
        <a className="testimonial__linkedin" href={t.linkedin} target="_blank" rel="noopener noreferrer">
          <LinkedInIcon />
          <span className="sr-only">{t.name} on LinkedIn (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  );
}

/** Two stories from mentees (SPEC §2 item 5). */
export function Testimonials() {
  return (
    <section className="home-section home-testimonials" aria-labelledby="testimonials-title" data-testid="home-testimonials">
      <div className="container">
        <div className="home-section__head home-section__head--center">
          <p className="eyebrow">Mentee stories</p>
          <h2 id="testimonials-title" className="section-title">
            One conversation can change the next move
          </h2>
          <p className="home-section__lead">What two mentees took away from their sessions.</p>
        </div>
        <div className="testimonials__grid">
          {TESTIMONIALS.map((t) => (
            <TestimonialCard key={t.name} t={t} />
          ))}
        </div>
      </div>
    </section>
  );
}
