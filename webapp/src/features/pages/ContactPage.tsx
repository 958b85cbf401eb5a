import { Link } from "react-router";
import { checkEmail, checkMessage, checkName, checkSubject, enquiryLimits, messageCount } from "../../lib/domain";
import { REPLY_TIME } from "../../lib/facts";
import { Confirmation, Honeypot, MessageAlert, SendButton, TextArea, TextField } from "../../components/form";
import { take, useEnquiryForm, type Checked } from "./enquiryForm";
import { Icon, type IconName } from "../../components/icons";
import { Hero, StaticPage } from "./StaticKit";
import { useSupportEmail } from "../../lib/api/config";

type ContactField = "name" | "email" | "subject" | "message";

/** The contact form's checks: the crate's (account fields, enquiry). */
export function checkContact(values: Record<ContactField | "website", string>): Checked<ContactField> {
  const errors: Partial<Record<ContactField, string>> = {};
  const name = checkName(values.name);
  if (name.type === "error") errors.name = name.message;
  const email = checkEmail(values.email);
  if (email.type === "error") errors.email = email.message;
  const body: Record<string, unknown> = {};
  take(checkSubject(values.subject), "subject", body, errors);
  take(checkMessage(values.message), "message", body, errors);
  if (name.type === "error" || email.type === "error" || Object.keys(errors).length > 0) return { type: "invalid", errors };
  return { type: "ok", body: { name: name.value, email: email.value, ...body }, name: name.value, email: email.value };
}

const TOPICS: readonly { icon: IconName; title: string; text: string; link: { to: string; label: string } }[] = [
  {
    icon: "refresh",
    title: "Refunds",
    text: "Mentor missed a session, or something went wrong?",
    link: { to: "/refund", label: "Refund policy" },
  },
  {
    icon: "award",
    title: "Becoming a mentor",
    text: "How to apply, what you set and how you get paid.",
    link: { to: "/become-mentor", label: "Become a mentor" },
  },
  {
    icon: "building",
    title: "For organisations",
    text: "Mentoring programmes for your team, college or incubator.",
    link: { to: "/b2b/contact", label: "Get Custom Quote" },
  },
];

export default function ContactPage() {
  const supportEmail = useSupportEmail();
  const form = useEnquiryForm<ContactField>({
    path: "/api/contact/",
    initial: { name: "", email: "", subject: "", message: "", website: "" },
    check: checkContact,
    supportEmail,
  });
  const { values, errors } = form;

  return (
    <StaticPage testId="contact-page">
      <Hero
        tone="light"
        eyebrow="We’re here to help"
        title="Contact Us"
        lead={`Questions about a booking, a payment, a refund or mentoring with us? Send us a message and we’ll reply within ${REPLY_TIME}.`}
      />
      <div className="container sp-form-layout">
        <div className="sp-form-card">
          {form.sent ? (
            <Confirmation
              title="Message sent"
              text={`Thanks, ${form.sent.name}. We've received your message and will reply within ${REPLY_TIME} at ${form.sent.email}.`}
              onReset={form.reset}
              resetLabel="Send another message"
            />
          ) : (
            <>
              <h2 className="sp-form-card__title">Send us a message</h2>
              <p className="sp-form-card__lead">All fields are required unless marked optional.</p>
              <form ref={form.formRef} className="sp-form" noValidate onSubmit={form.onSubmit} aria-label="Contact form">
                <div className="sp-form__row">
                  <TextField label="Your name" name="name" autoComplete="name" error={errors.name} {...form.field("name")} />
                  <TextField
                    label="E-mail address"
                    name="email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    spellCheck={false}
                    error={errors.email}
                    {...form.field("email")}
                  />
                </div>
                <TextField label="Subject" name="subject" optional maxLength={enquiryLimits().subjectMax} error={errors.subject} {...form.field("subject")} />
                <TextArea
                  label="Message"
                  name="message"
                  rows={7}
                  error={errors.message}
                  hint={messageCount(values.message)}
                  {...form.field("message")}
                />
                <Honeypot {...form.field("website")} />
                {form.alert ? <MessageAlert messages={form.alert} /> : null}
                <SendButton busy={form.busy}>Send message</SendButton>
              </form>
            </>
          )}
        </div>

        <div className="sp-form-side">
          <div className="sp-side-card">
            <span className="sp-side-card__icon">
              <Icon name="mail" />
            </span>
            <h2 className="sp-side-card__title">E-mail us</h2>
            <p>
              <a href={`mailto:${supportEmail}`} className="sp-side-card__email" data-testid="support-email">
                {supportEmail}
              </a>
            </p>
            <p className="sp-side-card__muted">We reply within {REPLY_TIME}. For refunds, include your booking reference.</p>
          </div>
          <div className="sp-side-card">
            <h2 className="sp-side-card__title">Quick answers</h2>
            <ul className="sp-topics">
              {TOPICS.map((topic) => (
                <li key={topic.title} className="sp-topic">
                  <span className="sp-topic__icon">
                    <Icon name={topic.icon} size={20} />
                  </span>
                  <div>
                    <p className="sp-topic__title">{topic.title}</p>
                    <p className="sp-topic__text">{topic.text}</p>
                    <Link to={topic.link.to} className="sp-card__link">
                      {topic.link.label}
                      <Icon name="arrowRight" size={16} />
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </StaticPage>
  );
}
