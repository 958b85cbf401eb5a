/**
 * The home page's document title, from the same file the server uses for
 * the first HTML (`domain-wasm/data/pages.json`), so both say the same.
 */
import pagesData from "../../../../domain-wasm/data/pages.json";

interface PageMeta {
  title: string;
  description: string;
}

const data = pagesData as { site_name: string; title_separator: string; pages: Record<string, PageMeta | undefined> };

/** The document title of `/` or `/how-it-work`, composed as the server composes it. */
export function homeTitle(pattern: "/" | "/how-it-work"): string {
  const page = data.pages[pattern];
  const title = page?.title ?? "";
  if (!title) return data.site_name;
  // The server puts the brand first on the home page only.
  return pattern === "/" ? `${data.site_name}${data.title_separator}${title}` : `${title}${data.title_separator}${data.site_name}`;
}
