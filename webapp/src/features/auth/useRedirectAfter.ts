import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Goes to `path` `ms` after `when` turns true (the success messages' timer); cancelled on leaving. */
export function useRedirectAfter(when: boolean, path: string, ms: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => void navigate(path, { replace: true }), ms);
    return () => clearTimeout(timer);
  }, [when, path, ms, navigate]);
}
