import { Link } from "react-router";
import { APPROVAL_TIME } from "../../lib/facts";
import { Icon } from "../../components/icons";
import "./home.css";

const REASONS = [
  "Set your own price per session, or offer free sessions",
  "Choose the hours you are available; mentees book those slots",
  "Earnings released 2 days after each session, paid out weekly or monthly",
  `Applications reviewed within ${APPROVAL_TIME}`,
];

/** The mentor recruitment block (SPEC §2 item 6). */
export function RecruitBlock() {
  return (
    <section className="home-section home-recruit" aria-labelledby="home-recruit-title" data-testid="home-recruit">
      <div className="container">
        <div className="recruit">
          <div className="recruit__copy">
            <p className="recruit__eyebrow">For mentors</p>
            <h2 id="home-recruit-title" className="recruit__title">
              Your experience could be someone’s shortcut
            </h2>
            <p className="recruit__lead">
              Share what took you years to learn, on your own schedule, and get paid for every confirmed session. We
              handle bookings, payments, meeting links and notifications.
            </p>
            <div className="button-row recruit__actions">
              <Link className="btn btn--accent btn--lg" to="/become-mentor">
                Apply Now
                <Icon name="arrowRight" size={18} />
              </Link>
              <Link className="btn btn--on-dark btn--lg" to="/why-become-mentor">
                Discover Your Impact
              </Link>
            </div>
          </div>
          <ul className="recruit__reasons">
            {REASONS.map((reason) => (
              <li key={reason}>
                <span className="recruit__check" aria-hidden="true">
                  <Icon name="check" size={16} />
                </span>
                {reason}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
