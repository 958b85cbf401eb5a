/** Small illustrations for the account screens (decorative: hidden from assistive technology). */
import type { ReactNode } from "react";
import "./badges.css";

function Badge({ children, tone }: { children: ReactNode; tone: "brand" | "success" | "warn" }) {
  return (
    <span className={`auth-icon auth-icon--${tone}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
        {children}
      </svg>
    </span>
  );
}

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 1.8, strokeLinecap: "round", strokeLinejoin: "round" } as const;

export function MailIcon() {
  return (
    <Badge tone="brand">
      <rect x="3" y="5.5" width="18" height="13" rx="2.5" {...stroke} />
      <path d="M4 7.5l8 5.5 8-5.5" {...stroke} />
    </Badge>
  );
}

export function ShieldIcon() {
  return (
    <Badge tone="brand">
      <path d="M12 3l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6L12 3z" {...stroke} />
      <path d="M8.8 12.2l2.2 2.2 4.3-4.6" {...stroke} />
    </Badge>
  );
}

export function KeyIcon() {
  return (
    <Badge tone="brand">
      <circle cx="8" cy="15" r="4" {...stroke} />
      <path d="M11 12l8-8M16 7l2.5 2.5M14 9l2 2" {...stroke} />
    </Badge>
  );
}

export function SuccessIcon() {
  return (
    <Badge tone="success">
      <circle cx="12" cy="12" r="9" {...stroke} />
      <path d="M7.8 12.3l2.8 2.8 5.6-6" {...stroke} />
    </Badge>
  );
}

export function GoogleIcon() {
  return (
    <Badge tone="warn">
      <path d="M20.5 12.2c0-.6-.1-1.2-.2-1.8H12v3.4h4.8a4.2 4.2 0 01-1.8 2.7v2.2h2.9c1.7-1.6 2.6-3.9 2.6-6.5z" fill="#4285F4" />
      <path d="M12 21c2.4 0 4.5-.8 5.9-2.2L15 16.6c-.8.6-1.8.9-3 .9-2.3 0-4.3-1.6-5-3.7H4v2.3A9 9 0 0012 21z" fill="#34A853" />
      <path d="M7 13.8a5.4 5.4 0 010-3.5V8H4a9 9 0 000 8.1l3-2.3z" fill="#FBBC05" />
      <path d="M12 6.6c1.3 0 2.5.5 3.4 1.3l2.6-2.6A9 9 0 004 8l3 2.3c.7-2.1 2.7-3.7 5-3.7z" fill="#EA4335" />
    </Badge>
  );
}

export function UserIcon() {
  return (
    <Badge tone="brand">
      <circle cx="12" cy="8.5" r="3.8" {...stroke} />
      <path d="M4.5 20c1.2-3.6 4.1-5.5 7.5-5.5s6.3 1.9 7.5 5.5" {...stroke} />
    </Badge>
  );
}
