import { Link } from "react-router";
import { Icon, type IconName } from "../../components/icons";
import "./home.css";

/** The business programmes (SPEC §1), each with its page under /b2b/. */
const PROGRAMMES: readonly { to: string; icon: IconName; title: string; text: string }[] = [
  {
    to: "/b2b/corporate-mentoring",
    icon: "users",
    title: "Corporate Mentoring",
    text: "Structured one-on-one mentoring cohorts for your people, with mentors from outside your company.",
  },
  {
    to: "/b2b/ceo-talks",
    icon: "mic",
    title: "CEO Talks",
    text: "Founders and executives in candid conversation with your teams.",
  },
  {
    to: "/b2b/strategy-consulting",
    icon: "compass",
    title: "Strategy Consulting",
    text: "Senior advisers on one specific strategic question, from framing to decision.",
  },
  {
    to: "/b2b/industry-mentoring",
    icon: "building",
    title: "Industry Mentoring",
    text: "Practitioners from your sector for your specialists and new managers.",
  },
  {
    to: "/b2b/startup-entrepreneurship",
    icon: "rocket",
    title: "Startup & Entrepreneurship",
    text: "Operators who help founders with fundraising, hiring and go-to-market.",
  },
];

/** The business offering (one of the two sections of SPEC §2 item 7). */
export function BusinessOffer() {
  return (
    <section className="home-section home-business" aria-labelledby="home-business-title" data-testid="home-business">
      <div className="container">
        <div className="home-business__head">
          <div>
            <p className="eyebrow">For teams and organisations</p>
            <h2 id="home-business-title" className="section-title">
              Mentoring programmes for your business
            </h2>
            <p className="home-section__lead">
              The same vetted mentors, organised around your goals, team size and calendar.
            </p>
          </div>
          <Link className="btn btn--primary home-business__quote" to="/b2b/contact">
            Get Custom Quote
            <Icon name="arrowRight" size={18} />
          </Link>
        </div>
        <ul className="home-business__grid">
          {PROGRAMMES.map((p) => (
            <li key={p.to} className="programme-card">
              <span className="programme-card__icon">
                <Icon name={p.icon} size={22} />
              </span>
              <h3 className="programme-card__title">
                <Link to={p.to} className="stretched-link">
                  {p.title}
                </Link>
              </h3>
              <p className="programme-card__text">{p.text}</p>
              <span className="programme-card__more" aria-hidden="true">
                Learn more
                <Icon name="arrowRight" size={16} />
              </span>
            </li>
          ))}
          <li className="programme-card programme-card--quote">
            <h3 className="programme-card__title">Something else in mind?</h3>
            <p className="programme-card__text">Tell us what your organisation needs and we reply with a proposal and a price.</p>
            <Link className="btn btn--accent programme-card__cta" to="/b2b/contact">
              Request a proposal
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
