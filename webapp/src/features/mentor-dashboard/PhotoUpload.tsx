import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { FormAlert } from "../../components/form";
import { SessionEndedError } from "../../lib/api/client";
import { errorMessages } from "../../lib/api/errors";
import { uploadPhoto, type UploadedPhoto } from "./api";
import { NETWORK_ERROR, PHOTO_FAILED, PHOTO_SAVED } from "./messages";

type State =
  | { status: "idle" }
  | { status: "uploading"; preview: string }
  | { status: "done"; photo: UploadedPhoto }
  | { status: "failed"; message: string };

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/**
 * The profile photo: the current one, a preview of the chosen file while it
 * uploads, then the server's version over its tiny blurred placeholder. The
 * server checks the type and size and re-encodes the image; its message
 * says what to do about a refused one.
 */
export function PhotoUpload({ name, imageUrl, onUploaded }: { name: string; imageUrl: string | null; onUploaded: (url: string) => void }) {
  const [state, setState] = useState<State>({ status: "idle" });
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  // A preview's object URL is freed once it is no longer shown.
  const preview = state.status === "uploading" ? state.preview : undefined;
  useEffect(() => () => (preview ? URL.revokeObjectURL?.(preview) : undefined), [preview]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setState({ status: "uploading", preview: URL.createObjectURL?.(file) ?? "" });
    try {
      const answer = await uploadPhoto(file);
      if (answer.ok && answer.body !== null && typeof answer.body.url === "string") {
        setState({ status: "done", photo: answer.body });
        onUploaded(answer.body.url);
        return;
      }
      setState({ status: "failed", message: errorMessages(answer.body)[0]?.message ?? PHOTO_FAILED });
    } catch (error) {
      if (!(error instanceof SessionEndedError)) setState({ status: "failed", message: NETWORK_ERROR });
    }
  }

  const shown = state.status === "done" ? state.photo.url : state.status === "uploading" ? state.preview : imageUrl;
  const placeholder = state.status === "done" ? state.photo.placeholder : undefined;

  return (
    <div className="md-photo" data-testid="photo">
      <div
        className={`md-photo__frame${state.status === "uploading" ? " is-uploading" : ""}`}
        style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}
        data-testid="photo-frame"
      >
        {shown ? <img src={shown} alt={`Profile photo of ${name}`} width={112} height={112} /> : <span aria-hidden="true">{initials(name) || "?"}</span>}
        {state.status === "uploading" ? <span className="spinner md-photo__spinner" aria-hidden="true" /> : null}
      </div>
      <div className="md-photo__text">
        <h3 className="md-card__title">Profile photo</h3>
        <p id={hintId} className="md-muted">
          A clear, friendly head-and-shoulders photo. JPEG, PNG or WebP.
        </p>
        <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" aria-label="Choose a photo" aria-describedby={hintId} onChange={(e) => void onFile(e)} id={`${hintId}-file`} tabIndex={-1} />
        <button type="button" className="btn btn--secondary" onClick={() => input.current?.click()} disabled={state.status === "uploading"} aria-busy={state.status === "uploading"}>
          {state.status === "uploading" ? "Uploading…" : shown ? "Change photo" : "Upload a photo"}
        </button>
        <div aria-live="polite">
          {state.status === "done" ? <FormAlert tone="success">{PHOTO_SAVED}</FormAlert> : null}
          {state.status === "failed" ? <FormAlert tone="error">{state.message}</FormAlert> : null}
        </div>
      </div>
    </div>
  );
}
