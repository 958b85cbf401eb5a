/** The panel shown when mentors could not be loaded, with Retry. */
export function LoadError({
  message,
  onRetry,
  testId,
  title = "We couldn’t load mentors",
}: {
  message: string;
  onRetry: () => void;
  testId: string;
  title?: string;
}) {
  return (
    <div className="state-panel state-panel--error" role="alert" data-testid={testId}>
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h3>{title}</h3>
      <p>Check your connection and try again. ({message})</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
