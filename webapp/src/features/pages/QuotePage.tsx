import { useSearchParams } from "react-router";
import {
  checkCompany,
  checkOptionalContactNumber,
  checkEmail,
  checkMessage,
  checkName,
  checkProgramme,
  checkTeamSize,
  enquiryLimits,
  messageCount,
  programmes,
  teamSizes,
} from "../../lib/domain";
import { REPLY_TIME } from "../../lib/facts";
import { Confirmation, Honeypot, MessageAlert, SelectField, SendButton, TextArea, TextField } from "../../components/form";
import { take, useEnquiryForm, type Checked } from "./enquiryForm";
import { Icon } from "../../components/icons";
import { Hero, StaticPage, Steps } from "./StaticKit";
import { useSupportEmail } from "../../lib/api/config";

type QuoteField = "name" | "email" | "company" | "phone" | "team_size" | "programme" | "message";

/** The programme a `?programme=` link preselects, when it names one (the crate's `checkProgramme`). */
function preselectedProgramme(value: string | null): string {
  const checked = value === null ? undefined : checkProgramme(value);
  return checked?.type === "ok" ? checked.value : "";
}

export function checkQuote(values: Record<QuoteField | "website", string>): Checked<QuoteField> {
  const errors: Partial<Record<QuoteField, string>> = {};
  const body: Record<string, unknown> = {};

  const name = checkName(values.name);
  if (name.type === "error") errors.name = name.message;
  else body.name = name.value;

  const email = checkEmail(values.email);
  if (email.type === "error") errors.email = email.message;
  else body.email = email.value;

  take(checkCompany(values.company), "company", body, errors);

  const phone = checkOptionalContactNumber(values.phone);
  if (phone?.type === "error") errors.phone = phone.message;
  else if (phone) body.phone = phone.value;

  // The form's select offers only the crate's team sizes.
  take(checkTeamSize(values.team_size, true), "team_size", body, errors);
  take(checkProgramme(values.programme), "programme", body, errors);
  take(checkMessage(values.message), "message", body, errors);

  if (Object.keys(errors).length > 0 || name.type === "error" || email.type === "error") return { type: "invalid", errors };
  return { type: "ok", body, name: name.value, email: email.value };
}

/** The `/b2b/contact` screen; `?programme=` chooses the programme (a new choice starts a fresh form). */
export default function QuotePage() {
  const [params] = useSearchParams();
  const preselected = params.get("programme");
  return <QuoteForm key={preselected ?? ""} preselected={preselected} />;
}

function QuoteForm({ preselected }: { preselected: string | null }) {
  const supportEmail = useSupportEmail();
  const form = useEnquiryForm<QuoteField>({
    path: "/api/b2b/quote/",
    initial: {
      name: "",
      email: "",
      company: "",
      phone: "",
      team_size: "",
      programme: preselectedProgramme(preselected),
      message: "",
      website: "",
    },
    check: checkQuote,
    supportEmail,
  });
  const { values, errors } = form;

  return (
    <StaticPage testId="quote-page">
      <Hero
        tone="light"
        eyebrow="For business"
        title="Get a Custom Quote"
        lead={`Tell us about your organisation and what you want to achieve. We’ll reply within ${REPLY_TIME} to arrange a short discovery call.`}
      />
      <div className="container sp-form-layout">
        <div className="sp-form-card">
          {form.sent ? (
            <Confirmation
              title="Request received"
              text={`Thanks, ${form.sent.name}. We've received your message and will reply within ${REPLY_TIME} at ${form.sent.email}.`}
              onReset={form.reset}
              resetLabel="Send another request"
            />
          ) : (
            <>
              <h2 className="sp-form-card__title">Tell us about your needs</h2>
              <p className="sp-form-card__lead">All fields are required unless marked optional.</p>
              <form ref={form.formRef} className="sp-form" noValidate onSubmit={form.onSubmit} aria-label="Custom quote request">
                <div className="sp-form__row">
                  <TextField label="Your name" name="name" autoComplete="name" error={errors.name} {...form.field("name")} />
                  <TextField
                    label="Work e-mail"
                    name="email"
                    type="email"
                    autoComplete="email"
                    inputMode="email"
                    spellCheck={false}
                    error={errors.email}
                    {...form.field("email")}
                  />
                </div>
                <div className="sp-form__row">
                  <TextField
                    label="Organisation"
                    name="company"
                    autoComplete="organization"
                    maxLength={enquiryLimits().companyMax}
                    error={errors.company}
                    {...form.field("company")}
                  />
                  <TextField
                    label="Phone"
                    name="phone"
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    optional
                    hint="With country code, e.g. +91 98765 43210."
                    error={errors.phone}
                    {...form.field("phone")}
                  />
                </div>
                <div className="sp-form__row">
                  <SelectField label="Programme" name="programme" error={errors.programme} {...form.field("programme")}>
                    <option value="">Choose a programme</option>
                    {programmes().map((p) => (
                      <option key={p.value} value={p.value}>
                        {p.label}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField label="Team size" name="team_size" optional hint="An estimate is fine." error={errors.team_size} {...form.field("team_size")}>
                    <option value="">Not sure yet</option>
                    {teamSizes().map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </SelectField>
                </div>
                <TextArea
                  label="What would you like to achieve?"
                  name="message"
                  rows={6}
                  error={errors.message}
                  hint={messageCount(values.message)}
                  placeholder="Who is it for, what should change for them, and by when?"
                  {...form.field("message")}
                />
                <Honeypot {...form.field("website")} />
                {form.alert ? <MessageAlert messages={form.alert} /> : null}
                <SendButton busy={form.busy}>Request a quote</SendButton>
              </form>
            </>
          )}
        </div>

        <div className="sp-form-side">
          <div className="sp-side-card">
            <h2 className="sp-side-card__title">What happens next</h2>
            <Steps
              items={[
                { title: "We reply", text: `Within ${REPLY_TIME}, to set up a short discovery call.` },
                { title: "Discovery call", text: "We learn about your people, goals and timeline." },
                { title: "Proposal and quote", text: "A programme design, a mentor shortlist and a fixed quote in rupees." },
              ]}
            />
          </div>
          <div className="sp-side-card">
            <span className="sp-side-card__icon">
              <Icon name="mail" />
            </span>
            <h2 className="sp-side-card__title">Prefer e-mail?</h2>
            <p>
              <a href={`mailto:${supportEmail}`} className="sp-side-card__email">
                {supportEmail}
              </a>
            </p>
          </div>
        </div>
      </div>
    </StaticPage>
  );
}
