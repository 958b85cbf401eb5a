/**
 * The home page's public entry: the app imports it from here only (`npm run
 * lint` enforces it). The page is on the first load; everything below the
 * explorer is its own chunk (`HomeBelowFold`).
 */
export { HomePage, type HomePageProps } from "./HomePage";
