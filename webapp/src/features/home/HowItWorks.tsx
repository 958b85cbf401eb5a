import { Link } from "react-router";
import { PAYMENT_METHODS } from "../../lib/facts";
import { Icon, type IconName } from "../../components/icons";
import "./home.css";

const STEPS: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "compass",
    title: "Find the right mentor",
    text: "Browse mentors by field and compare experience, ratings and prices. Many offer a free first session.",
  },
  {
    icon: "rupee",
    title: "Book a slot and pay securely",
    text: `Pick a time that suits you and pay by ${PAYMENT_METHODS}, through our card payment gateway.`,
  },
  {
    icon: "video",
    title: "Meet one-on-one on video",
    text: "The meeting link arrives by e-mail as soon as you have paid. Mentor missed it? Full refund or reschedule.",
  },
];

/** How it works in three steps (one of the two sections of SPEC §2 item 7). */
export function HowItWorks() {
  return (
    <section id="how-it-works" className="home-section home-steps" aria-labelledby="steps-title" data-testid="home-steps">
      <div className="container">
        <div className="home-section__head home-section__head--center">
          <p className="eyebrow">How it works</p>
          <h2 id="steps-title" className="section-title">
            From first question to clear next steps
          </h2>
          <p className="home-section__lead">Three steps, usually done in a few minutes.</p>
        </div>
        <ol className="home-steps__list">
          {STEPS.map((step, i) => (
            <li key={step.title} className="home-step">
              <span className="home-step__icon">
                <Icon name={step.icon} size={24} />
              </span>
              <span className="home-step__number">Step {i + 1}</span>
              <h3 className="home-step__title">{step.title}</h3>
              <p className="home-step__text">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="home-steps__cta">
          <Link className="btn btn--primary btn--lg" to="/mentors?free=1">
            See mentors offering a free session
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
