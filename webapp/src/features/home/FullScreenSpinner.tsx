import "./spinner.css";

/**
 * The full-screen "Loading..." spinner (SPEC §2 "Layout"), shown while the
 * app's root is waiting for code. Separate from the intro loading screen.
 */
export function FullScreenSpinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="fullscreen-spinner" role="status" data-testid="fullscreen-spinner">
      <span className="fullscreen-spinner__ring" aria-hidden="true" />
      <span className="fullscreen-spinner__label">{label}</span>
    </div>
  );
}
