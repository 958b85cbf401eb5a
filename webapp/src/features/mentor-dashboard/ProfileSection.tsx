import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { checkProfile, mentorCategories, type ProfileDraft } from "../../lib/domain";
import { FormAlert, TextArea, TextField } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { fieldErrors, formErrors } from "../../lib/api/errors";
import { updateProfile, type EducationEntry, type ExperienceEntry, type MentorProfile, type ProfileFields, type ProjectEntry } from "./api";
import { ListEditor } from "./ListEditor";
import type { Loaded } from "./load";
import { FIX_ERRORS, NETWORK_ERROR, PROFILE_SAVED, SAVE_FAILED } from "./messages";
import { SaveButton, SectionFailed, SectionHeader, SectionLoading } from "./parts";
import { PhotoUpload } from "./PhotoUpload";

const FIELDS = [
  "name",
  "headline",
  "bio",
  "expertise",
  "experience_years",
  "education",
  "experience",
  "projects",
  "social_links",
  "contact",
] as const satisfies readonly (keyof ProfileFields)[];
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

/** The networks and ways of contact the form offers (the crate checks the addresses). */
const NETWORKS: readonly [string, string, string][] = [
  ["linkedin", "LinkedIn", "https://www.linkedin.com/in/…"],
  ["github", "GitHub", "https://github.com/…"],
  ["twitter", "X (Twitter)", "https://x.com/…"],
  ["youtube", "YouTube", "https://youtube.com/@…"],
  ["medium", "Medium", "https://medium.com/@…"],
  ["instagram", "Instagram", "https://instagram.com/…"],
  ["website", "Website", "https://…"],
];
const CONTACTS: readonly [string, string, string][] = [
  ["email", "E-mail", "email"],
  ["phone", "Phone", "tel"],
  ["website", "Website", "url"],
];

/** Years are typed as text: "" is none. */
type YearText = string;
interface EducationRow {
  degree: string;
  institution: string;
  year: YearText;
}
interface ExperienceRow {
  title: string;
  company: string;
  start_year: YearText;
  end_year: YearText;
  description: string;
}
interface ProjectRow {
  title: string;
  description: string;
  url: string;
}

interface Draft {
  name: string;
  headline: string;
  bio: string;
  expertise: string[];
  experience_years: string;
  education: EducationRow[];
  experience: ExperienceRow[];
  projects: ProjectRow[];
  social_links: Record<string, string>;
  contact: Record<string, string>;
}

const yearText = (year: number | null | undefined) => (typeof year === "number" ? String(year) : "");
/** A typed year as the API has it: none when blank; an unreadable one as typed would be refused by the rule (0). */
const yearOf = (text: YearText): number | undefined => (text.trim() === "" ? undefined : Number.isFinite(Number(text)) ? Number(text) : 0);

function draftOf(p: MentorProfile): Draft {
  return {
    name: p.name,
    headline: p.headline,
    bio: p.bio,
    expertise: [...p.expertise],
    experience_years: String(p.experience_years),
    education: p.education.map((e) => ({ degree: e.degree, institution: e.institution, year: yearText(e.year) })),
    experience: p.experience.map((e) => ({
      title: e.title,
      company: e.company,
      start_year: yearText(e.start_year),
      end_year: yearText(e.end_year),
      description: e.description,
    })),
    projects: p.projects.map((e) => ({ title: e.title, description: e.description, url: e.url ?? "" })),
    social_links: { ...p.social_links },
    contact: { ...p.contact },
  };
}

function filled(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v.trim() !== ""));
}

/** What the form sends to the crate's check (and, cleaned, to the server). */
function fieldsOf(d: Draft): ProfileDraft {
  const years = d.experience_years.trim();
  return {
    name: d.name,
    headline: d.headline,
    bio: d.bio,
    expertise: d.expertise,
    experience_years: years === "" || !Number.isFinite(Number(years)) ? -1 : Number(years),
    education: d.education.map((e) => ({ degree: e.degree, institution: e.institution, year: yearOf(e.year) })),
    experience: d.experience.map((e) => ({
      title: e.title,
      company: e.company,
      start_year: yearOf(e.start_year),
      end_year: yearOf(e.end_year),
      description: e.description,
    })),
    projects: d.projects.map((p) => ({ title: p.title, description: p.description, url: p.url.trim() === "" ? undefined : p.url })),
    social_links: filled(d.social_links),
    contact: filled(d.contact),
  };
}

/** The crate's cleaned profile in the API's shape (every field present; an absent year or link is left out). */
function bodyOf(value: ProfileDraft): ProfileFields {
  return {
    name: value.name ?? "",
    headline: value.headline ?? "",
    bio: value.bio ?? "",
    expertise: value.expertise ?? [],
    experience_years: value.experience_years ?? 0,
    education: (value.education ?? []).map((e): EducationEntry => ({ degree: e.degree ?? "", institution: e.institution ?? "", year: e.year })),
    experience: (value.experience ?? []).map(
      (e): ExperienceEntry => ({
        title: e.title ?? "",
        company: e.company ?? "",
        start_year: e.start_year,
        end_year: e.end_year,
        description: e.description ?? "",
      }),
    ),
    projects: (value.projects ?? []).map((p): ProjectEntry => ({ title: p.title ?? "", description: p.description ?? "", url: p.url })),
    social_links: value.social_links ?? {},
    contact: value.contact ?? {},
  };
}

function ExpertisePicker({ value, onChange, error }: { value: string[]; onChange: (next: string[]) => void; error: string | undefined }) {
  const [tag, setTag] = useState("");
  const categories = mentorCategories();
  const lower = value.map((v) => v.toLowerCase());
  const has = (item: string) => lower.includes(item.toLowerCase());
  const toggle = (item: string) => onChange(has(item) ? value.filter((v) => v.toLowerCase() !== item.toLowerCase()) : [...value, item]);
  const free = value.filter((v) => !categories.some((c) => c.toLowerCase() === v.toLowerCase()));

  function addTag() {
    const text = tag.trim();
    if (text !== "" && !has(text)) onChange([...value, text]);
    setTag("");
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      addTag();
    }
  }

  return (
    <fieldset className={`md-chips${error ? " md-list--invalid" : ""}`}>
      <legend className="md-list__title">Areas of expertise</legend>
      <p className="md-muted">Choose the areas learners search for, and add your own specialities.</p>
      <div className="md-chips__list">
        {categories.map((c) => (
          <button key={c} type="button" className={`md-chip${has(c) ? " is-on" : ""}`} aria-pressed={has(c)} onClick={() => toggle(c)}>
            {c}
          </button>
        ))}
        {free.map((t) => (
          <span key={t} className="md-chip is-on md-chip--tag">
            {t}
            <button type="button" className="md-chip__remove" onClick={() => toggle(t)} aria-label={`Remove ${t}`}>
              ×
            </button>
          </span>
        ))}
      </div>
      <div className="md-chips__add">
        <TextField label="Add a speciality" value={tag} onChange={(e) => setTag(e.target.value)} onKeyDown={onKey} placeholder="e.g. System design" optional />
        <button type="button" className="btn btn--secondary" onClick={addTag} disabled={tag.trim() === ""}>
          Add
        </button>
      </div>
      {error ? (
        <p className="sp-field__error md-list__error" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ProfileForm({ profile, onSaved }: { profile: MentorProfile; onSaved: (profile: MentorProfile) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string }>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function fail(found: Errors, text: string) {
    setErrors(found);
    setOutcome({ tone: "error", text });
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .md-list--invalid input, .md-list--invalid button')?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setOutcome(undefined);
    const check = checkProfile(fieldsOf(draft));
    if (check.type === "error") {
      fail(fieldErrors(check.errors), FIX_ERRORS);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await updateProfile(bodyOf(check.value));
      if (answer.ok && answer.body !== null && typeof answer.body.id === "number") {
        onSaved(answer.body);
        setDraft(draftOf(answer.body));
        setOutcome({ tone: "success", text: PROFILE_SAVED });
        return;
      }
      if (answer.status === 400) {
        const { fields, other } = formErrors(answer.body, FIELDS);
        fail(fields, Object.keys(fields).length > 0 ? FIX_ERRORS : (other ?? SAVE_FAILED));
        return;
      }
      fail({}, SAVE_FAILED);
    } catch (error) {
      if (!(error instanceof SessionEndedError)) fail({}, NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} className="md-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby="md-profile-title">
      <div className="md-card">
        <h3 className="md-card__title">About you</h3>
        <div className="md-form__row">
          <TextField label="Full name" name="name" autoComplete="name" value={draft.name} onChange={(e) => set("name", e.target.value)} error={errors.name} />
          <TextField
            label="Years of experience"
            name="experience_years"
            type="number"
            inputMode="numeric"
            min={0}
            value={draft.experience_years}
            onChange={(e) => set("experience_years", e.target.value)}
            error={errors.experience_years}
          />
        </div>
        <TextField
          label="Headline"
          name="headline"
          value={draft.headline}
          onChange={(e) => set("headline", e.target.value)}
          error={errors.headline}
          placeholder="e.g. Staff engineer helping developers grow into senior roles"
          hint="One line under your name on your profile and card."
        />
        <TextArea
          label="Bio"
          name="bio"
          rows={6}
          value={draft.bio}
          onChange={(e) => set("bio", e.target.value)}
          error={errors.bio}
          hint="Your background, what you help with and how your sessions run."
        />
        <ExpertisePicker value={draft.expertise} onChange={(v) => set("expertise", v)} error={errors.expertise} />
      </div>

      <div className="md-card">
        <ListEditor<ExperienceRow>
          title="Experience"
          noun="role"
          items={draft.experience}
          onChange={(v) => set("experience", v)}
          blank={() => ({ title: "", company: "", start_year: "", end_year: "", description: "" })}
          error={errors.experience}
          empty="Your roles, most recent first."
          renderItem={(e, i, update) => (
            <>
              <div className="md-form__row">
                <TextField label="Job title" value={e.title} onChange={(x) => update({ ...e, title: x.target.value })} name={`experience-${i}-title`} />
                <TextField label="Company" value={e.company} onChange={(x) => update({ ...e, company: x.target.value })} />
              </div>
              <div className="md-form__row">
                <TextField label="From (year)" inputMode="numeric" value={e.start_year} onChange={(x) => update({ ...e, start_year: x.target.value })} optional />
                <TextField
                  label="To (year)"
                  inputMode="numeric"
                  value={e.end_year}
                  onChange={(x) => update({ ...e, end_year: x.target.value })}
                  optional
                  hint="Leave empty if this is your current role."
                />
              </div>
              <TextArea label="What you did" rows={2} value={e.description} onChange={(x) => update({ ...e, description: x.target.value })} optional />
            </>
          )}
        />
      </div>

      <div className="md-card">
        <ListEditor<EducationRow>
          title="Education"
          noun="education"
          items={draft.education}
          onChange={(v) => set("education", v)}
          blank={() => ({ degree: "", institution: "", year: "" })}
          error={errors.education}
          empty="Degrees and certifications learners should know about."
          renderItem={(e, _i, update) => (
            <div className="md-form__row md-form__row--3">
              <TextField label="Degree" value={e.degree} onChange={(x) => update({ ...e, degree: x.target.value })} />
              <TextField label="Institution" value={e.institution} onChange={(x) => update({ ...e, institution: x.target.value })} />
              <TextField label="Year" inputMode="numeric" value={e.year} onChange={(x) => update({ ...e, year: x.target.value })} optional />
            </div>
          )}
        />
      </div>

      <div className="md-card">
        <ListEditor<ProjectRow>
          title="Projects"
          noun="project"
          items={draft.projects}
          onChange={(v) => set("projects", v)}
          blank={() => ({ title: "", description: "", url: "" })}
          error={errors.projects}
          empty="Talks, open-source work, products you built."
          renderItem={(p, _i, update) => (
            <>
              <div className="md-form__row">
                <TextField label="Title" value={p.title} onChange={(x) => update({ ...p, title: x.target.value })} />
                <TextField label="Link" type="url" value={p.url} onChange={(x) => update({ ...p, url: x.target.value })} optional />
              </div>
              <TextArea label="About it" rows={2} value={p.description} onChange={(x) => update({ ...p, description: x.target.value })} optional />
            </>
          )}
        />
      </div>

      <div className="md-card">
        <h3 className="md-card__title">Links and contact</h3>
        <p className="md-muted">Your public profiles are shown on your page. Your e-mail and phone stay private: learners book and pay here.</p>
        <fieldset className={`md-grid-fields${errors.social_links ? " md-list--invalid" : ""}`}>
          <legend className="md-list__title">Social links</legend>
          {NETWORKS.map(([key, label, placeholder]) => (
            <TextField
              key={key}
              label={label}
              type="url"
              optional
              placeholder={placeholder}
              value={draft.social_links[key] ?? ""}
              onChange={(e) => set("social_links", { ...draft.social_links, [key]: e.target.value })}
            />
          ))}
          {errors.social_links ? (
            <p className="sp-field__error md-list__error" data-testid="field-error">
              {errors.social_links}
            </p>
          ) : null}
        </fieldset>
        <fieldset className={`md-grid-fields${errors.contact ? " md-list--invalid" : ""}`}>
          <legend className="md-list__title">Contact</legend>
          {CONTACTS.map(([key, label, type]) => (
            <TextField
              key={key}
              label={`${label} (contact)`}
              type={type}
              optional
              value={draft.contact[key] ?? ""}
              onChange={(e) => set("contact", { ...draft.contact, [key]: e.target.value })}
            />
          ))}
          {errors.contact ? (
            <p className="sp-field__error md-list__error" data-testid="field-error">
              {errors.contact}
            </p>
          ) : null}
        </fieldset>
      </div>

      <div className="md-savebar">
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <SaveButton busy={busy}>Save profile</SaveButton>
      </div>
    </form>
  );
}

export interface ProfileSectionProps {
  state: Loaded<MentorProfile>;
  reload: () => void;
  onSaved: (profile: MentorProfile) => void;
}

/** The public profile: photo, about, experience, education, projects, links; checked by the crate, saved with PATCH. */
export function ProfileSection({ state, reload, onSaved }: ProfileSectionProps) {
  return (
    <div className="md-section" aria-labelledby="md-profile-title">
      <SectionHeader id="md-profile-title" title="Your profile" lead="What learners see on your public page and your card in the listing." />
      {state.status === "loading" ? <SectionLoading label="Loading your profile…" /> : null}
      {state.status === "failed" ? <SectionFailed onRetry={reload} /> : null}
      {state.status === "ready" ? (
        <>
          <div className="md-card">
            <PhotoUpload name={state.value.name} imageUrl={state.value.image_url || null} onUploaded={(url) => onSaved({ ...state.value, image_url: url })} />
          </div>
          <ProfileForm profile={state.value} onSaved={onSaved} />
        </>
      ) : null}
    </div>
  );
}
