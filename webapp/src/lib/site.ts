/** The product's name as shown in titles, header and footer. */
export const SITE_NAME = "MentorBridge";

/** `Page · SiteName`, for the document title. */
export function pageTitle(page: string): string {
  return `${page} · ${SITE_NAME}`;
}
