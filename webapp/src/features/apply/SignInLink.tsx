import { Link } from "react-router";
import { session } from "../../lib/session";

/** To the login screen, coming back here after it. */
export function SignInLink() {
  return (
    <Link to="/auth/login" onClick={() => session.rememberRedirect("/become-mentor")}>
      Sign in
    </Link>
  );
}
