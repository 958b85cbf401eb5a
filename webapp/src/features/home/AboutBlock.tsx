import { Link } from "react-router";
import { siteName, mentorFieldsText } from "../../lib/domain";
import { PAYMENT_METHODS } from "../../lib/facts";
import { Icon, type IconName } from "../../components/icons";
import "./home.css";

const PROMISES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: "shield",
    title: "Vetted mentors",
    text: "Every mentor is reviewed by our team before they can take a booking.",
  },
  {
    icon: "rupee",
    title: "Pay per session",
    text: `No subscription. Pay by ${PAYMENT_METHODS}.`,
  },
  {
    icon: "video",
    title: "One-on-one on video",
    text: "A private session; the meeting link arrives by e-mail once your booking is confirmed.",
  },
  {
    icon: "refresh",
    title: "Protected bookings",
    text: "If a mentor misses your session, choose a full refund or a new slot.",
  },
];

/** Who we are, in a paragraph, with the way to the about page (SPEC §2 item 3). */
export function AboutBlock() {
  return (
    <section className="home-section home-about" aria-labelledby="home-about-title" data-testid="home-about">
      <div className="container home-about__inner">
        <div className="home-about__copy">
          <p className="eyebrow">About {siteName()}</p>
          <h2 id="home-about-title" className="section-title">
            Advice from people who have already done the job
          </h2>
          <p className="home-about__text">
            The right conversation at the right moment saves months of trial and error. {siteName()} lets anyone book
            time with experienced mentors in {mentorFieldsText()} fields, at a price the mentor sets, or free where
            they offer it.
          </p>
          <p className="home-about__text">
            No cohorts, no long courses: one focused session about your question, and a plan you can act on.
          </p>
          <Link className="btn btn--secondary home-about__link" to="/about">
            Explore Our Mission
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
        <ul className="home-about__promises">
          {PROMISES.map((p) => (
            <li key={p.title} className="promise">
              <span className="promise__icon">
                <Icon name={p.icon} size={22} />
              </span>
              <h3 className="promise__title">{p.title}</h3>
              <p className="promise__text">{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
