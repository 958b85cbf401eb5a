import { useLocation } from "react-router";
import { documentTitle, matchRoute } from "../lib/domain";

/**
 * The document title of the screen at the current path: its title in
 * `domain-wasm/data/pages.json` composed by the crate (`documentTitle`), the
 * same the server writes into the first HTML. No screen writes its own.
 */
export function RouteTitle() {
  const { pathname } = useLocation();
  return <title>{documentTitle(matchRoute(pathname)?.pattern ?? pathname)}</title>;
}
